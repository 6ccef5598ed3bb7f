import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_POSTGRES_URL } from "../support/app";
import { reloadConfig } from "@/lib/config";

/**
 * A sync waiter on PostgreSQL is woken by a NOTIFY from any process, not only by a job of its own
 * process. The token has no row, so the database poll can never resolve the wait: only the
 * notification, sent here from an unrelated connection (as another process would), can.
 */
describe("waitForFinish across processes on PostgreSQL", () => {
  const database = `ptd_test_completion_${Date.now().toString(36)}`;
  const server = () => new pg.Client({ connectionString: TEST_POSTGRES_URL });
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${database}`;
  const saved = process.env.DATABASE_URL;

  beforeAll(async () => {
    const c = server();
    await c.connect();
    await c.query(`CREATE DATABASE "${database}"`);
    await c.end();
    process.env.DATABASE_URL = url.toString();
    reloadConfig();
    const { dbReady } = await import("@/lib/db");
    await dbReady();
  });
  afterAll(async () => {
    const { closeDb } = await import("@/lib/db");
    await closeDb();
    if (saved === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved;
    reloadConfig();
    const c = server();
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await c.end();
  });

  it("resolves on another connection's notification, and times out without one", async () => {
    const { FINISHED_CHANNEL, waitForFinish } = await import("@/lib/requests/completion");
    const waiting = waitForFinish("req_elsewhere", 60_000);
    const other = new pg.Client({ connectionString: url.toString() });
    await other.connect();
    try {
      // Keep notifying until the waiter has subscribed (it LISTENs before its first check).
      let woke = false;
      void waiting.then(() => (woke = true));
      while (!woke) {
        await other.query("SELECT pg_notify($1, $2)", [FINISHED_CHANNEL, "req_elsewhere"]);
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await waiting).toBe(true);
    } finally {
      await other.end();
    }
    expect(await waitForFinish("req_never", 300)).toBe(false);
  });
});
