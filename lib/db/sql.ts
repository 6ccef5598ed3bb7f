import pg from "pg";
import type { PGlite } from "@electric-sql/pglite";

/** The little SQL surface the migrator needs, over either database. */
export interface SqlRunner {
  exec(sql: string): Promise<void>;
  query<T extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export function pgliteRunner(db: PGlite): SqlRunner {
  return {
    exec: async (sql) => void (await db.exec(sql)),
    query: async <T extends Record<string, unknown>>(sql: string, params?: unknown[]) =>
      (await db.query<T>(sql, params)).rows,
    close: async () => {},
  };
}

export async function postgresRunner(url: string): Promise<SqlRunner> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    exec: async (sql) => void (await client.query(sql)),
    query: async <T extends Record<string, unknown>>(sql: string, params?: unknown[]) =>
      (await client.query<T>(sql, params)).rows,
    close: () => client.end(),
  };
}
