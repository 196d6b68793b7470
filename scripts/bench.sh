#!/usr/bin/env bash
# `make bench`: seed a fresh SQLite database with a million vessels, serve it
# from the release build, and load it over loopback with wrk: search by name
# fragment, search with country and year filters, and vessel detail, each at
# 1 and at 32 concurrent clients. Prints a Markdown table for
# docs/PERFORMANCE.md, and the server's peak memory.
#   scripts/bench.sh [vessels] [seconds per run]
set -euo pipefail
cd "$(dirname "$0")/.."
vessels=${1:-1000000}
seconds=${2:-10}
bin=target/release/registry

command -v wrk >/dev/null || {
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq wrk >/dev/null
  else echo "wrk is not installed: install Debian's 'wrk' package" >&2; exit 1; fi
}

dir=$(mktemp -d /tmp/registry-bench.XXXXXX)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
export REGISTRY_DATABASE_URL="sqlite://$dir/bench.db" REGISTRY_ADDR="127.0.0.1:$port" REGISTRY_PUBLIC_URL="$base" \
  REGISTRY_DATA_DIR="$dir" REGISTRY_MODE=prod REGISTRY_EMAIL=outbox REGISTRY_PAYMENTS=local REGISTRY_SMS=outbox REGISTRY_IDENTITY=local REGISTRY_LOG=warn
server=""
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null; wait 2>/dev/null || true; rm -rf "$dir"; }
trap cleanup EXIT

if [ -n "${BENCH_REUSE_DB:-}" ]; then
  # Iterating on the server: reuse a database seeded by an earlier run.
  cp "$BENCH_REUSE_DB" "$dir/bench.db"
  seed_seconds="(reused)"
else
  echo "seeding $vessels vessels..."
  start=$(date +%s.%N)
  "$bin" seed --force --vessels "$vessels" | grep -v '^  ' || true
  seed_seconds=$(python3 -c "print(f'{$(date +%s.%N) - $start:.0f}')")
  [ -n "${BENCH_KEEP_DB:-}" ] && cp "$dir/bench.db" "$BENCH_KEEP_DB"
fi
echo "seeded in ${seed_seconds} s; database $(du -h "$dir/bench.db" | cut -f1)"

start_server() { # [VAR=value ...]
  env "$@" "$bin" serve >"$dir/server.log" 2>&1 &
  server=$!
  for _ in $(seq 1 100); do curl -fsS "$base/readyz" >/dev/null 2>&1 && break; sleep 0.1; done
}
stop_server() { kill "$server"; wait "$server" 2>/dev/null || true; server=""; }
start_server

# Request paths: real platform IDs, name fragments, filter combinations.
python3 - "$base" "$dir" <<'PY'
import json, random, sys, urllib.request
base, out = sys.argv[1], sys.argv[2]
random.seed(7)
ids = []
for page in range(1, 11):
    with urllib.request.urlopen(f"{base}/api/vessels/search?pageSize=100&page={page * 37}") as r:
        ids += [v["platformId"] for v in json.load(r)["data"]]
open(f"{out}/detail.txt", "w").write("\n".join(f"/api/vessels/{i}" for i in ids) + "\n")
fragments = ["bav", "oceanis", "grand%20sturdy", "zeemeeuw", "hanse%203", "sun%20odyssey", "kodiak",
             "%C3%A9toile", "cruiser", "merry", "swan", "stella", "nordwind", "x4.0", "activ%20675"]
open(f"{out}/name.txt", "w").write("\n".join(f"/api/vessels/search?query={f}&page={p}"
    for f in fragments for p in (1, 2, 3)) + "\n")
countries = ["NL", "DE", "FR", "ES", "IT", "BE", "PL", "PT", "GR", "HR", "CH"]
lines = []
for _ in range(300):
    y = random.randint(1975, 2020)
    lines.append(f"/api/vessels/search?countryCode={random.choice(countries)}&buildYearFrom={y}&buildYearTo={y + random.randint(0, 5)}&page={random.randint(1, 3)}")
open(f"{out}/filters.txt", "w").write("\n".join(lines) + "\n")
PY

run() { # scenario clients label
  local threads=$(( $2 < 2 ? 1 : 2 )) line
  line=$(BENCH_PATHS="$dir/$1.txt" wrk -t"$threads" -c"$2" -d"${seconds}s" -s bench/wrk.lua "$base" | grep '^RESULT')
  eval "${line#RESULT }"
  echo "| $3 | $2 | $p50 | $p95 | $p99 | $rps | $errors |"
}

echo
echo "| Scenario | Clients | p50 ms | p95 ms | p99 ms | requests/s | errors |"
echo "|---|---|---|---|---|---|---|"
for scenario in name filters detail; do
  for clients in 1 32; do run "$scenario" "$clients" "$scenario"; done
done
peak=$(grep VmHWM /proc/$server/status | awk '{printf "%.0f MiB", $2/1024}')
heap=$(grep RssAnon /proc/$server/status | awk '{printf "%.0f MiB", $2/1024}')

# The same searches with every total counted afresh (no count cache): what a
# search costs the first time it is asked after a listing change.
stop_server
start_server REGISTRY_SEARCH_COUNT_CACHE=0
for scenario in name filters; do
  for clients in 1 32; do run "$scenario" "$clients" "$scenario, uncached"; done
done
echo
# VmHWM counts the memory-mapped database file too (file-backed, shared with
# the OS page cache); RssAnon is the server's own heap.
echo "server peak resident memory (VmHWM, includes the mmap'ed database): $peak"
echo "server anonymous memory at the end of the cached runs (RssAnon, its own heap): $heap"
echo "seeding: $vessels vessels in ${seed_seconds} s"
