import { afterAll, describe, expect, it } from "vitest";
import { PgBossDriver } from "@/lib/jobs/pgboss-driver";
import type { JobDefinition } from "@/lib/jobs/types";
import { postgresDatabase, signal } from "./helpers";

/**
 * Several processes starting at once on an empty PostgreSQL database each install pg-boss's schema
 * and queues; all must come up, and a job enqueued through one runs on another.
 */
describe("pg-boss drivers starting at once on one empty PostgreSQL schema", () => {
  const database = postgresDatabase();
  const drivers: PgBossDriver[] = [];
  afterAll(async () => {
    for (const d of drivers) await d.stop();
    await database.cleanup();
  });

  it("all four come up, and a job sent through one runs on the workers", async () => {
    const ran = signal<string>();
    const job: JobDefinition<{ n: number }> = {
      name: "race-start",
      handler: async (_data, ctx) => ran.resolve(ctx.jobId),
    };
    for (let i = 0; i < 4; i++)
      drivers.push(new PgBossDriver({ database: database.config, schema: database.schema }));
    // Three start workers, one only opens (a web process: it enqueues, never runs jobs).
    await Promise.all([
      ...drivers.slice(0, 3).map((d) => d.start([job as JobDefinition<never>])),
      drivers[3].open([job as JobDefinition<never>]),
    ]);
    const id = await drivers[3].enqueue("race-start", { n: 1 });
    expect(await ran.promise).toBe(id);
  });
});
