import pg from "pg";

/**
 * Runs `fn` while holding a PostgreSQL session advisory lock named `name`, on a connection of its
 * own that is closed afterwards. For start-up work that several processes may begin at the same
 * moment (creating pg-boss's schema and queues): the others wait, then find the work done. A
 * process killed while holding it drops the connection, and PostgreSQL releases the lock with it.
 */
export async function withAdvisoryLock<T>(url: string, name: string, fn: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => {}); // a dropped connection surfaces as the query's rejection instead
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock(hashtextextended($1, 0))", [name]);
    return await fn();
  } finally {
    // Closing the session releases the lock; no explicit unlock to fail halfway.
    await client.end().catch(() => {});
  }
}
