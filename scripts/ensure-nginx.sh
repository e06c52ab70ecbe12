#!/usr/bin/env bash
# Makes sure Debian's nginx is at /usr/sbin/nginx for the journey through the reverse proxy
# (e2e/nginx.spec.ts). Only the binary is used: the journey runs its own nginx, on its own ports.
set -euo pipefail
nginx_path="${NGINX_PATH:-/usr/sbin/nginx}"
if [ -x "$nginx_path" ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "nginx is missing at $nginx_path: install Debian's 'nginx-light' package (needs root)." >&2
  exit 1
fi
echo "Installing Debian's nginx…"
source "$(dirname "$0")/debian-packages.sh"
install_debian_packages nginx-light
