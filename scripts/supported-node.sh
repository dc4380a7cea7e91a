#!/usr/bin/env bash
# A supported Node.js (22.12+, 24 or 26) on a machine that has an older one, for CI and for every shell working here.
#   . scripts/supported-node.sh [22|24|26]        puts that Node's bin first on PATH in this shell
#   scripts/supported-node.sh 22 npm run test:unit  runs one command with it
# The major defaults to the one in .nvmrc. When the machine's own node is already that major, nothing is fetched.
# Otherwise the npm registry's node-linux-<arch> package (the official binary and its headers) is unpacked once into
# RVM_NODE_CACHE (default ~/.cache/rvm-locator/node), and npm_config_nodedir points native addons (better-sqlite3)
# at its headers, so they build for that Node and not for the machine's.

rvm_node_main() {
  local root major want have arch cache dir tarball
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  major="${1:-$(tr -dc '0-9' <"$root/.nvmrc")}"
  case "$major" in
    22 | 24 | 26) ;;
    *)
      echo "supported-node: Node $major is not supported here (22, 24 or 26)" >&2
      return 2
      ;;
  esac
  have="$(node --version 2>/dev/null || true)"
  if [ "${have%%.*}" = "v$major" ]; then
    return 0
  fi
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *)
      echo "supported-node: no node-linux package for $(uname -m); install Node $major yourself" >&2
      return 2
      ;;
  esac
  cache="${RVM_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/rvm-locator/node}"
  want="$(npm view "node-linux-$arch@$major" version --json 2>/dev/null | tr -d ' \n[]"' | tr ',' '\n' | sort -V | tail -n 1)"
  if [ -z "$want" ]; then
    # No registry at hand: the newest copy of that major already unpacked, if any.
    dir="$(ls -d "$cache"/node-v"$major".* 2>/dev/null | sort -V | tail -n 1)"
    [ -n "$dir" ] || {
      echo "supported-node: cannot reach the npm registry for node-linux-$arch@$major" >&2
      return 1
    }
  else
    dir="$cache/node-v$want"
  fi
  if [ ! -x "$dir/bin/node" ]; then
    mkdir -p "$cache"
    echo "supported-node: fetching Node $want (node-linux-$arch from the npm registry) into $dir" >&2
    tarball="$(cd "$cache" && npm pack "node-linux-$arch@$want" --silent 2>/dev/null | tail -n 1)" || return 1
    rm -rf "$dir.partial" && mkdir -p "$dir.partial"
    tar -xzf "$cache/$tarball" -C "$dir.partial" --strip-components=1 && rm -f "$cache/$tarball"
    mv "$dir.partial" "$dir"
  fi
  export PATH="$dir/bin:$PATH"
  export npm_config_nodedir="$dir"
  hash -r 2>/dev/null || true
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  rvm_node_main "${1:-}"
  shift || true
  if [ "$#" -gt 0 ]; then
    exec "$@"
  fi
  node --version
else
  rvm_node_main "${1:-}"
fi
