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

source scripts/seeded-server.sh

node scripts/lighthouse/audit.mjs "$base"
