as_root runuser -u hamgam-agent -- /usr/bin/hamgam-agent --config-dir "$HG_SYSTEM_CONFIG" --fingerprint || exit 1
as_root cat "$HG_SYSTEM_CONFIG/node-id" 2>/dev/null | sed 's/^/node_id=/'
exit 0
