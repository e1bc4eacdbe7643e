#!/usr/bin/env bash
# Validates docker-compose.yml with Compose itself (`config` resolves and checks it against the
# Compose schema) and the proxy's Caddyfile with Caddy, then checks what the deployment promises:
# no secret written in the file, a grace period longer than the shutdown timeout, the API reached
# only through the proxy, a health check for every long-running service, and the CLI service.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cp "$repo/docker-compose.yml" "$repo/Dockerfile" "$work/"
cp -r "$repo/deploy" "$work/"
# The .env a user makes from the template, with the secrets it asks for filled in.
sed -e "s|^JWT_SECRET=.*|JWT_SECRET=$(head -c 48 /dev/urandom | base64 -w0)|" \
  -e "s|^ENCRYPTION_KEY=.*|ENCRYPTION_KEY=$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')|" \
  -e "s|^POSTGRES_PASSWORD=.*|POSTGRES_PASSWORD=compose-check-password|" \
  "$repo/.env.example" >"$work/.env"

if compose_version=$(docker compose version 2>/dev/null); then
  compose=(docker compose)
else
  compose=(docker-compose)
  compose_version=$(docker-compose version --short)
fi
echo "Compose $compose_version: config"
(cd "$work" && "${compose[@]}" --profile tools config) >"$work/resolved.yml"

python3 - "$work/resolved.yml" "$repo/docker-compose.yml" <<'EOF'
import re, sys, yaml

resolved = yaml.safe_load(open(sys.argv[1]))["services"]
written = open(sys.argv[2]).read()
problems = []

def seconds(duration):
    parts = re.findall(r"(\d+(?:\.\d+)?)(ms|s|m|h)", str(duration))
    scale = {"ms": 0.001, "s": 1, "m": 60, "h": 3600}
    return sum(float(n) * scale[unit] for n, unit in parts)

if "compose-check-password" in written:
    problems.append("the compose file writes the database password")
if re.search(r"(PASSWORD|SECRET|KEY)\s*:\s*['\"]?[A-Za-z0-9+/=_-]{6,}", written):
    problems.append("the compose file writes a secret in the clear")
for name in ("api", "worker"):
    service = resolved[name]
    env = service.get("environment", {})
    timeout_s = int(env.get("SHUTDOWN_TIMEOUT_MS", 10000)) / 1000
    if seconds(service.get("stop_grace_period", "10s")) <= timeout_s:
        problems.append(f"{name}: stop_grace_period is not above SHUTDOWN_TIMEOUT_MS")
    if env.get("PROCESS_ROLE") != name:
        problems.append(f"{name}: PROCESS_ROLE is not {name}")
    if (service.get("healthcheck") or {}).get("disable"):
        problems.append(f"{name}: its health check is disabled")
if resolved["api"].get("ports"):
    problems.append("api publishes host ports: replicas must be reached through the proxy")
if not resolved.get("proxy", {}).get("ports"):
    problems.append("no proxy publishes the API")
if resolved["cli"].get("entrypoint") != ["node", "dist/cli.js"]:
    problems.append("the cli service does not run the operator CLI")
for name in ("postgres", "redis"):
    if "healthcheck" not in resolved[name]:
        problems.append(f"{name} has no health check")
if problems:
    sys.exit("\n".join(problems))
print("services:", ", ".join(sorted(resolved)))
EOF

caddy validate --adapter caddyfile --config "$repo/deploy/Caddyfile" >"$work/caddy.log" 2>&1 || {
  cat "$work/caddy.log" >&2
  exit 1
}
echo "Caddy $(caddy version | cut -d' ' -f1): deploy/Caddyfile is valid"
