#!/usr/bin/env bash
# Run a command against a throwaway PostgreSQL cluster on loopback:
#   scripts/with-postgres.sh cargo test
# The cluster lives in a temporary directory, listens on a free port on
# 127.0.0.1 only, and is stopped and removed when the command ends.
# The command sees REGISTRY_TEST_POSTGRES_URL (a superuser URL).
# REGISTRY_PG_OPTIONS adds server settings (e.g. "-c shared_buffers=4GB").
set -euo pipefail

pg_bin=""
for d in /usr/lib/postgresql/*/bin; do [ -x "$d/initdb" ] && pg_bin="$d"; done
if [ -z "$pg_bin" ]; then
  echo "PostgreSQL is not installed: install Debian's 'postgresql' package (scripts/ensure-deps.sh does it as root)." >&2
  exit 1
fi

dir=$(mktemp -d /tmp/registry-pg.XXXXXX)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
as_pg=()
if [ "$(id -u)" = 0 ]; then
  # initdb refuses to run as root; use the package's postgres account.
  id postgres >/dev/null 2>&1 || useradd --system --home-dir "$dir" postgres
  chown postgres "$dir"
  as_pg=(runuser -u postgres --)
fi

cleanup() {
  "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

"${as_pg[@]}" "$pg_bin/initdb" -D "$dir/data" -U registry --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
  || { cat "$dir/initdb.log" >&2; exit 1; }
"${as_pg[@]}" "$pg_bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
  -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300 ${REGISTRY_PG_OPTIONS:-}" \
  start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }

export REGISTRY_TEST_POSTGRES_URL="postgres://registry@127.0.0.1:$port/postgres"
echo "PostgreSQL $("$pg_bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port (throwaway)"
"$@"
