# The agent's configuration directory (private to the user).
make_dir "$HG_AGENT_CONFIG" || exit 1
chmod 700 "$HG_AGENT_CONFIG"
