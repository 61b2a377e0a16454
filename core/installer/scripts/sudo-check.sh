as_root true
