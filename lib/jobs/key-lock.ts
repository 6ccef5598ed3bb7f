import { newPgPool } from "@/lib/db/pg-pool";

/**
 * Closes the one gap in pg-boss's per-group limit on PostgreSQL: `groupConcurrency` checks for an
 * active sibling inside the fetch statement, so two fetches running at the same moment (two workers
 * of one process woken by the same NOTIFY, or two processes) can each claim a job of the same group:
 * neither sees the other's uncommitted claim.
 * Holding a session advisory lock for the key while the handler runs makes "never at the same time"
 * hold regardless. It costs one pooled connection per running keyed job and is only ever contended
 * in that rare race. A killed process drops its connection, and PostgreSQL releases the lock with it.
 *
 * Not needed on PGlite: one process, one connection, so fetches are serialised and pg-boss's own
 * check is exact.
 */
export interface KeyLock {
  run<T>(key: string, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export function postgresKeyLock(url: string, namespace: string, maxConnections: number): KeyLock {
  const pool = newPgPool({ connectionString: url, max: Math.max(2, maxConnections) });
  return {
    async run(key, fn) {
      const client = await pool.connect();
      const lockKey = `${namespace}:${key}`;
      let locked = false;
      let broken = false;
      try {
        await client.query("SELECT pg_advisory_lock(hashtextextended($1, 0))", [lockKey]);
        locked = true;
        return await fn();
      } finally {
        if (locked) {
          await client.query("SELECT pg_advisory_unlock(hashtextextended($1, 0))", [lockKey]).catch(() => {
            broken = true;
          });
        }
        // A connection that could not unlock may still hold the lock: destroy it rather than reuse it.
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}
