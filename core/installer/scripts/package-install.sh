# Installs the uploaded .deb with apt-get (which pulls in its dependencies), then removes the file.
as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$HG_DEB"
rc=$?
rm -f "$HG_DEB"
exit $rc
