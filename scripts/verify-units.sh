#!/usr/bin/env bash
# Check the systemd units in deploy/ with systemd-analyze verify, against the server
# binary given (the units name /usr/local/bin/registry; a copy names this one instead).
#   scripts/verify-units.sh target/debug/registry
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "${1:-target/debug/registry}")
command -v systemd-analyze >/dev/null || { echo "systemd-analyze is missing (Debian's systemd package)" >&2; exit 1; }
dir=$(mktemp -d /tmp/registry-units.XXXXXX)
trap 'rm -rf "$dir"' EXIT
for unit in deploy/*.service deploy/*.timer; do
  sed "s|/usr/local/bin/registry|$bin|g" "$unit" >"$dir/$(basename "$unit")"
done
out=$(systemd-analyze verify --man=no "$dir"/*.service "$dir"/*.timer 2>&1 || true)
# Only the units' own findings count (not other units of this machine's system).
mine=$(grep -E "^($dir/)?($(cd "$dir" && ls | paste -sd'|'))" <<<"$out" || true)
if [ -n "$mine" ]; then
  echo "$mine" >&2
  exit 1
fi
echo "systemd units verified: $(cd "$dir" && ls | paste -sd' ')"
