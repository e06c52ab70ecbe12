#!/usr/bin/env bash
# Makes sure Debian's Varnish and its xkey module are installed for the tests of the shared cache
# in front of the shop (server/shared-cache.int.test.ts, e2e/shared-cache.spec.ts). Only the
# binary is used: each test runs its own varnishd, on its own port, with deploy/varnish/comptoir.vcl.
set -euo pipefail
varnishd_path="${VARNISHD_PATH:-/usr/sbin/varnishd}"
if [ -x "$varnishd_path" ] && compgen -G "/usr/lib/*/varnish/vmods/libvmod_xkey.so" >/dev/null; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Varnish is missing: install Debian's 'varnish' and 'varnish-modules' packages (needs root)." >&2
  exit 1
fi
echo "Installing Debian's Varnish and varnish-modules (xkey)…"
source "$(dirname "$0")/debian-packages.sh"
install_debian_packages varnish varnish-modules
