if [ "$HG_KEEP_CONFIG" = yes ]; then
    as_root env DEBIAN_FRONTEND=noninteractive apt-get remove -y hamgam-agent || exit 1
else
    as_root env DEBIAN_FRONTEND=noninteractive apt-get purge -y hamgam-agent || exit 1
fi
as_root rm -f /etc/default/hamgam-agent
