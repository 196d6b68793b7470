# Sourced by scripts/e2e.sh and scripts/audit.sh: starts the registry server `$bin` on a free
# loopback port with a fresh SQLite database in a temporary folder, seeded with the demo accounts
# and 200 vessels, serving the built web app; waits until it is ready. Sets `base` (its URL) and
# `dir` (the folder, with server.log and registry.db), and stops the server and removes the folder
# on exit. The URL names the host `localhost`, not 127.0.0.1: passkeys (WebAuthn) need a relying
# party ID that is a host name, which the server takes from its public URL.
# Extra environment for the server (REGISTRY_MODE=dev, ...) is exported before sourcing.

dir=$(mktemp -d /tmp/registry-server.XXXXXX)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
base="http://localhost:$port"
export REGISTRY_DATABASE_URL="sqlite://$dir/registry.db" REGISTRY_ADDR="127.0.0.1:$port" REGISTRY_PUBLIC_URL="$base" \
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
