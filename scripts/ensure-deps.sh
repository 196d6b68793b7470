#!/usr/bin/env bash
# Install what the build and the tests need and is missing. Debian packages
# are installed when running as root; otherwise the missing package is named.
#   scripts/ensure-deps.sh build   # Rust toolchain, Node.js, npm packages
#   scripts/ensure-deps.sh test    # ... plus chromium and postgresql
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
missing() { echo "missing: $1 — install Debian's '$2' package" >&2; need_apt+=("$2"); }

command -v cargo >/dev/null || { echo "cargo not found: install the Rust toolchain (https://rustup.rs)" >&2; exit 1; }
command -v node >/dev/null || missing node nodejs
command -v npm >/dev/null || missing npm npm
if [ "${1:-build}" = test ]; then
  [ -x /usr/bin/chromium ] || missing chromium chromium
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing postgresql postgresql
  command -v curl >/dev/null || missing curl curl
  command -v pdftotext >/dev/null || missing pdftotext poppler-utils
  [ -x /usr/sbin/nginx ] || command -v nginx >/dev/null || missing nginx nginx
  command -v systemd-analyze >/dev/null || missing systemd-analyze systemd
fi

if [ ${#need_apt[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "installing ${need_apt[*]} with apt-get"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null
  else
    echo "run as root (or install the packages above by hand) and try again" >&2
    exit 1
  fi
fi

# Schemathesis (PyPI) for `make test-api-fuzz`.
if [ "${1:-build}" = test ] && ! python3 -c "import schemathesis" 2>/dev/null; then
  echo "installing schemathesis with pip"
  python3 -m pip install --quiet --disable-pip-version-check 'schemathesis>=4.3,<5'
fi

# moto (PyPI): a local S3-compatible server for the storage tests (scripts/with-moto.sh).
if [ "${1:-build}" = test ] && ! command -v moto_server >/dev/null; then
  echo "installing moto[server] with pip"
  python3 -m pip install --quiet --disable-pip-version-check 'moto[server]>=5,<6'
fi

# npm packages, only when the lock file changed since the last install.
if [ ! -f web/node_modules/.package-lock.json ] || [ web/package-lock.json -nt web/node_modules/.package-lock.json ]; then
  echo "installing web packages (npm ci)"
  (cd web && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
fi
