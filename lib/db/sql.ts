import pg from "pg";
import type { PGlite } from "@electric-sql/pglite";

/** The little SQL surface the migrator needs, over either database. */
export interface SqlRunner {
  exec(sql: string): Promise<void>;
  query<T extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
  /** Runs `fn` in one transaction; on PGlite's single connection nothing else interleaves with it. */
  transaction<T>(fn: (tx: SqlRunner) => Promise<T>): Promise<T>;
}

type Queryable = Pick<PGlite, "exec" | "query">;

function pgliteLike(db: Queryable, transaction: SqlRunner["transaction"]): SqlRunner {
  return {
    exec: async (sql) => void (await db.exec(sql)),
    query: async <T extends Record<string, unknown>>(sql: string, params?: unknown[]) =>
      (await db.query<T>(sql, params)).rows,
    close: async () => {},
    transaction,
  };
}

export function pgliteRunner(db: PGlite): SqlRunner {
  return pgliteLike(db, (fn) =>
    db.transaction((tx) => fn(pgliteLike(tx, () => Promise.reject(new Error("nested transaction"))))),
  );
}

export async function postgresRunner(url: string): Promise<SqlRunner> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const runner: SqlRunner = {
    exec: async (sql) => void (await client.query(sql)),
    query: async <T extends Record<string, unknown>>(sql: string, params?: unknown[]) =>
      (await client.query<T>(sql, params)).rows,
    close: () => client.end(),
    async transaction(fn) {
      await client.query("BEGIN");
      try {
        const out = await fn(runner);
        await client.query("COMMIT");
        return out;
      } catch (err) {
        await client.query("ROLLBACK");
        throw err;
      }
    },
  };
  return runner;
}
