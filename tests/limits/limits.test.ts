/**
 * The shared limiter holds exactly under parallel bursts, and two processes on one PostgreSQL
 * database (or one Redis) share one budget.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { closeLimits, limiter, limitStore } from "@/lib/limits";
import { PG_URL } from "../jobs/helpers";
import { reloadConfig } from "@/lib/config";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");
const unique = () => `t_${randomBytes(4).toString("hex")}`;

/** Runs the worker in its own process with `env`, returning how many hits it was allowed. */
async function spendInChild(
  env: Record<string, string>,
  name: string,
  key: string,
  points: number,
  count: number,
) {
  const { stdout } = await run(
    process.execPath,
    [
      path.join(ROOT, "node_modules/tsx/dist/cli.mjs"),
      path.join(import.meta.dirname, "consume-worker.ts"),
      name,
      key,
      String(points),
      String(count),
    ],
    { cwd: ROOT, env: { ...process.env, ...env } },
  );
  return Number(stdout.trim());
}

const stores: Array<{ label: string; env: Record<string, string | undefined> }> = [
  {
    label: "memory (embedded database)",
    env: { DATABASE_URL: "pglite:memory://limits", REDIS_URL: undefined },
  },
  { label: "PostgreSQL", env: { DATABASE_URL: PG_URL, REDIS_URL: undefined } },
  { label: "Redis", env: { DATABASE_URL: PG_URL, REDIS_URL: "redis://127.0.0.1:6379" } },
];

describe.each(stores)("limits on $label", ({ env }) => {
  const saved = { DATABASE_URL: process.env.DATABASE_URL, REDIS_URL: process.env.REDIS_URL };
  const setEnv = (e: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(e)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    reloadConfig();
  };
  afterEach(async () => {
    await closeLimits();
    setEnv(saved);
  });

  it("allows exactly `points` of a parallel burst and tells when to retry", async () => {
    setEnv(env);
    const l = limiter({ name: unique(), points: 10, windowSeconds: 60 });
    const verdicts = await Promise.all(Array.from({ length: 50 }, () => l.consume("k")));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(10);
    const refused = verdicts.find((v) => !v.allowed);
    expect(refused && !refused.allowed && refused.retryAfterSeconds).toBeGreaterThan(0);
    await l.reset("k");
    expect((await l.consume("k")).allowed).toBe(true);
  });

  it("is shared by two processes where the store is shared", async () => {
    setEnv(env);
    const childEnv = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)) as Record<
      string,
      string
    >;
    if (env.REDIS_URL === undefined) childEnv.REDIS_URL = "";
    const name = unique();
    const [a, b] = await Promise.all([
      spendInChild(childEnv, name, "k", 30, 20),
      spendInChild(childEnv, name, "k", 30, 20),
    ]);
    if (limitStore() === "memory")
      expect(a + b).toBe(40); // one process owns the embedded database
    else expect(a + b).toBe(30);
  });
});

describe("limits on a fresh PostgreSQL database", () => {
  it("takes hits on every rule when several create the table at the same moment, and after the server drops its connections", async () => {
    // The store's table is created on first use; rules created together race to create it (as two
    // processes starting together on a new database do), and a loser must still take hits.
    const database = unique();
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    const saved = { DATABASE_URL: process.env.DATABASE_URL, REDIS_URL: process.env.REDIS_URL };
    const url = new URL(PG_URL);
    url.pathname = `/${database}`;
    process.env.DATABASE_URL = url.toString();
    delete process.env.REDIS_URL;
    reloadConfig();
    try {
      expect(limitStore()).toBe("postgres");
      const rules = Array.from({ length: 8 }, () =>
        limiter({ name: unique(), points: 5, windowSeconds: 60 }),
      );
      const verdicts = await Promise.all(rules.map((l) => l.consume("k")));
      expect(verdicts.map((v) => v.allowed)).toEqual(rules.map(() => true));
      // The server drops the pool's idle connections (a restart, an administrator's terminate):
      // no unhandled 'error' event (vitest fails the run on one), and the next hit reconnects.
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
        [database],
      );
      await new Promise((r) => setTimeout(r, 300));
      expect((await rules[0]!.consume("k")).allowed).toBe(true);
    } finally {
      await closeLimits();
      if (saved.DATABASE_URL === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = saved.DATABASE_URL;
      if (saved.REDIS_URL !== undefined) process.env.REDIS_URL = saved.REDIS_URL;
      reloadConfig();
      await admin.query(`DROP DATABASE ${database} WITH (FORCE)`);
      await admin.end();
    }
  });
});
