#!/usr/bin/env bash
# `make bench`: seed a fresh database with a million vessels, serve it from
# the release build, and load it over loopback with wrk: text search over a
# fragment mix drawn from the seeded data (broad, mid-frequency and rare
# fragments, fragments with a country filter, platform IDs), short names (one
# and two letters), filter search,
# and vessel detail, at 1 and at 32 concurrent clients, with the search count
# cache on and off. One Markdown table per database, for docs/PERFORMANCE.md.
#   BENCH_DB=sqlite|postgres|both (default both) scripts/bench.sh [vessels] [seconds per run]
# PostgreSQL is a throwaway cluster on loopback (scripts/with-postgres.sh).
# BENCH_RNG_SEED (default 33) fixes the seeded data, so that runs compare.
set -euo pipefail
cd "$(dirname "$0")/.."
vessels=${1:-1000000}
seconds=${2:-10}
bin=${BENCH_BIN:-target/release/registry}

command -v wrk >/dev/null || {
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq wrk >/dev/null
  else echo "wrk is not installed: install Debian's 'wrk' package" >&2; exit 1; fi
}

case "${BENCH_DB:-both}" in
  both)
    BENCH_DB=sqlite "$0" "$vessels" "$seconds"
    BENCH_DB=postgres "$0" "$vessels" "$seconds"
    exit 0 ;;
  postgres)
    if [ -z "${REGISTRY_TEST_POSTGRES_URL:-}" ]; then
      # Sized as a dedicated database server on this machine would be (a
      # quarter of its memory for PostgreSQL's own cache), not the 128 MB
      # default, which holds neither the posting lists nor the vessels.
      REGISTRY_PG_OPTIONS="-c shared_buffers=${BENCH_PG_SHARED_BUFFERS:-4GB}" \
        exec scripts/with-postgres.sh env BENCH_DB=postgres "$0" "$vessels" "$seconds"
    fi ;;
  sqlite) ;;
  *) echo "BENCH_DB must be sqlite, postgres or both" >&2; exit 2 ;;
esac

dir=$(mktemp -d /tmp/registry-bench.XXXXXX)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
if [ "$BENCH_DB" = postgres ]; then
  for pg in /usr/lib/postgresql/*/bin/psql; do psql_bin=$pg; done
  label="PostgreSQL"
  if [ -n "${BENCH_REUSE_DB:-}" ]; then
    database_url=$BENCH_REUSE_DB
  else
    admin_url=$REGISTRY_TEST_POSTGRES_URL
    database_url="${admin_url%/*}/bench"
    # The cluster's superuser creates the database the server migrates.
    "$psql_bin" "$admin_url" -qc "CREATE DATABASE bench" >/dev/null
  fi
else
  database_url="sqlite://$dir/bench.db"
  label="SQLite"
fi
export REGISTRY_DATABASE_URL="$database_url" REGISTRY_ADDR="127.0.0.1:$port" REGISTRY_PUBLIC_URL="$base" \
  REGISTRY_DATA_DIR="$dir" REGISTRY_MODE=prod REGISTRY_SUPPORT_EMAIL=support@registry.example REGISTRY_EMAIL=outbox REGISTRY_PAYMENTS=local REGISTRY_SMS=outbox \
  REGISTRY_IDENTITY=local REGISTRY_ALLOW_OFFLINE_PROVIDERS=true REGISTRY_LOG=warn
server=""
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null; wait 2>/dev/null || true; rm -rf "$dir"; }
trap cleanup EXIT

if [ -n "${BENCH_REUSE_DB:-}" ]; then
  # Iterating on the server: reuse a database seeded by an earlier run (a
  # copy of a SQLite file; a PostgreSQL database by its URL, in place).
  [ "$BENCH_DB" = sqlite ] && cp "$BENCH_REUSE_DB" "$dir/bench.db"
  seed_seconds="(reused)"
else
  echo "$label: seeding $vessels vessels..."
  start=$(date +%s.%N)
  "$bin" seed --force --vessels "$vessels" --rng-seed "${BENCH_RNG_SEED:-33}" | grep -v '^  ' || true
  seed_seconds=$(python3 -c "print(f'{$(date +%s.%N) - $start:.0f}')")
  [ -n "${BENCH_KEEP_DB:-}" ] && [ "$BENCH_DB" = sqlite ] && cp "$dir/bench.db" "$BENCH_KEEP_DB"
fi
# The seeder ends with VACUUM (ANALYZE), yet a few percent of the pages may be
# left without their all-visible bit; index-only walks then read the table
# until autovacuum comes. A live registry has autovacuum's time; give it here.
[ "$BENCH_DB" = postgres ] && "$psql_bin" "$database_url" -qc "VACUUM" >/dev/null
# A seeding (or a reused file's copy) leaves gigabytes of dirty pages that the
# kernel (and PostgreSQL's checkpointer) write back over the next minutes,
# under the first scenarios: write them now, so that each scenario measures
# the server, not the writeback. (CHECKPOINT needs a superuser, which the
# throwaway cluster's is.)
if [ "$BENCH_DB" = postgres ] && ! "$psql_bin" "$database_url" -qc "CHECKPOINT" >/dev/null 2>&1; then
  echo "CHECKPOINT refused (not a superuser): PostgreSQL's own writeback may run under the first scenarios" >&2
fi
sync
if [ "$BENCH_DB" = sqlite ]; then size=$(du -h "$dir/bench.db" | cut -f1)
else size=$("$psql_bin" "$database_url" -Atc "SELECT pg_size_pretty(pg_database_size(current_database()))"); fi
echo "$label: seeded in ${seed_seconds} s; database $size"

start_server() { # [VAR=value ...]
  env "$@" "$bin" serve >"$dir/server.log" 2>&1 &
  server=$!
  for _ in $(seq 1 100); do curl -fsS "$base/readyz" >/dev/null 2>&1 && break; sleep 0.1; done
}
stop_server() { kill "$server"; wait "$server" 2>/dev/null || true; server=""; }
start_server

# Request paths drawn from the seeded data: platform IDs, and fragments of
# the names, makes and models of a sample of vessels, sorted by how many
# vessels each matches into broad (>= 1 %), mid (0.1 to 1 %) and rare
# (< 0.05 %) ones; fragments with a country filter; filter combinations.
# Matches are counted in the database itself: the API counts text matches
# only up to a bound.
python3 - "$base" "$dir" "$vessels" "$BENCH_DB" "$database_url" "${psql_bin:-}" <<'PY'
import json, random, sqlite3, subprocess, sys, urllib.parse, urllib.request
base, out, n, db, url, psql = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5], sys.argv[6]
random.seed(7)
def get(path):
    with urllib.request.urlopen(base + path) as r:
        return json.load(r)
total_listed = get("/api/vessels/search?pageSize=1")["total"]
last_page = max(1, min(100_000, total_listed // 100))
sample, ids = [], []
for _ in range(20):
    data = get(f"/api/vessels/search?pageSize=100&page={random.randint(1, last_page)}")["data"]
    sample += data
    ids += [v["platformId"] for v in data[:5]]
open(f"{out}/detail.txt", "w").write("\n".join(f"/api/vessels/{v['platformId']}" for v in sample) + "\n")
if db == "sqlite":
    conn = sqlite3.connect(f"file:{out}/bench.db?mode=ro", uri=True)
    def matches(frag):
        return conn.execute("SELECT COUNT(*) FROM vessels_fts WHERE vessels_fts MATCH ?", (f'"{frag}"',)).fetchone()[0]
else:
    def matches(frag):  # fragments are letters and digits only
        sql = ("SELECT COUNT(*) FROM vessels WHERE status = 'active' AND public_visibility = 1 "
               f"AND search_text LIKE '%{frag}%'")
        return int(subprocess.run([psql, url, "-Atc", sql], check=True, capture_output=True, text=True).stdout)
candidates = set()
for v in sample:
    for word in " ".join(filter(None, [v.get("name"), v["make"], v["model"]])).lower().split():
        word = "".join(c for c in word if c.isascii() and c.isalnum())
        if len(word) >= 3:
            candidates.add(word[:3]); candidates.add(word[:5]); candidates.add(word)
buckets = {"broad": [], "mid": [], "rare": []}
# At most 400 candidates are counted (each a fresh count), in random order.
for frag in random.sample(sorted(candidates), min(400, len(candidates))):
    t = matches(frag)
    share = t / max(1, total_listed)
    kind = "broad" if share >= 0.01 else "mid" if share >= 0.001 else "rare" if 0 < share < 0.0005 else None
    if kind: buckets[kind].append((frag, t))
chosen = {k: random.sample(v, min(5, len(v))) for k, v in buckets.items()}
with open(f"{out}/fragments.txt", "w") as f:
    for k, v in chosen.items():
        f.write(f"{k}: " + ", ".join(f"{frag} ({t:,})" for frag, t in v) + "\n")
text = [f"/api/vessels/search?query={urllib.parse.quote(frag)}&page={p}"
        for v in chosen.values() for frag, _ in v for p in (1, 2, 3)]
countries = ["NL", "DE", "FR", "ES", "IT", "BE", "PL", "PT", "GR", "HR", "CH"]
text += [f"/api/vessels/search?query={urllib.parse.quote(frag)}&countryCode={random.choice(countries)}"
         for v in chosen.values() for frag, _ in v]
text += [f"/api/vessels/search?query={i}" for i in ids[:20]]
random.shuffle(text)
open(f"{out}/text.txt", "w").write("\n".join(text) + "\n")
# Short names (one or two characters: exact names, then names starting with
# it): the first one and first two letters of sampled names, pages 1 to 3.
heads = sorted({h for v in sample if v.get("name")
                for h in (v["name"][:1].lower(), v["name"][:2].lower()) if h.strip() and h.isalnum()})
short = [f"/api/vessels/search?query={urllib.parse.quote(h)}&page={p}" for h in random.sample(heads, min(30, len(heads)))
         for p in (1, 2, 3)]
short += [f"/api/vessels/search?query={urllib.parse.quote(h)}&countryCode={random.choice(countries)}"
          for h in random.sample(heads, min(20, len(heads)))]
random.shuffle(short)
open(f"{out}/short.txt", "w").write("\n".join(short) + "\n")
lines = []
for _ in range(300):
    y = random.randint(1975, 2020)
    lines.append(f"/api/vessels/search?countryCode={random.choice(countries)}&buildYearFrom={y}&buildYearTo={y + random.randint(0, 5)}&page={random.randint(1, 3)}")
open(f"{out}/filters.txt", "w").write("\n".join(lines) + "\n")
PY
echo "$label fragments (vessels matched):"; sed 's/^/  /' "$dir/fragments.txt"

run() { # scenario clients label
  local threads=$(( $2 < 2 ? 1 : 2 )) line
  line=$(BENCH_PATHS="$dir/$1.txt" wrk -t"$threads" -c"$2" -d"${seconds}s" -s bench/wrk.lua "$base" | grep '^RESULT')
  eval "${line#RESULT }"
  echo "| $3 | $2 | $p50 | $p95 | $p99 | $rps | $errors |"
}

echo
echo "### $label, $vessels vessels"
echo
echo "| Scenario | Clients | p50 ms | p95 ms | p99 ms | requests/s | errors |"
echo "|---|---|---|---|---|---|---|"
# Uncached first: what every search costs on a registry whose listings
# change all the time (every total counted afresh).
stop_server
start_server REGISTRY_SEARCH_COUNT_CACHE=0
for scenario in text short filters; do
  for clients in 1 32; do run "$scenario" "$clients" "$scenario, uncached"; done
done
stop_server
start_server
# The cached scenarios measure a registry whose totals are in the cache: one
# request for each of their paths fills it first. Without that, the few
# hundred first requests (each an uncached count, the cost measured above)
# were the one-client runs' p99, among thousands answered from the cache.
for scenario in text filters detail; do
  while read -r path; do curl -fsS -o /dev/null "$base$path" || true; done <"$dir/$scenario.txt"
done
for scenario in text filters detail; do
  for clients in 1 32; do run "$scenario" "$clients" "$scenario, cached totals"; done
done
# A neighbour that takes one core for itself, as another process on a shared host does: the tails
# must stay within 10 × p50 there too (the read lane serves its waiters in arrival order).
if command -v taskset >/dev/null; then
  taskset -c 0 sh -c 'while :; do :; done' &
  neighbour=$!
  for scenario in detail text; do run "$scenario" 32 "$scenario, cached, CPU-stealing neighbour on core 0"; done
  kill "$neighbour"; wait "$neighbour" 2>/dev/null || true
fi
peak=$(grep VmHWM /proc/$server/status | awk '{printf "%.0f MiB", $2/1024}')
heap=$(grep RssAnon /proc/$server/status | awk '{printf "%.0f MiB", $2/1024}')
echo
# VmHWM counts the memory-mapped database file too (file-backed, shared with
# the OS page cache); RssAnon is the server's own heap.
echo "$label: server peak resident memory (VmHWM): $peak; anonymous memory (RssAnon): $heap"
echo "$label: seeding $vessels vessels took ${seed_seconds} s; database $size"
# Space: the text index (FTS5's tables on SQLite, the posting lists and their
# counts on PostgreSQL), the short-name B-trees, and the vessels table.
if [ "$BENCH_DB" = sqlite ]; then
  python3 - "$dir/bench.db" <<'PY'
import sqlite3, sys
c = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro", uri=True)
def size(where):
    return c.execute(f"SELECT COALESCE(SUM(pgsize), 0) FROM dbstat WHERE {where}").fetchone()[0] / 2**20
text, short, table = size("name LIKE 'vessels_fts%'"), size("name LIKE 'vessels_listed_name%'"), size("name = 'vessels'")
print(f"SQLite space: text index {text:.0f} MiB; short-name indexes {short:.0f} MiB; vessels table {table:.0f} MiB")
PY
else
  "$psql_bin" "$database_url" -Atc "SELECT 'PostgreSQL space: text index ' ||
      pg_size_pretty(pg_total_relation_size('trigram_blocks') + pg_total_relation_size('trigram_counts')) ||
      '; short-name indexes ' || pg_size_pretty(pg_relation_size('vessels_listed_name') +
      pg_relation_size('vessels_listed_name_head1') + pg_relation_size('vessels_listed_name_head2')) ||
      '; vessels table ' || pg_size_pretty(pg_relation_size('vessels')) ||
      ', its indexes ' || pg_size_pretty(pg_indexes_size('vessels'))"
fi
