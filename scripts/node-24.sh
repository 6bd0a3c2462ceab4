# Sourced by .ci/run (and by anyone: `. scripts/node-24.sh`): makes `node` a Node that this
# project supports. A system Node older than 22 is left in place; Node 24 from the npm registry's
# `node` package goes into ~/.cache/usdt-wallet-node (or $NODE_24_HOME) and first on PATH.
# Native addons (better-sqlite3) are then built against that Node's own headers, which ship
# beside its binary, not against the system Node's.

node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(node_major)" -lt 22 ]; then
  node_24_home="${NODE_24_HOME:-$HOME/.cache/usdt-wallet-node}"
  # The `node` package installs the build for this platform as node-<os>-<arch>, headers included.
  node_24_dist() { ls -d "$node_24_home"/node_modules/node/node_modules/node-*-*/bin 2>/dev/null | head -1; }
  if [ -z "$(node_24_dist)" ]; then
    echo "node-24: installing Node 24 from the npm registry into $node_24_home"
    npm install --prefix "$node_24_home" --no-save --no-package-lock --no-audit --no-fund node@24 >/dev/null
  fi
  PATH="$(node_24_dist):$PATH"
  export PATH
  hash -r
fi

npm_config_nodedir="$(node -p 'require("node:path").resolve(process.execPath, "../..")')"
export npm_config_nodedir
echo "node-24: node $(node --version) at $(command -v node)"
