#!/usr/bin/env bash
# Starts the machine's local PostgreSQL (Debian cluster) if it is installed and not answering.
set -euo pipefail
host=127.0.0.1
port=5432
if pg_isready -q -h "$host" -p "$port" 2>/dev/null; then
  exit 0
fi
if ! command -v pg_ctlcluster >/dev/null; then
  echo "PostgreSQL is not running on $host:$port and no Debian cluster is installed." >&2
  exit 1
fi
version=$(ls /etc/postgresql | sort -V | tail -n 1)
echo "Starting PostgreSQL $version…"
pg_ctlcluster --skip-systemctl-redirect "$version" main start
for _ in $(seq 1 30); do
  pg_isready -q -h "$host" -p "$port" && exit 0
  sleep 1
done
echo "PostgreSQL did not become ready on $host:$port." >&2
exit 1
