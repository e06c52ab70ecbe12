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
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# The package's own service is not started: a policy-rc.d that denies every start, for this install.
policy=/usr/sbin/policy-rc.d
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' > "$policy"
  chmod +x "$policy"
  trap 'rm -f "$policy"' EXIT
fi
apt-get install -y -qq nginx-light >/dev/null
