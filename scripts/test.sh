#!/usr/bin/env bash
# Sets up and runs every test: type check, lint, unit and integration tests (real PGlite and
# PostgreSQL, real Chromium against local .test sites, the real job engine and HTTP server).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
setup_all
ensure_test_tools
if ! pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
  step "Starting the local PostgreSQL cluster"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
fi
step "Type check and lint"
npx tsc --noEmit
npx eslint . --max-warnings 0
npm run --silent lint:circles # zero import circles across lib/, app/, components/ (dpdm)
npx prettier --check . --log-level warn
ensure_build # the HTTP tests run against the production build (rebuilt only when sources changed)
step "Tests"
npx vitest run "$@"
