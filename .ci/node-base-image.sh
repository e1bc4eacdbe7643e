#!/usr/bin/env bash
# Makes a local stand-in for the upstream `node:<major>-bookworm-slim` image, for machines that
# cannot pull from a container registry: a minimal Debian bookworm from debootstrap, the Node.js
# binary the npm registry ships (package node-linux-<arch>), npm itself, and the unprivileged
# `node` user (uid 1000) the upstream image has. The Dockerfile keeps naming the upstream image.
#   .ci/node-base-image.sh 22        # tags node:22-bookworm-slim unless it exists
set -euo pipefail

major=${1:?usage: node-base-image.sh <node major version>}
tag="node:${major}-bookworm-slim"
if podman image exists "$tag"; then
  echo "$tag is already there"
  exit 0
fi

case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64) arch=arm64 ;;
  *) echo "no Node.js build for $(uname -m)" >&2; exit 1 ;;
esac

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root="$work/root"

debootstrap --variant=minbase --include=ca-certificates bookworm "$root" \
  "${DEBIAN_MIRROR:-http://deb.debian.org/debian}" >"$work/debootstrap.log" 2>&1 || {
  tail -20 "$work/debootstrap.log" >&2
  exit 1
}

(cd "$work" && npm pack --silent "node-linux-$arch@$major" "npm@11" >/dev/null)
tar -xzf "$work"/node-linux-*.tgz -C "$work" package/bin/node
install -m 0755 "$work/package/bin/node" "$root/usr/local/bin/node"
rm -rf "$work/package"
mkdir -p "$root/usr/local/lib/node_modules/npm"
tar -xzf "$work"/npm-*.tgz -C "$root/usr/local/lib/node_modules/npm" --strip-components=1
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"

# This machine reaches registries through its own certificate authority: the stand-in trusts what
# the host trusts (the upstream image needs no such thing).
cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"
chroot "$root" groupadd --gid 1000 node
chroot "$root" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
# What a slim image leaves out.
rm -rf "$root"/usr/share/doc/* "$root"/usr/share/man/* "$root"/usr/share/info/* \
  "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*

tar -C "$root" -c . | podman import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  --change 'CMD ["node"]' - "$tag" >/dev/null 2>&1
echo "$tag: Debian bookworm, Node.js $("$root/usr/local/bin/node" -v)"
