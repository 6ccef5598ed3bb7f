import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PgBossDriver } from "@/lib/jobs/pgboss-driver";
import type { JobDefinition } from "@/lib/jobs/types";
import { pgliteDatabase, postgresDatabase, signal, sleep, type TestDatabase } from "./helpers";

/**
 * The pg-boss driver's scheduling guarantees, on both databases it serves: retries with growing
 * backoff, delayed start, and per-key mutual exclusion that still runs every job.
 */
const backends = [
  { label: "PGlite", makeDatabase: pgliteDatabase },
  { label: "PostgreSQL", makeDatabase: postgresDatabase },
];

describe.each(backends)("pg-boss driver on $label", ({ makeDatabase }) => {
  let database: TestDatabase;
  let driver: PgBossDriver;

  // Flaky: fails on attempts 1 and 2, succeeds on 3.
  const attempts: { attempt: number; at: number; jobId: string }[] = [];
  const flakyDone = signal();
  const flaky: JobDefinition<{ tag: string }> = {
    name: "flaky",
    retryLimit: 3,
    retryDelaySeconds: 1,
    retryBackoff: true,
    handler: async (data, ctx) => {
      attempts.push({ attempt: ctx.attempt, at: Date.now(), jobId: ctx.jobId });
      expect(data.tag).toBe("x");
      if (ctx.attempt < 3) throw new Error(`planned failure ${ctx.attempt}`);
      flakyDone.resolve();
    },
  };

  const delayedRun = signal<number>();
  const bStarted = signal<void>();
  const delayed: JobDefinition<null> = {
    name: "delayed",
    handler: async () => delayedRun.resolve(Date.now()),
  };

  // Keyed: each run takes a while, so two runs of one key would overlap if allowed to.
  const spans: { key: string; id: number; start: number; end: number }[] = [];
  const keyed: JobDefinition<{ key: string; id: number }> = {
    name: "keyed",
    concurrency: 3,
    handler: async ({ key, id }) => {
      const start = Date.now();
      if (key === "b") bStarted.resolve();
      // The first "a" job holds its key until "b" has started (or 10 s pass): if keys shared one
      // lock, "b" could not start meanwhile and the check below fails, however loaded the machine.
      if (id === 1) await Promise.race([bStarted.promise, sleep(10_000)]);
      await sleep(600);
      spans.push({ key, id, start, end: Date.now() });
    },
  };

  beforeAll(async () => {
    database = makeDatabase();
    driver = new PgBossDriver({ database: database.config, schema: database.schema });
    await driver.start([flaky, delayed, keyed] as JobDefinition<never>[]);
  });

  afterAll(async () => {
    await driver?.stop();
    await database?.cleanup();
  });

  it.concurrent("retries a failing job with growing delays until it succeeds", async () => {
    const id = await driver.enqueue("flaky", { tag: "x" });
    await flakyDone.promise;
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
    expect(new Set(attempts.map((a) => a.jobId))).toEqual(new Set([id]));
    const [g1, g2] = [attempts[1].at - attempts[0].at, attempts[2].at - attempts[1].at];
    // pg-boss backoff: retryDelay * 2^n * (1 + jitter) → 1–2 s, then 2–4 s.
    // Lower bounds only: a loaded machine may run a retry late, never early.
    expect(g1).toBeGreaterThanOrEqual(900);
    expect(g2).toBeGreaterThanOrEqual(1900);
  });

  it.concurrent("starts a delayed job no earlier than asked", async () => {
    const sent = Date.now();
    await driver.enqueue("delayed", null, { delaySeconds: 2 });
    const ran = await delayedRun.promise;
    expect(ran - sent).toBeGreaterThanOrEqual(2000);
  });

  it.concurrent(
    "never runs two jobs of one key at once, yet runs both (and other keys alongside)",
    async () => {
      await driver.enqueue("keyed", { key: "a", id: 1 }, { singletonKey: "a" });
      await driver.enqueue("keyed", { key: "a", id: 2 }, { singletonKey: "a" });
      await driver.enqueue("keyed", { key: "b", id: 3 }, { singletonKey: "b" });
      const deadline = Date.now() + 15_000;
      while (spans.length < 3 && Date.now() < deadline) await sleep(50);
      expect(spans.map((s) => s.id).sort()).toEqual([1, 2, 3]);
      const [a1, a2] = spans.filter((s) => s.key === "a").sort((x, y) => x.start - y.start);
      expect(a2.start).toBeGreaterThanOrEqual(a1.end);
      // The key limit is per key, not per queue: "b" ran while an "a" job was running.
      const b = spans.find((s) => s.key === "b")!;
      expect(b.start).toBeLessThan(a1.end);
    },
  );
});
