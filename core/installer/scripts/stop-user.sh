# Stops a per-user agent (systemd user unit, or the process the launcher started).
if user_systemd; then
    systemctl --user stop hamgam-agent.service >/dev/null 2>&1
fi
stop_pid
exit 0
