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
# Installed with apt-get as root, or through `sudo -n` when that works without a password; otherwise
# the message says which packages are missing and the one command that installs them.
apt_help() {
  printf '[vscode-setup] ERROR: %s\n' "$1" >&2
  printf '[vscode-setup]   The real VS Code that the extension-host suite and the journeys run in needs: %s\n' \
    "${missing[*]}" >&2
  printf '[vscode-setup]   Install them once, then run the command again:\n' >&2
  printf '[vscode-setup]     sudo apt-get install -y --no-install-recommends %s\n' "${missing[*]}" >&2
  exit 1
}
missing=()
if ! command -v dpkg >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
  # Not Debian/Ubuntu: only the two programs the harness runs are checked; the rest is up to the user.
  command -v "${CHROMIUM_PATH:-chromium}" >/dev/null 2>&1 || missing+=(chromium)
  command -v rg >/dev/null 2>&1 || missing+=(ripgrep)
  if [ ${#missing[@]} -gt 0 ]; then
    printf '[vscode-setup] ERROR: no dpkg/apt-get here (the setup is written for Debian/Ubuntu) and %s missing.\n' \
      "${missing[*]}" >&2
    printf '[vscode-setup]   Install Chromium (or set CHROMIUM_PATH to one), ripgrep, a C/C++ toolchain, python3, and the\n' >&2
    printf '[vscode-setup]   Kerberos, X11, xkbfile and libsecret headers, then run the command again.\n' >&2
    exit 1
  fi
  log "apt: not a Debian system; chromium and rg found - skipping"
else
  for p in "${APT_PACKAGES[@]}"; do
    if ! dpkg -s "$p" 2>/dev/null | grep -q '^Status: install ok installed'; then missing+=("$p"); fi
  done
  if [ ${#missing[@]} -eq 0 ]; then
    log "apt: all ${#APT_PACKAGES[@]} packages already installed - skipping"
  else
    as_root=()
    if [ "$(id -u)" -ne 0 ]; then
      if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        as_root=(sudo -n DEBIAN_FRONTEND=noninteractive)
      else
        apt_help "Debian packages are missing and this user cannot install them (not root, no password-less sudo)."
      fi
    fi
    log "apt: installing ${missing[*]}"
    "${as_root[@]}" apt-get update -qq </dev/null || apt_help "apt-get update failed (no access to the Debian mirrors?)."
    "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" </dev/null >/dev/null \
      || apt_help "apt-get install failed."
    log "apt: done"
  fi
fi
command -v "${CHROMIUM_PATH:-chromium}" >/dev/null || die "chromium missing after apt install"
command -v rg >/dev/null || die "rg (ripgrep) missing after apt install"

# ---------------------------------------------------------------- 2. code-server
if [ -n "${LINEAGE_CODE_SERVER_DIR:-}" ]; then
  [ -f "$LINEAGE_CODE_SERVER_DIR/out/node/entry.js" ] \
    || die "LINEAGE_CODE_SERVER_DIR=$LINEAGE_CODE_SERVER_DIR has no out/node/entry.js (unset it to install into $CACHE_DIR)"
  log "code-server: using LINEAGE_CODE_SERVER_DIR=$LINEAGE_CODE_SERVER_DIR - skipping"
  exit 0
fi
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
