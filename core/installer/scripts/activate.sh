# Puts uploaded files in place: pairs of (uploaded name, final name), renamed on one file system.
while [ $# -ge 2 ]; do
    chmod 755 "$1" && mv -f "$1" "$2" || exit 1
    shift 2
done
