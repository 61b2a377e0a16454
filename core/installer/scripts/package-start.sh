if [ ! -d /run/systemd/system ]; then
    echo "systemd is not running on this machine: start /usr/bin/hamgam-agent --config-dir $HG_SYSTEM_CONFIG by hand" >&2
    exit 1
fi
as_root systemctl restart hamgam-agent.service
