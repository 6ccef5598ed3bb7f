import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appTargets, type App } from "../support/app";
import { startLocalSite, type LocalSite } from "../support/local-site";
import { until } from "../jobs/helpers";

/** docs/spec.md §1, §7.1, §8: credits, quota, parallelism and request rate. */
describe.each(appTargets())("§1 §7.1 credits and limits ($label)", ({ start }) => {
  let site: LocalSite;
  let app: App;

  beforeAll(async () => {
    site = await startLocalSite();
    app = await start({
      PAGE_TEST_HOSTS: site.hostsEnv,
      RATE_LIMIT_REQUESTS: "150",
      RATE_LIMIT_WINDOW_SECONDS: "60",
    });
  });
  afterAll(async () => {
    await app?.stop();
    await site?.close();
  });

  it("§7.1 a free organization with 3 credits left: of 20 parallel html requests at most 3 succeed, the rest 429, never negative", async () => {
    const org = await app.admin(
      "org",
      "create",
      "--name",
      "Tight",
      "--plan",
      "free",
      "--verified",
      "--monthly-credits",
      "3",
      "--concurrency",
      "50",
    );
    const key = org.apiKey as string;
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        app.post("/api/html", { url: `http://article.test/q${i}`, sync: true, max_age: 0 }, key),
      ),
    );
    const ok = responses.filter((r) => r.status === 200);
    const refused = responses.filter((r) => r.status === 429);
    expect(ok.length).toBeLessThanOrEqual(3);
    expect(ok.length).toBeGreaterThanOrEqual(1); // the credits it had are usable, not lost to the race
    const others = responses.filter((r) => r.status !== 200 && r.status !== 429);
    const otherBodies = await Promise.all(others.map(async (r) => `${r.status} ${await r.text()}`));
    expect(ok.length + refused.length, otherBodies.join("\n")).toBe(20);
    const bodies = await Promise.all(refused.map((r) => r.json()));
    for (const b of bodies) {
      expect(b.error).toBe("quota_exceeded");
      expect(b).toMatchObject({ limit: 3, needed: 1 });
      expect(typeof b.used).toBe("number");
      expect(new Date(b.resets_at).getTime()).toBeGreaterThan(Date.now());
    }
    const [row] = await app.sql<{ creditsUsed: number; creditsReserved: number; running: number }>(
      `SELECT "creditsUsed", "creditsReserved", running FROM "Organization" WHERE id = $1`,
      [org.organizationId],
    );
    expect(row.creditsUsed).toBe(ok.length);
    expect(row.creditsUsed).toBeLessThanOrEqual(3);
    expect(row.creditsReserved).toBe(0);
    expect(row.running).toBe(0);
    for (const r of ok) expect(Number(r.headers.get("x-quota-remaining"))).toBeGreaterThanOrEqual(0);
  });

  it("§7.1 a paid plan is never refused for credits; it continues and the overage is recorded", async () => {
    const org = await app.admin("org", "create", "--name", "Paid", "--plan", "pro", "--monthly-credits", "1");
    const key = org.apiKey as string;
    for (let i = 0; i < 3; i++) {
      const res = await app.post("/api/html", { url: `http://article.test/over${i}`, sync: true }, key);
      expect(res.status).toBe(200);
    }
    const ledger = await app.sql<{ overage: boolean }>(
      `SELECT overage FROM "CreditLedger" WHERE "organizationId" = $1 AND kind = 'charge'`,
      [org.organizationId],
    );
    expect(ledger.filter((l) => l.overage).length).toBe(2);
  });

  it("§8 monthly credits reset per organization when its billing period ends", async () => {
    const org = await app.admin(
      "org",
      "create",
      "--name",
      "Monthly",
      "--plan",
      "free",
      "--verified",
      "--monthly-credits",
      "2",
    );
    const key = org.apiKey as string;
    await app.sql(
      `UPDATE "Organization" SET "creditsUsed" = 2, "periodStart" = now() - interval '40 days' WHERE id = $1`,
      [org.organizationId],
    );
    const res = await app.post(
      "/api/html",
      { url: "http://article.test/reset", sync: true, max_age: 0 },
      key,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("x-quota-remaining")).toBe("1");
    const [row] = await app.sql<{ creditsUsed: number; days: number }>(
      `SELECT "creditsUsed", extract(day from now() - "periodStart")::int AS days FROM "Organization" WHERE id = $1`,
      [org.organizationId],
    );
    expect(row.creditsUsed).toBe(1);
    expect(row.days).toBeLessThan(31);
  });

  it("§7.1 over the parallel-request limit: 429 concurrency_limit with limit and running", async () => {
    const org = await app.admin("org", "create", "--name", "Serial", "--plan", "pro", "--concurrency", "1");
    const key = org.apiKey as string;
    // The first visit's page holds its answer until released: once the page has been asked for,
    // the request is surely admitted and running, however slow the machine.
    const first = app.post(
      "/api/html",
      { url: "http://article.test/held-serial", sync: true, max_age: 0 },
      key,
    );
    await until(
      () => site.hits.includes("article.test/held-serial"),
      60_000,
      "the first request's page to be asked for",
    );
    const second = await app.post("/api/html", { url: "http://article.test/other", sync: true }, key);
    site.release();
    expect(second.status).toBe(429);
    expect(await second.json()).toMatchObject({ error: "concurrency_limit", limit: 1, running: 1 });
    expect((await first).status).toBe(200);
  });

  it("§7.1 sending too fast: 429 rate_limited with Retry-After, spending nothing", async () => {
    const org = await app.admin("org", "create", "--name", "Fast", "--plan", "pro");
    const key = org.apiKey as string;
    let limited: Response | undefined;
    for (let i = 0; i < 200 && !limited; i++) {
      const res = await app.post("/api/html", "{}", key); // cheap: refused at validation, after the rate check
      if (res.status === 429) limited = res;
    }
    expect(limited).toBeDefined();
    expect((await limited!.json()).error).toBe("rate_limited");
    expect(Number(limited!.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("§1 residential: no exit configured → the spec's message, nothing spent", async () => {
    const org = await app.admin("org", "create", "--name", "Resi", "--plan", "pro");
    const res = await app.post(
      "/api/html",
      { url: "http://article.test/resi", sync: true, residential: true },
      org.apiKey as string,
    );
    expect(res.status).toBe(422);
    expect((await res.json()).error).toMatch(/^No residential exit was free/);
    const [row] = await app.sql<{ creditsUsed: number }>(
      `SELECT "creditsUsed" FROM "Organization" WHERE id = $1`,
      [org.organizationId],
    );
    expect(row.creditsUsed).toBe(0);
  });
});
