#!/usr/bin/env bash
# Run a command with a local S3-compatible server (moto, from PyPI) on
# loopback, for the storage tests' S3 variant:
#   scripts/with-moto.sh cargo test
# The command sees REGISTRY_TEST_S3_URL (s3://bucket) and the AWS_* variables
# object_store reads. The server is stopped when the command ends.
set -euo pipefail

command -v moto_server >/dev/null || {
  echo "moto_server not found: scripts/ensure-deps.sh test installs moto[server] with pip" >&2
  exit 1
}
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
log=$(mktemp /tmp/registry-moto.XXXXXX.log)
moto_server -H 127.0.0.1 -p "$port" >"$log" 2>&1 &
moto_pid=$!
cleanup() { kill "$moto_pid" 2>/dev/null || true; wait "$moto_pid" 2>/dev/null || true; rm -f "$log"; }
trap cleanup EXIT

endpoint="http://127.0.0.1:$port"
for _ in $(seq 1 100); do
  curl -fsS -o /dev/null "$endpoint/" 2>/dev/null && break
  kill -0 "$moto_pid" 2>/dev/null || { cat "$log" >&2; exit 1; }
  sleep 0.1
done
bucket=registry-test
curl -fsS -o /dev/null -X PUT "$endpoint/$bucket" || { echo "could not create the test bucket" >&2; cat "$log" >&2; exit 1; }

export AWS_ACCESS_KEY_ID=test AWS_SECRET_ACCESS_KEY=test AWS_REGION=us-east-1
export AWS_ENDPOINT_URL="$endpoint" AWS_ALLOW_HTTP=true
export REGISTRY_TEST_S3_URL="s3://$bucket"
echo "moto S3 on $endpoint (throwaway)"
"$@"
