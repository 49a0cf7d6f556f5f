#!/usr/bin/env bash
# Installs what the offline "real VS Code" test harness needs:
#   * Debian packages: chromium (the browser playwright-core drives), ripgrep (VS Code search),
#     and the headers/toolchain the native modules of code-server are rebuilt against;
#   * code-server (VS Code 1.100.3 running on Node 20) into <repo>/.cache/code-server/.
# Idempotent: the apt step is skipped when `dpkg -s` shows every package installed, and the
# code-server step is skipped when the marker file records a complete install of the same version.
# Works unattended (CI=true, no stdin) as root. See docs/testing-vscode.md.
set -euo pipefail

CODE_SERVER_VERSION="${CODE_SERVER_VERSION:-4.100.3}"
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
CACHE_DIR="${LINEAGE_CODE_SERVER_CACHE:-$REPO_ROOT/.cache/code-server}"
INSTALL_DIR="$CACHE_DIR/$CODE_SERVER_VERSION"
MARKER="$INSTALL_DIR/.install-complete"
APT_PACKAGES=(chromium ripgrep libkrb5-dev libx11-dev libxkbfile-dev libsecret-1-dev pkg-config
  build-essential python3 ca-certificates fonts-liberation)

export DEBIAN_FRONTEND=noninteractive
export npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false
export npm_config_yes=true
# Never let anything download a browser of its own.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 PUPPETEER_SKIP_DOWNLOAD=1

T0=$(date +%s)
log() { printf '[vscode-setup %3ss] %s\n' "$(( $(date +%s) - T0 ))" "$*"; }
die() { printf '[vscode-setup] ERROR: %s\n' "$*" >&2; exit 1; }

mkdir -p "$CACHE_DIR"
# Serialise concurrent runs (several engineers/CI jobs may share this checkout).
exec 9>"$CACHE_DIR/.setup.lock"
if command -v flock >/dev/null 2>&1; then
  flock -w 1800 9 || die "could not take $CACHE_DIR/.setup.lock within 30 min"
fi

# ---------------------------------------------------------------- 1. Debian packages
missing=()
for p in "${APT_PACKAGES[@]}"; do
  if ! dpkg -s "$p" 2>/dev/null | grep -q '^Status: install ok installed'; then missing+=("$p"); fi
done
if [ ${#missing[@]} -eq 0 ]; then
  log "apt: all ${#APT_PACKAGES[@]} packages already installed - skipping"
else
  [ "$(id -u)" -eq 0 ] || die "apt packages missing (${missing[*]}) and not root; install them or rerun as root"
  log "apt: installing ${missing[*]}"
  apt-get update -qq </dev/null
  apt-get install -y -qq --no-install-recommends "${missing[@]}" </dev/null >/dev/null
  log "apt: done"
fi
command -v chromium >/dev/null || die "/usr/bin/chromium missing after apt install"
command -v rg >/dev/null || die "rg (ripgrep) missing after apt install"

# ---------------------------------------------------------------- 2. code-server
if [ -f "$MARKER" ] && [ "$(cat "$MARKER")" = "$CODE_SERVER_VERSION" ] \
   && [ -f "$INSTALL_DIR/package/out/node/entry.js" ]; then
  log "code-server $CODE_SERVER_VERSION: cached install complete at $INSTALL_DIR - skipping"
  log "ready in $(( $(date +%s) - T0 ))s"
  exit 0
fi

node_major=$(node -p 'process.versions.node.split(".")[0]')
[ "$node_major" = 20 ] || log "warning: Node $(node --version); code-server 4.100.x is built for Node 20"

STAGE="$CACHE_DIR/.staging-$$"
rm -rf "$STAGE" "$INSTALL_DIR"
mkdir -p "$STAGE"
trap 'rm -rf "$STAGE"' EXIT

log "code-server $CODE_SERVER_VERSION: npm pack (npm registry)"
( cd "$STAGE" && npm pack "code-server@$CODE_SERVER_VERSION" --silent >/dev/null </dev/null )
tar xzf "$STAGE/code-server-$CODE_SERVER_VERSION.tgz" -C "$STAGE"
rm -f "$STAGE/code-server-$CODE_SERVER_VERSION.tgz"
PKG="$STAGE/package"

log "code-server: npm install (server deps) + rebuild argon2"
( cd "$PKG" && npm install --omit=dev --ignore-scripts --loglevel=error </dev/null >/dev/null \
  && npm rebuild argon2 --loglevel=error </dev/null >/dev/null )

log "code-server: npm install (VS Code deps)"
( cd "$PKG/lib/vscode" && npm install --omit=dev --ignore-scripts --loglevel=error </dev/null >/dev/null )

log "code-server: rebuild native modules (@parcel/watcher @vscode/spdlog kerberos native-watchdog)"
( cd "$PKG/lib/vscode" && npm rebuild @parcel/watcher @vscode/spdlog kerberos native-watchdog \
  --loglevel=error </dev/null >/dev/null )

log "code-server: rebuild node-pty (its compile_commands.json post-step is known to fail; pty.node is checked instead)"
( cd "$PKG/lib/vscode" && npm rebuild node-pty --loglevel=error </dev/null >"$STAGE/node-pty-rebuild.log" 2>&1 ) || true
[ -f "$PKG/lib/vscode/node_modules/node-pty/build/Release/pty.node" ] \
  || { cat "$STAGE/node-pty-rebuild.log" >&2; die "node-pty: build/Release/pty.node was not built"; }

log "code-server: ripgrep from Debian + node_modules.asar link"
mkdir -p "$PKG/lib/vscode/node_modules/@vscode/ripgrep/bin"
cp "$(command -v rg)" "$PKG/lib/vscode/node_modules/@vscode/ripgrep/bin/rg"
ln -sfn node_modules "$PKG/lib/vscode/node_modules.asar"

log "code-server: npm install (built-in extensions)"
( cd "$PKG/lib/vscode/extensions" && npm install --omit=dev --ignore-scripts --loglevel=error </dev/null >/dev/null )

log "code-server: smoke check (--version)"
ver_out=$(cd "$PKG" && node out/node/entry.js --version </dev/null 2>&1) || { echo "$ver_out" >&2; die "code-server --version failed"; }
echo "$ver_out" | grep -q "^$CODE_SERVER_VERSION" || { echo "$ver_out" >&2; die "unexpected code-server --version output"; }
log "code-server: $(echo "$ver_out" | grep "^$CODE_SERVER_VERSION" | head -1)"

mkdir -p "$INSTALL_DIR"
mv "$PKG" "$INSTALL_DIR/package"
printf '%s' "$CODE_SERVER_VERSION" > "$MARKER"
log "code-server $CODE_SERVER_VERSION installed at $INSTALL_DIR/package"
log "ready in $(( $(date +%s) - T0 ))s"
