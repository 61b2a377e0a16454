# (Re)starts the agent: through systemd, or detached with setsid.
stop_pid
if [ "$HG_AUTOSTART" = systemd-user ]; then
    systemctl --user restart hamgam-agent.service || exit 1
    exit 0
fi
if have setsid; then
    setsid "$HG_LAUNCHER" </dev/null >/dev/null 2>&1 &
else
    nohup "$HG_LAUNCHER" </dev/null >/dev/null 2>&1 &
fi
exit 0
