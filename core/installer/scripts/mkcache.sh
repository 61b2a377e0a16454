# A private directory for uploads in package mode: prints the directories it had
# to create (created=...), then the new directory itself.
d=${XDG_CACHE_HOME:-$HOME/.cache}
make_dir "$d" || exit 1
mktemp -d "$d/hamgam-install.XXXXXX"
