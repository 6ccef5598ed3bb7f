#!/usr/bin/env bash
# Writes the SQL for a schema change, offline. Prisma 7's migrate engine is a native download; Prisma
# 6.19's CLI with `engine: "js"` uses a WASM schema engine through a driver adapter instead
# (docs/architecture.md §2). Needs PostgreSQL on 127.0.0.1:5432 for the adapter to connect to.
# usage: scripts/migration-sql.sh OLD.prisma NEW.prisma > prisma/migrations/<ts>_<name>/migration.sql
#        (OLD may be "empty")
set -euo pipefail
work=/tmp/ptd-prisma6
old="$1"; new="$2"
mkdir -p "$work"
if [ ! -d "$work/node_modules/prisma" ]; then
  (cd "$work" && echo '{"private":true}' > package.json && npm install --no-audit --no-fund --loglevel=error prisma@6.19.3 @prisma/adapter-pg@6.19.3 pg >/dev/null)
fi
to_v6() { sed -e 's/provider     = "prisma-client"/provider = "prisma-client-js"/' -e '/^  output /d' -e '/moduleFormat/d' \
  -e 's#^  provider = "postgresql"#  provider = "postgresql"\n  url = "postgresql://postgres@127.0.0.1:5432/test"#' "$1"; }
to_v6 "$new" > "$work/new.prisma"
from="--from-empty"
if [ "$old" != empty ]; then to_v6 "$old" > "$work/old.prisma"; from="--from-schema-datamodel old.prisma"; fi
cat > "$work/prisma.config.ts" <<'TS'
import { defineConfig } from "prisma/config";
import { PrismaPg } from "@prisma/adapter-pg";
export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "new.prisma",
  adapter: async () => new PrismaPg({ connectionString: "postgresql://postgres@127.0.0.1:5432/test" }),
} as never);
TS
cd "$work" && CHECKPOINT_DISABLE=1 PRISMA_ENGINES_CHECKSUM_IGNORE_MISSING=1 PRISMA_QUERY_ENGINE_LIBRARY=/bin/false \
  PRISMA_SCHEMA_ENGINE_BINARY=/bin/false npx prisma migrate diff $from --to-schema-datamodel new.prisma --script 2>/dev/null
