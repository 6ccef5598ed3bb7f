#!/bin/sh
# Starts Chromium for page-to-data (the page pool and Lighthouse both launch it through here).
#   PTD_CHROMIUM       the real browser binary (required)
#   PTD_BROWSER_USER   when set (the server runs as root), Chromium runs as this unprivileged system
#                      user instead: it cannot read data/ (database, secrets), and its own sandbox
#                      (user namespaces + seccomp) stays on, which Chromium refuses to do as root.
#   PTD_NODE           when set (the server's own node binary), and the browser is driven over
#                      --remote-debugging-pipe, its output pipe goes through cdp-pipe-limit.mjs, so
#                      no DevTools message a page made huge reaches the server whole.
# The profile folder (--user-data-dir, made by the launcher as root) is handed to that user first.
# --pdeathsig: the browser (and this script, when it stays to run the filter) dies with the server
# process, however the server dies.
set -eu
chromium="${PTD_CHROMIUM:?PTD_CHROMIUM must name the Chromium binary}"
user="${PTD_BROWSER_USER:-}"
node="${PTD_NODE:-}"

piped=""
for arg in "$@"; do
  case "$arg" in
    --remote-debugging-pipe) piped=1 ;;
    --user-data-dir=*)
      if [ -n "$user" ]; then
        profile="${arg#--user-data-dir=}"
        # -R without -L: symbolic links are not followed (the folder is new and empty anyway).
        chown -R -- "$user:" "$profile"
        export HOME="$profile" XDG_CONFIG_HOME="$profile" XDG_CACHE_HOME="$profile"
      fi
      ;;
  esac
done

browser() {
  if [ -z "$user" ]; then
    setpriv --pdeathsig KILL -- "$chromium" "$@"
  else
    setpriv --reuid="$user" --regid="$user" --init-groups --pdeathsig KILL -- "$chromium" "$@"
  fi
}

if [ -z "$node" ] || [ -z "$piped" ]; then
  # Nothing to filter: the browser takes this process's place.
  if [ -z "$user" ]; then exec setpriv --pdeathsig KILL -- "$chromium" "$@"; fi
  exec setpriv --reuid="$user" --regid="$user" --init-groups --pdeathsig KILL -- "$chromium" "$@"
fi

if [ -z "${PTD_PIPE_LIMITED:-}" ]; then
  # Once more under --pdeathsig, so that this shell too dies with the server.
  PTD_PIPE_LIMITED=1 exec setpriv --pdeathsig KILL -- "$0" "$@"
fi
unset PTD_PIPE_LIMITED PTD_NODE
filter="$(dirname -- "$0")/cdp-pipe-limit.mjs"
# fd 3: the server's commands, read by the browser. fd 4: the server's end of the browser's output,
# now written by the filter only. The browser's own fd 4 is the pipe into the filter.
exec 5>&4 6>&1
# The filter runs under Node's permission model: it may read its own file, nothing else (no other
# file, no child process, no network).
browser "$@" 4>&1 1>&6 5>&- 6>&- |
  setpriv --pdeathsig KILL -- "$node" --permission --allow-fs-read="$filter" "$filter" 1>&5 3<&- 4>&- 5>&- 6>&-
