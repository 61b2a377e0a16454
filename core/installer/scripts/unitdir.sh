make_dir "$HG_UNIT_DIR" || exit 1
