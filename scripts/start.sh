#!/usr/bin/env bash
# Sets up and starts page-to-data on embedded defaults: PGlite database in ./data, the embedded job
# engine (pg-boss on PGlite) and Debian Chromium. PORT defaults to 3000.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
setup_all
export PORT="${PORT:-3000}"
# Loopback by default: the dev outbox below shows confirmation links to whoever signs up, so it runs
# only on a server nobody else can reach. HOST=0.0.0.0 serves the network (the outbox then stays off).
HOST="${HOST:-127.0.0.1}"
case "$HOST" in
  127.*|::1|localhost) export EMAIL_DEV_OUTBOX="${EMAIL_DEV_OUTBOX:-1}" ;; # development mode: emails listed on the dashboard (lib/email/mode.ts)
esac
# The address printed below is the one emailed links use (lib/email/mode.ts reads APP_URL): the
# same host the user opens, so the session cookie set there is the one the links find. An APP_URL
# of your own wins.
export APP_URL="${APP_URL:-$(app_url "$HOST" "$PORT")}"
ensure_build
step "Starting on $APP_URL"
cat <<MSG

  Dashboard:   $APP_URL/dashboard
  API key:     sign up at $APP_URL/signup, open the confirmation link (in development mode the
               answer links to the dev outbox, which shows that email), sign in, and create the
               key from the overview's "Create your first API key"
  API docs:    $APP_URL/docs
  Or create an organization and API key from another terminal:
    npm run --silent admin -- org create --name Acme --plan free --verified --json
  Then:
    curl -s -X POST $APP_URL/api/html -H "Authorization: Bearer <apiKey>" \\
         -H "Content-Type: application/json" -d '{"url":"https://example.com/","sync":true}'

MSG
exec npx next start -p "$PORT" -H "$HOST"
