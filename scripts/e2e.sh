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

# The journeys sign in as the demo owner and search seeded vessels; dev mode has the mailbox.
export REGISTRY_MODE=dev
# The journeys sell the one demo owner's boats to a new number each time, all from this
# machine's address: far past what one person needs a day (README, the code budgets).
export REGISTRY_CODES_PER_ACCOUNT_PER_DAY=1000 REGISTRY_CODE_NUMBERS_PER_ACCOUNT_PER_DAY=1000 \
  REGISTRY_CODES_PER_CLIENT_PER_HOUR=1000
source scripts/seeded-server.sh
# The journeys that need a sign-in older than five minutes age it in the database itself
# (web/e2e/accounts.test.mjs): no server route does that.
export REGISTRY_DB_PATH="$dir/registry.db"

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
