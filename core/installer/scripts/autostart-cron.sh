# Autostart through a user crontab @reboot entry (no systemctl --user here).
if user_systemd; then
    systemctl --user disable hamgam-agent.service >/dev/null 2>&1
fi
remove_cron_entry
{ crontab -l 2>/dev/null; echo "@reboot \"$HG_LAUNCHER\" $HG_CRON_TAG"; } | crontab - || exit 1
exit 0
