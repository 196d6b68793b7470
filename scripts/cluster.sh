#!/usr/bin/env bash
# The registry as several processes on loopback (docs/DEPLOYMENT.md):
#   a PostgreSQL primary and a streaming replica of it (pg_basebackup -R),
#   a local S3 server (moto) for the stored documents,
#   local fakes of the SMTP server and of Twilio's API (scripts/fake_providers.py) that
#   record each email and SMS they receive,
#   three `registry serve` instances sharing the database, the storage and one signing key,
#   nginx in front of them with deploy/nginx.conf.
# Prints the URL and the demo accounts, and stops everything on Ctrl-C.
#   scripts/cluster.sh [target/release/registry]
# With a command after `--`, runs it against the cluster instead of waiting, then stops:
#   scripts/cluster.sh target/debug/registry -- python3 scripts/cluster_test.py
# The command sees CLUSTER_URL (the proxy's address), CLUSTER_PUBLIC_URL (the public address, a
# host name: what browsers send as Origin), CLUSTER_DIR, CLUSTER_PRIMARY_URL, CLUSTER_REPLICA_URL,
# CLUSTER_INSTANCE_PORTS, CLUSTER_MESSAGES (what the fake providers received, JSON lines),
# and scripts/cluster.sh's own functions through CLUSTER_CONTROL
# (`$CLUSTER_CONTROL kill N`, `start N`, `term N`: SIGKILL, start, or SIGTERM instance N;
# `replica stop|start|pause|resume`: stop or start the replica, pause or resume its replay).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/release/registry}
[ $# -gt 0 ] && shift
[ "${1:-}" = "--" ] && shift
[ -x "$bin" ] || { echo "no server binary at $bin: build it first (make server)" >&2; exit 1; }
bin=$(realpath "$bin")

pg_bin=""
for d in /usr/lib/postgresql/*/bin; do [ -x "$d/initdb" ] && pg_bin="$d"; done
[ -n "$pg_bin" ] || { echo "PostgreSQL is not installed (scripts/ensure-deps.sh test installs it)" >&2; exit 1; }
nginx=$(command -v nginx || echo /usr/sbin/nginx)
[ -x "$nginx" ] || { echo "nginx is not installed (scripts/ensure-deps.sh test installs it)" >&2; exit 1; }
command -v moto_server >/dev/null || { echo "moto is not installed (scripts/ensure-deps.sh test installs it)" >&2; exit 1; }

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
dir=$(mktemp -d /tmp/registry-cluster.XXXXXX)
chmod 755 "$dir"
as_pg=()
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --home-dir "$dir" postgres
  as_pg=(runuser -u postgres --)
  chown postgres "$dir"
fi
pids=()
cleanup() {
  trap - EXIT INT TERM
  for f in "$dir"/instance-*.pid; do [ -f "$f" ] && kill -TERM "$(cat "$f")" 2>/dev/null || true; done
  [ -f "$dir/nginx.pid" ] && kill -QUIT "$(cat "$dir/nginx.pid")" 2>/dev/null || true
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$dir/replica" -m fast stop >/dev/null 2>&1 || true
  "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$dir/primary" -m fast stop >/dev/null 2>&1 || true
  sleep 0.5
  rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# PostgreSQL: a primary, and a replica streaming from it.
pg_primary=$(free_port); pg_replica=$(free_port)
mkdir -p "$dir/pg"
if [ ${#as_pg[@]} -gt 0 ]; then chown postgres "$dir/pg"; fi
"${as_pg[@]}" "$pg_bin/initdb" -D "$dir/primary" -U registry --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
  || { cat "$dir/initdb.log" >&2; exit 1; }
printf 'host replication registry 127.0.0.1/32 trust\n' >>"$dir/primary/pg_hba.conf"
"${as_pg[@]}" "$pg_bin/pg_ctl" -D "$dir/primary" -l "$dir/primary.log" -w \
  -o "-c listen_addresses=127.0.0.1 -c port=$pg_primary -c unix_socket_directories=$dir/pg -c wal_level=replica -c max_wal_senders=4 -c max_connections=200" \
  start >/dev/null || { cat "$dir/primary.log" >&2; exit 1; }
"${as_pg[@]}" "$pg_bin/pg_basebackup" -h 127.0.0.1 -p "$pg_primary" -U registry -D "$dir/replica" -R -X stream >"$dir/basebackup.log" 2>&1 \
  || { cat "$dir/basebackup.log" >&2; exit 1; }
start_replica() {
  "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$dir/replica" -l "$dir/replica.log" -w \
    -o "-c listen_addresses=127.0.0.1 -c port=$pg_replica -c unix_socket_directories=$dir/pg -c hot_standby=on -c max_connections=200" \
    start >/dev/null || { cat "$dir/replica.log" >&2; exit 1; }
}
start_replica
primary_url="postgres://registry@127.0.0.1:$pg_primary/postgres"
replica_url="postgres://registry@127.0.0.1:$pg_replica/postgres"

# S3 for the stored documents.
s3=$(free_port)
moto_server -H 127.0.0.1 -p "$s3" >"$dir/moto.log" 2>&1 &
pids+=($!)
for _ in $(seq 1 100); do curl -fsS -o /dev/null "http://127.0.0.1:$s3/" 2>/dev/null && break; sleep 0.1; done
curl -fsS -o /dev/null -X PUT "http://127.0.0.1:$s3/registry" || { cat "$dir/moto.log" >&2; exit 1; }

# The email and SMS providers: fakes that record what they receive.
smtp_port=$(free_port); twilio_port=$(free_port)
python3 scripts/fake_providers.py "$smtp_port" "$twilio_port" "$dir/messages.jsonl" >"$dir/providers.log" 2>&1 &
pids+=($!)
for _ in $(seq 1 100); do curl -s -o /dev/null "http://127.0.0.1:$twilio_port/" && break; sleep 0.1; done
export REGISTRY_EMAIL=smtp REGISTRY_SMTP_URL="smtp://127.0.0.1:$smtp_port"
export REGISTRY_SMS=twilio REGISTRY_TWILIO_API_BASE="http://127.0.0.1:$twilio_port/" REGISTRY_TWILIO_ACCOUNT_SID=ACcluster
export REGISTRY_TWILIO_AUTH_TOKEN=cluster REGISTRY_TWILIO_FROM=+15005550006

# The instances and the proxy.
proxy=${CLUSTER_PORT:-$(free_port)}
ports=("$(free_port)" "$(free_port)" "$(free_port)")
export REGISTRY_DATABASE_URL="$primary_url" REGISTRY_STORAGE_URL="s3://registry"
# The public reads from the replica; one more than two seconds behind is left out.
export REGISTRY_DATABASE_READ_URL="$replica_url" REGISTRY_REPLICA_MAX_LAG_SECS=${REGISTRY_REPLICA_MAX_LAG_SECS:-2}
export AWS_ACCESS_KEY_ID=cluster AWS_SECRET_ACCESS_KEY=cluster AWS_REGION=us-east-1
export AWS_ENDPOINT_URL="http://127.0.0.1:$s3" AWS_ALLOW_HTTP=true
export REGISTRY_SIGNING_KEY
REGISTRY_SIGNING_KEY=$(python3 -c 'import base64,os; print(base64.b64encode(os.urandom(32)).decode())')
# A host name, not the address: browsers accept no IP address as a passkey's relying party.
export REGISTRY_PUBLIC_URL="http://localhost:$proxy" REGISTRY_TRUSTED_PROXIES=127.0.0.1/32
export REGISTRY_DATA_DIR="$dir/data" REGISTRY_WEB_DIR="$PWD/web/dist" REGISTRY_LOG=${REGISTRY_LOG:-warn}
export REGISTRY_SHUTDOWN_GRACE_SECS=${REGISTRY_SHUTDOWN_GRACE_SECS:-10}
# Migrations once, before the instances start (docs/DEPLOYMENT.md, upgrades).
"$bin" migrate >"$dir/migrate.log" 2>&1 || { cat "$dir/migrate.log" >&2; exit 1; }
"$bin" seed --demo --if-empty >"$dir/seed.log" 2>&1 || { cat "$dir/seed.log" >&2; exit 1; }

start_instance() {
  local n=$1 port=${ports[$(($1 - 1))]}
  REGISTRY_ADDR="127.0.0.1:$port" "$bin" serve >>"$dir/instance-$n.log" 2>&1 &
  echo $! >"$dir/instance-$n.pid"
  for _ in $(seq 1 200); do curl -fsS -o /dev/null "http://127.0.0.1:$port/readyz" 2>/dev/null && return 0; sleep 0.05; done
  echo "instance $n did not become ready" >&2; cat "$dir/instance-$n.log" >&2; return 1
}
signal_instance() { kill "-$2" "$(cat "$dir/instance-$1.pid")"; }
for n in 1 2 3; do start_instance "$n"; done

sed -e "s/127.0.0.1:8080/127.0.0.1:$proxy/" -e "s/127.0.0.1:8081/127.0.0.1:${ports[0]}/" \
    -e "s/127.0.0.1:8082/127.0.0.1:${ports[1]}/" -e "s/127.0.0.1:8083/127.0.0.1:${ports[2]}/" \
    deploy/nginx.conf >"$dir/nginx.conf"
mkdir -p "$dir/nginx"
"$nginx" -p "$dir/nginx" -c "$dir/nginx.conf" -e "$dir/nginx-error.log" -g "pid $dir/nginx.pid; error_log $dir/nginx-error.log;" \
  || { cat "$dir/nginx-error.log" >&2; exit 1; }
for _ in $(seq 1 100); do curl -fsS -o /dev/null "http://127.0.0.1:$proxy/readyz" 2>/dev/null && break; sleep 0.05; done

# The control the command after `--` uses: kill, start or stop one instance.
cat >"$dir/control" <<CONTROL
#!/usr/bin/env bash
set -euo pipefail
$(declare -p bin dir ports pg_bin pg_replica replica_url as_pg)
$(declare -f start_instance signal_instance start_replica)
case "\$1" in
  replica)
    case "\$2" in
      stop) "\${as_pg[@]}" "\$pg_bin/pg_ctl" -D "\$dir/replica" -m immediate stop >/dev/null ;;
      start) start_replica ;;
      pause) psql "\$replica_url" -Atqc 'SELECT pg_wal_replay_pause()' >/dev/null ;;
      resume) psql "\$replica_url" -Atqc 'SELECT pg_wal_replay_resume()' >/dev/null ;;
      *) echo "usage: control replica stop|start|pause|resume" >&2; exit 2 ;;
    esac ;;
  kill) signal_instance "\$2" KILL; while kill -0 "\$(cat "\$dir/instance-\$2.pid")" 2>/dev/null; do sleep 0.02; done ;;
  term) signal_instance "\$2" TERM; while kill -0 "\$(cat "\$dir/instance-\$2.pid")" 2>/dev/null; do sleep 0.02; done ;;
  start) start_instance "\$2" ;;
  *) echo "usage: control kill|term|start N, or control replica stop|start|pause|resume" >&2; exit 2 ;;
esac
CONTROL
chmod +x "$dir/control"

export CLUSTER_URL="http://127.0.0.1:$proxy" CLUSTER_PUBLIC_URL="$REGISTRY_PUBLIC_URL" CLUSTER_DIR="$dir" CLUSTER_PRIMARY_URL="$primary_url"
export CLUSTER_REPLICA_URL="$replica_url" CLUSTER_INSTANCE_PORTS="${ports[*]}" CLUSTER_CONTROL="$dir/control"
export CLUSTER_MESSAGES="$dir/messages.jsonl"
if [ $# -gt 0 ]; then
  "$@"
  exit $?
fi
echo
echo "  European Small-Craft Registry, three instances behind nginx: $REGISTRY_PUBLIC_URL"
echo "  PostgreSQL primary $primary_url, replica $replica_url; S3 (moto) http://127.0.0.1:$s3"
echo "  Emails and SMS go to local fakes (recorded in $dir/messages.jsonl) and show in the dev mailbox"
echo "  Instances on ports ${ports[*]}; logs in $dir"
echo
sed -n '/Demo accounts/,$p' "$dir/seed.log"
echo
echo "  Ctrl-C stops everything."
while true; do sleep 3600; done
