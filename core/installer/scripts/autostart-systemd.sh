# Autostart through a systemd user unit (already uploaded), with lingering so it
# starts at boot and keeps running after the last session ends.
remove_cron_entry
systemctl --user daemon-reload || exit 1
systemctl --user enable hamgam-agent.service || exit 1
if have loginctl; then
    if [ "$(loginctl show-user "$(id -un)" -p Linger --value 2>/dev/null)" = yes ]; then
        echo "linger=already"
    elif err=$(loginctl enable-linger "$(id -un)" 2>&1); then
        echo "linger=enabled"
    else
        echo "linger_error=$err"
    fi
else
    echo "linger_error=loginctl is not available"
fi
exit 0
