as_root install -o hamgam-agent -g hamgam-agent -m 0600 "$HG_TRUST_FILE" "$HG_SYSTEM_CONFIG/trusted-controllers.json"
rc=$?
rm -f "$HG_TRUST_FILE"
exit $rc
