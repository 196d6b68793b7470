#!/usr/bin/env bash
# Browser end-to-end tests: start the real server (given binary) on a free
# loopback port with a fresh SQLite database and the built web app, then run
# the Playwright journeys in Debian's Chromium against it.
#   scripts/e2e.sh target/debug/registry [web/e2e/some.test.mjs ...]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/debug/registry}
shift || true
# Given test files run alone (paths from the repository's root); otherwise every journey.
files=()
for file in "$@"; do files+=("${file#web/}"); done

dir=$(mktemp -d /tmp/registry-e2e.XXXXXX)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
export REGISTRY_DATABASE_URL="sqlite://$dir/e2e.db" REGISTRY_ADDR="127.0.0.1:$port" REGISTRY_PUBLIC_URL="$base" \
  REGISTRY_DATA_DIR="$dir" REGISTRY_WEB_DIR="$PWD/web/dist" REGISTRY_MODE=dev REGISTRY_LOG=warn

# The journeys sign in as the demo owner and search seeded vessels.
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

status=0
if [ ${#files[@]} -gt 0 ]; then
  (cd web && BASE_URL="$base" node --test --test-concurrency=1 "${files[@]}") || status=$?
else
  (cd web && BASE_URL="$base" npm run --silent e2e) || status=$?
fi
if [ $status -ne 0 ]; then
  echo "--- server log ---" >&2
  tail -50 "$dir/server.log" >&2
fi
exit $status
