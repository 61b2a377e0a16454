# After a cancel or failure before anything was activated: uploaded files, then
# the directories this run created (deepest first, only when empty).
for f in "$@"; do
    case "$f" in "$HOME"/*) rm -f "$f" ;; esac
done
printf '%s\n' "${HG_DIRS:-}" | sort -r | while IFS= read -r d; do
    [ -n "$d" ] && case "$d" in "$HOME"/*) rmdir "$d" 2>/dev/null ;; esac
done
exit 0
