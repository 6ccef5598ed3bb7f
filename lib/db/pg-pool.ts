import pg from "pg";

/**
 * A node-postgres pool that outlives a connection the server drops while it is idle (a restart,
 * an administrator's terminate). pg reports that as an 'error' event on the pool, and an 'error'
 * event nobody listens to crashes the process; the pool has already discarded the connection, and
 * the next checkout opens a new one, so there is nothing else to do.
 */
export function newPgPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  pool.on("error", () => {});
  return pool;
}
