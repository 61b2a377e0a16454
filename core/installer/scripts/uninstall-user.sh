# Removes a per-user install: service, autostart, every file it wrote, and the
# directories it created (when empty).
files=""
dirs=""
linger=""
if [ -f "$HG_MANIFEST" ]; then
    files=$(sed -n 's/^file=//p' "$HG_MANIFEST")
    dirs=$(sed -n 's/^dir=//p' "$HG_MANIFEST")
    linger=$(sed -n 's/^linger=//p' "$HG_MANIFEST")
fi
if user_systemd; then
    systemctl --user disable --now hamgam-agent.service >/dev/null 2>&1
fi
stop_pid
remove_cron_entry
if [ "$linger" = enabled ] && have loginctl; then
    loginctl disable-linger "$(id -un)" >/dev/null 2>&1 || echo "linger_error=loginctl disable-linger failed"
fi
printf '%s\n' "$files" | while IFS= read -r f; do
    case "$f" in "$HOME"/*) rm -f "$f" ;; esac
done
if [ -f "$HG_UNIT" ]; then
    rm -f "$HG_UNIT"
fi
user_systemd && systemctl --user daemon-reload >/dev/null 2>&1
rm -rf "$HG_STATE"
[ "$HG_KEEP_CONFIG" = yes ] || rm -rf "$HG_AGENT_CONFIG"
# Deepest first, and only when empty. `systemctl enable` made default.target.wants
# in a unit directory this installer created.
printf '%s\n' "$dirs" | sort -r | while IFS= read -r d; do
    case "$d" in "$HOME"/*)
        [ "$d" = "$HG_UNIT_DIR" ] && rmdir "$d/default.target.wants" 2>/dev/null
        rmdir "$d" 2>/dev/null ;;
    esac
done
exit 0
