# Prints missing=SONAME for every shared library the uploaded programs cannot find.
for f in "$@"; do
    ldd "$f" 2>&1 | sed -n 's/^[[:space:]]*\([^[:space:]]*\) => not found.*/missing=\1/p'
done
exit 0
