import { config, type Config, type DatabaseConfig } from "@/lib/config";

/**
 * Where the data lives. DATABASE_URL unset (or `pglite:<dir>`) selects the embedded PGlite
 * database in a local folder; `postgres://…` selects PostgreSQL. One schema and one migration
 * set serve both. Parsed with the rest of the configuration (lib/config/structured.ts).
 */
export type { DatabaseConfig } from "@/lib/config";

export function databaseConfig(c: Config = config()): DatabaseConfig {
  return c.DATABASE_URL;
}
