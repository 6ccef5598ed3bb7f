#!/bin/sh
# Starts Chromium for page-to-data (the page pool and Lighthouse both launch it through here).
#   PTD_CHROMIUM       the real browser binary (required)
#   PTD_BROWSER_USER   when set (the server runs as root), Chromium runs as this unprivileged system
#                      user instead: it cannot read data/ (database, secrets), and its own sandbox
#                      (user namespaces + seccomp) stays on, which Chromium refuses to do as root.
# The profile folder (--user-data-dir, made by the launcher as root) is handed to that user first.
# --pdeathsig: the browser dies with the server process, however the server dies.
set -eu
chromium="${PTD_CHROMIUM:?PTD_CHROMIUM must name the Chromium binary}"
user="${PTD_BROWSER_USER:-}"
if [ -z "$user" ]; then
  exec setpriv --pdeathsig KILL -- "$chromium" "$@"
fi
for arg in "$@"; do
  case "$arg" in
    --user-data-dir=*)
      profile="${arg#--user-data-dir=}"
      # -R without -L: symbolic links are not followed (the folder is new and empty anyway).
      chown -R -- "$user:" "$profile"
      export HOME="$profile" XDG_CONFIG_HOME="$profile" XDG_CACHE_HOME="$profile"
      ;;
  esac
done
exec setpriv --reuid="$user" --regid="$user" --init-groups --pdeathsig KILL -- "$chromium" "$@"
