import path from "node:path";

/**
 * Where the data lives. DATABASE_URL unset (or `pglite:<dir>`) selects the embedded PGlite
 * database in a local folder; `postgres://…` selects PostgreSQL. One schema and one migration
 * set serve both.
 */
export type DatabaseConfig = { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string };

export function databaseConfig(env: NodeJS.ProcessEnv = process.env): DatabaseConfig {
  const url = env.DATABASE_URL?.trim();
  if (url && /^postgres(ql)?:\/\//.test(url)) return { kind: "postgres", url };
  if (url && url.startsWith("pglite:")) {
    const dir = url.slice("pglite:".length);
    return { kind: "pglite", dataDir: dir.startsWith("memory://") ? dir : path.resolve(dir) };
  }
  if (url)
    throw new Error(`DATABASE_URL must start with postgres:// or pglite: (got "${url.split(":")[0]}:…")`);
  return { kind: "pglite", dataDir: path.resolve("data/db") };
}
