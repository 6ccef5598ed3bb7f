import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCluster, type Cluster } from "../support/app";
import { startLocalSite, type LocalSite } from "../support/local-site";

async function until(fn: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await fn())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Scale-out on one PostgreSQL database: processes starting together, split roles, a limit that
 * holds across processes, and a worker killed mid-job. (Idempotency, credits and concurrency across
 * two processes run in the contract files themselves: tests/api/*.test.ts on "PostgreSQL, two
 * processes".)
 */
describe("scale-out on PostgreSQL", () => {
  let site: LocalSite;
  let cluster: Cluster;

  beforeAll(async () => {
    site = await startLocalSite();
    // Two `all` processes started at the same moment on a database that does not exist yet.
    cluster = await startCluster(
      {
        PAGE_TEST_HOSTS: site.hostsEnv,
        PAGE_CONCURRENCY: "2",
        RATE_LIMIT_REQUESTS: "30",
        RATE_LIMIT_WINDOW_SECONDS: "60",
      },
      { roles: ["all", "all"] },
    );
  });
  afterAll(async () => {
    await cluster?.stop();
    await site?.close();
  });

  it("two processes started at once on a fresh database both come up, migrated once; a third in the worker role joins", async () => {
    for (const m of cluster.members) expect((await m.get("/api/health")).status).toBe(200);
    const migrations = await cluster.sql<{ n: number; distinct: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT migration_name)::int AS distinct FROM "_prisma_migrations"`,
    );
    expect(migrations[0].n).toBe(migrations[0].distinct);
    const worker = await cluster.join({ PROCESS_ROLE: "worker" });
    expect((await worker.get("/api/health")).status).toBe(200);
  });

  it("a limit of 30 requests a minute, hit with 20 requests on each of two processes, refuses at least 10", async () => {
    const org = await cluster.admin("org", "create", "--name", "Rate", "--plan", "pro");
    const key = org.apiKey as string;
    const [a, b] = cluster.members;
    // "{}" is refused at validation, after the rate check: cheap, and it spends no credit.
    const responses = await Promise.all(
      [a, b].flatMap((m) => Array.from({ length: 20 }, () => m.post("/api/html", "{}", key))),
    );
    const limited = [];
    for (const r of responses) if (r.status === 429) limited.push(await r.json());
    expect(limited.length).toBeGreaterThanOrEqual(10);
    for (const body of limited) expect(body.error).toBe("rate_limited");
    expect(responses.filter((r) => r.status !== 429).length).toBeLessThanOrEqual(30);
  });

  it("SIGKILL of a worker process holding accepted async jobs: all 10 complete on the others and each webhook is delivered", async () => {
    const org = await cluster.admin(
      "org",
      "create",
      "--name",
      "Crash",
      "--plan",
      "pro",
      "--concurrency",
      "50",
    );
    const key = org.apiKey as string;
    await cluster.admin(
      "project",
      "set",
      "--project",
      String(org.projectId),
      "--webhook",
      "http://hooks.test/webhook/crash",
    );
    const tokens: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await cluster.post(
        "/api/html",
        { url: `http://article.test/scale-crash-${i}`, page_options: { delay: 1500 }, max_age: 0 },
        key,
      );
      expect(res.status).toBe(200);
      tokens.push((await res.json()).token);
    }
    // Three processes run jobs with two slots each: once five or more are active, every process
    // holds at least one, so the one killed certainly takes running jobs down with it.
    const active = async () =>
      (
        await cluster.sql<{ n: number }>(
          `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'run-request' AND state = 'active'`,
        )
      )[0].n;
    await until(async () => (await active()) >= 5, 60_000, "jobs to be running on every process");
    const victim = cluster.members[2]; // the worker-role process
    await victim.kill();
    const [a, b] = cluster.members;
    await until(
      async () => {
        const statuses = await Promise.all(
          tokens.map(async (t, i) => (await [a, b][i % 2].get(`/api/result/${t}`, key)).status),
        );
        return statuses.every((s) => s === 200);
      },
      150_000,
      "every job to complete",
    );
    const recovered = await cluster.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'run-request' AND retry_count > 0`,
    );
    expect(recovered[0].n).toBeGreaterThan(0); // the killed process's jobs ran again elsewhere
    const delivered = (t: string) => site.webhooks.some((w) => JSON.parse(w.body).data.token === t);
    await until(() => tokens.every(delivered), 60_000, "every webhook");
    const [row] = await cluster.sql<{ running: number; creditsReserved: number; creditsUsed: number }>(
      `SELECT running, "creditsReserved", "creditsUsed" FROM "Organization" WHERE id = $1`,
      [org.organizationId],
    );
    expect(row).toEqual({ running: 0, creditsReserved: 0, creditsUsed: 10 });
  }, 300_000);
});
