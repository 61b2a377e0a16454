# Creates the directories a per-user install needs; prints the ones it created.
make_dir "$HG_BIN" || exit 1
make_dir "$HG_STATE" || exit 1
