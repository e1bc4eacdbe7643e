# Sourced by .ci/run: puts Node.js $NODE_MAJOR (default 22, the LTS the service targets) first on
# PATH. When the machine has another major version, the binary comes from the npm registry's
# node-linux-<arch> package (cached under $NODE_CACHE_DIR); npm itself runs on whichever node is
# first on PATH, and native add-ons build against that version's headers.
NODE_MAJOR=${NODE_MAJOR:-22}

if [ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null)" != "$NODE_MAJOR" ]; then
  case "$(uname -m)" in
    x86_64) node_arch=x64 ;;
    aarch64) node_arch=arm64 ;;
    *) echo "no Node.js $NODE_MAJOR build for $(uname -m)" >&2; return 1 ;;
  esac
  node_home="${NODE_CACHE_DIR:-/var/cache/store-ci}/node-$NODE_MAJOR-$node_arch"
  if [ ! -x "$node_home/bin/node" ]; then
    node_download=$(mktemp -d)
    (cd "$node_download" && npm pack --silent "node-linux-$node_arch@$NODE_MAJOR" >/dev/null)
    mkdir -p "$node_home"
    tar -xzf "$node_download"/node-linux-*.tgz -C "$node_home" --strip-components=1 package/bin package/include
    rm -rf "$node_download"
  fi
  export PATH="$node_home/bin:$PATH"
  export npm_config_nodedir="$node_home"
fi
echo "Node.js $(node -v), npm $(npm -v)"
