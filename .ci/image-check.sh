#!/usr/bin/env bash
# Checks a built image the way a container runtime would run it, on machines where containers
# cannot start: the image's root file system is mounted (podman create + podman mount) and its
# commands run with chroot, as the image's user, with the image's environment and working
# directory, against the PostgreSQL and Redis on this machine.
#   .ci/image-check.sh <image> <postgres admin URL without database> <redis URL>
# It checks: a non-root user; the API command migrates and answers /health; the worker command
# starts; the image's HEALTHCHECK passes for both roles; the CLI creates a store and its keys;
# the README's guest checkout through the running API; SIGTERM stops both cleanly.
set -euo pipefail

image=${1:?image}
pg_admin=${2:?postgres URL}
redis_url=${3:?redis URL}
repo=$(cd "$(dirname "$0")/.." && pwd)

work=$(mktemp -d)
database="store_image_$$"
pids=()
ctr=$(podman create "$image")
root=$(podman mount "$ctr")

cleanup() {
  for pid in "${pids[@]}"; do
    kill -KILL "$pid" 2>/dev/null || true
    { wait "$pid"; } 2>/dev/null || true
  done
  umount "$root/proc" 2>/dev/null || true
  umount "$root/dev" 2>/dev/null || true
  podman umount "$ctr" >/dev/null 2>&1 || true
  podman rm -f "$ctr" >/dev/null 2>&1 || true
  psql "$pg_admin/postgres" -q -c "DROP DATABASE IF EXISTS $database WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "image check: $*" >&2
  for log in "$work"/*.log; do
    [ -f "$log" ] && { echo "--- $(basename "$log")" >&2; tail -40 "$log" >&2; }
  done
  exit 1
}

# What the image declares.
inspect() { podman image inspect "$image" --format "{{json $1}}"; }
user=$(inspect .Config.User | node -p 'JSON.parse(require("fs").readFileSync(0, "utf8"))')
[ -n "$user" ] && [ "$user" != root ] && [ "$user" != 0 ] || fail "the image runs as root"
uid=$(awk -F: -v u="$user" '$1 == u { print $3 ":" $4 }' "$root/etc/passwd")
[ -n "$uid" ] || fail "user $user is not in the image's /etc/passwd"
workdir=$(inspect .Config.WorkingDir | node -p 'JSON.parse(require("fs").readFileSync(0, "utf8"))')
mapfile -t image_env < <(inspect .Config.Env | node -p 'JSON.parse(require("fs").readFileSync(0, "utf8")).join("\n")')
mapfile -t image_cmd < <(inspect .Config.Cmd | node -p 'JSON.parse(require("fs").readFileSync(0, "utf8")).join("\n")')
mapfile -t health_cmd < <(inspect .HealthCheck | node -p '
  const test = JSON.parse(require("fs").readFileSync(0, "utf8")).Test;
  if (test[0] !== "CMD") throw new Error("HEALTHCHECK is not an exec-form CMD: " + test);
  test.slice(1).join("\n")')

mount -t proc proc "$root/proc"
mount --bind /dev "$root/dev"

psql "$pg_admin/postgres" -v ON_ERROR_STOP=1 -q -c "CREATE DATABASE $database"
port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
service_env=(
  "DATABASE_URL=$pg_admin/$database"
  "REDIS_URL=$redis_url"
  "QUEUE_PREFIX=image-check-$$"
  "PORT=$port"
  "HOST=127.0.0.1"
  "JWT_SECRET=$(node -p 'require("crypto").randomBytes(48).toString("base64")')"
  "ENCRYPTION_KEY=$(node -p 'require("crypto").randomBytes(32).toString("hex")')"
  "WEBHOOKS_ALLOW_PRIVATE_NETWORKS=true"
)

# in_image [--exec] <VAR=value…> -- <command…>: the command inside the image, as its user. With
# --exec (for `in_image --exec … &`) the background job becomes the process, so that $! is its pid.
in_image() {
  local extra=() run=()
  if [ "$1" = --exec ]; then run=(exec); shift; fi
  while [ "$1" != -- ]; do extra+=("$1"); shift; done
  shift
  "${run[@]}" env -i "${image_env[@]}" "${service_env[@]}" "${extra[@]}" \
    chroot --userspec="$uid" "$root" /bin/sh -c 'cd "$0" && exec "$@"' "$workdir" "$@"
}
wait_for() { # wait_for <what> <command…>
  local what=$1
  shift
  for _ in $(seq 1 60); do
    if "$@" >/dev/null 2>&1; then return 0; fi
    sleep 1
  done
  fail "$what did not come up"
}

echo "-- runs as $user ($uid)"
in_image -- node -e 'process.exit(process.getuid() === 0 ? 1 : 0)' || fail "the process runs as root"
in_image -- node -e 'require("fs").writeFileSync("dist/x", "")' 2>/dev/null &&
  fail "the service's user can rewrite its code"

echo "-- API: ${image_cmd[*]}"
in_image --exec PROCESS_ROLE=api -- "${image_cmd[@]}" >"$work/api.log" 2>&1 &
api=$!
pids+=("$api")
wait_for "the API from the image" curl -fsS "http://127.0.0.1:$port/health"
migrations=$(psql "$pg_admin/$database" -tA -c 'SELECT count(*) FROM schema_migrations') || fail "no migrations table"
[ "$migrations" -gt 0 ] || fail "the API did not migrate the database"
echo "   /health 200, $migrations migrations applied"

in_image PROCESS_ROLE=worker -- "${health_cmd[@]}" >"$work/health-no-worker.log" 2>&1 &&
  fail "the worker's HEALTHCHECK passes with no worker running"

echo "-- worker: node dist/worker.js"
in_image --exec PROCESS_ROLE=worker -- node dist/worker.js >"$work/worker.log" 2>&1 &
worker=$!
pids+=("$worker")

echo "-- HEALTHCHECK: ${health_cmd[*]}"
in_image PROCESS_ROLE=api -- "${health_cmd[@]}" >"$work/health-api.log" 2>&1 ||
  fail "the HEALTHCHECK fails for the API"
wait_for "the worker's health" in_image PROCESS_ROLE=worker -- "${health_cmd[@]}"
echo "   passes for the API and for the worker"

echo "-- CLI: stores create"
created=$(in_image -- node dist/cli.js stores create --name "Image Check" --url "https://image-check.example.com" \
  --currency EUR --country DE --json 2>"$work/cli.log" | tail -n 1) || fail "stores create failed"
node -e '
  const c = JSON.parse(process.argv[1]);
  if (!/^store_/.test(c.store_id) || !/^pk_/.test(c.publishable_key) || !/^sk_/.test(c.secret_key)) {
    console.error("unexpected stores create output", c);
    process.exit(1);
  }' "$created" || fail "stores create printed $created"
secret=$(node -p 'JSON.parse(process.argv[1]).secret_key' "$created")
store_name=$(curl -fsS -H "X-Store-API-Key: $secret" "http://127.0.0.1:$port/api/v3/admin/store" |
  node -p 'JSON.parse(require("fs").readFileSync(0, "utf8")).name') || fail "the new secret key is refused"
[ "$store_name" = "Image Check" ] || fail "the Admin API answers store $store_name"
echo "   store and keys made; the secret key reads its store through the Admin API"

echo "-- the README's guest checkout through the running image"
mkdir -p "$work/shopper/.data"
in_image -- node dist/cli.js seed --demo --json 2>>"$work/cli.log" | tail -n 1 >"$work/shopper/.data/demo-credentials.json"
awk '/^## Walkthrough/ { on = 1 } on && /^```sh/ { code = 1; next } code && /^```/ { exit } code' \
  "$repo/README.md" >"$work/walkthrough.sh"
[ -s "$work/walkthrough.sh" ] || fail "no walkthrough in README.md"
# The shopper's terminal: the demo store's credentials in ./.data, where an embedded first boot
# leaves them (here the image's CLI seeded it), so the walkthrough does not seed it again.
(cd "$work/shopper" && env -u DATABASE_URL DATA_DIR=./.data PORT=$port bash -euo pipefail "$work/walkthrough.sh") >"$work/checkout.log" 2>&1 ||
  fail "the walkthrough failed"
grep -q "state: 'complete'" "$work/checkout.log" || fail "the walkthrough placed no order"
grep "number:" "$work/checkout.log" | sed 's/^/   /'

echo "-- SIGTERM"
kill -TERM "$api" "$worker"
for pid in "$api" "$worker"; do
  status=0
  wait "$pid" || status=$?
  [ "$status" -eq 0 ] || fail "process $pid exited with $status after SIGTERM"
done
pids=()
echo "   both exited with status 0"
