# The service's options (/etc/default/hamgam-agent), from an uploaded file; empty: none.
if [ -n "$HG_DEFAULTS" ]; then
    as_root install -m 0644 "$HG_DEFAULTS" /etc/default/hamgam-agent || exit 1
    rm -f "$HG_DEFAULTS"
else
    as_root rm -f /etc/default/hamgam-agent
fi
