as_root cat "$HG_SYSTEM_CONFIG/node-id" 2>/dev/null | sed 's/^/node_id=/'
if [ -d /run/systemd/system ]; then
    as_root systemctl stop hamgam-agent.service || exit 1
fi
exit 0
