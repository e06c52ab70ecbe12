#!/usr/bin/env bash
# Installs Debian packages for the test suite without starting their services: sourced by the
# ensure-*.sh scripts, which run only the binaries, on ports of their own.
# install_debian_packages PACKAGE… — needs root.
install_debian_packages() {
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # The packages' own services are not started: a policy-rc.d that denies every start, for this
  # install.
  local policy=/usr/sbin/policy-rc.d
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' > "$policy"
    chmod +x "$policy"
    trap 'rm -f /usr/sbin/policy-rc.d' EXIT
  fi
  apt-get install -y -qq "$@" >/dev/null
}
