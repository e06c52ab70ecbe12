#!/usr/bin/env bash
# Makes sure Debian's Chromium is at /usr/bin/chromium for the browser journeys.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium_path" ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Chromium is missing at $chromium_path: install Debian's 'chromium' package (needs root)." >&2
  exit 1
fi
echo "Installing Debian's chromium…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium >/dev/null
