#!/usr/bin/env bash
# Lighthouse on a release server with seeded data: the landing page, the registry, a vessel
# page and /login, mobile profile; prints the four scores of each and fails below 95.
#   scripts/audit.sh target/release/registry
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/release/registry}

# Lighthouse has its own small package (scripts/lighthouse), so `make test` does not install it.
if [ ! -d scripts/lighthouse/node_modules/lighthouse ]; then
  (cd scripts/lighthouse && npm ci --no-audit --no-fund --silent)
fi

dir=$(mktemp -d /tmp/registry-audit.XXXXXX)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
export REGISTRY_DATABASE_URL="sqlite://$dir/audit.db" REGISTRY_ADDR="127.0.0.1:$port" REGISTRY_PUBLIC_URL="$base" \
  REGISTRY_DATA_DIR="$dir" REGISTRY_WEB_DIR="$PWD/web/dist" REGISTRY_LOG=warn

"$bin" seed --demo --vessels 200 >"$dir/seed.log" 2>&1 || { cat "$dir/seed.log" >&2; exit 1; }
"$bin" serve >"$dir/server.log" 2>&1 &
server=$!
cleanup() { kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$dir"; }
trap cleanup EXIT

for _ in $(seq 1 100); do
  curl -fsS "$base/readyz" >/dev/null 2>&1 && break
  kill -0 "$server" 2>/dev/null || { cat "$dir/server.log" >&2; exit 1; }
  sleep 0.1
done

node scripts/lighthouse/audit.mjs "$base"
