/**
 * Cache hits cost little: a hit points at the stored result instead of copying it, so 500 hits of a
 * large screenshot grow the database by far less than the screenshot; every hit still answers with
 * the whole result. Also: the per-organization project cap, through the admin command's code path.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type App } from "../support/app";
import { startLocalSite, type LocalSite } from "../support/local-site";

describe("cache hits and projects", () => {
  let site: LocalSite;
  let app: App;
  let key: string;
  let organizationId: string;

  beforeAll(async () => {
    site = await startLocalSite();
    app = await startApp({ PAGE_TEST_HOSTS: site.hostsEnv, RATE_LIMIT_REQUESTS: "100000" });
    const org = await app.admin("org", "create", "--name", "Hits", "--plan", "pro");
    key = org.apiKey as string;
    organizationId = org.organizationId as string;
  });
  afterAll(async () => {
    await app?.stop();
    await site?.close();
  });

  /** Bytes the database's tables (with indexes and TOAST) take, as PostgreSQL counts them. */
  const databaseBytes = async () =>
    Number(
      (
        await app.sql<{ n: string }>(
          `SELECT sum(pg_total_relation_size(c.oid))::bigint AS n FROM pg_class c
           JOIN pg_namespace s ON s.oid = c.relnamespace WHERE c.relkind = 'r' AND s.nspname = 'public'`,
        )
      )[0].n,
    );

  it("500 hits of a large screenshot grow the database by less than twice its size", async () => {
    const body = { url: "http://noise.test/noise", sync: true };
    const first = await app.post("/api/screenshot", body, key);
    expect(first.status).toBe(200);
    expect(first.headers.get("x-cache")).toBe("miss");
    const image = await first.text();
    const size = Buffer.byteLength(image);
    expect(size).toBeGreaterThan(1024 * 1024);

    const before = await databaseBytes();
    const tokens: string[] = [];
    for (let i = 0; i < 500; i++) {
      // Async hits: the answer is a token, so the test measures storage, not 500 downloads.
      const res = await app.post("/api/screenshot", { url: body.url }, key);
      expect(res.status).toBe(200);
      expect(res.headers.get("x-cache")).toBe("hit");
      expect(res.headers.get("x-quota-cost")).toBe("0");
      tokens.push((await res.json()).token);
    }
    const grew = (await databaseBytes()) - before;
    console.log(`[cache-hits] screenshot ${size} bytes; 500 hits grew the tables by ${grew} bytes`);
    expect(grew).toBeLessThan(2 * size);

    // Each hit still answers with the whole result, and a sync hit too.
    for (const token of [tokens[0], tokens[499]]) {
      const res = await app.get(`/api/result/${token}`, key);
      expect(res.status).toBe(200);
      expect(res.headers.get("x-cache")).toBe("hit");
      expect(await res.text()).toBe(image);
    }
    const syncHit = await app.post("/api/screenshot", body, key);
    expect(syncHit.headers.get("x-cache")).toBe("hit");
    expect(await syncHit.text()).toBe(image);
    const [stored] = await app.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM "Result" WHERE bytes >= $1`,
      [size],
    );
    expect(stored.n).toBe(1);
  }, 240_000);

  it("scrape hits store their envelope once, then point at it", async () => {
    const url = "http://noise.test/noise";
    const single = await app.post("/api/screenshot", { url, sync: true }, key);
    const size = Buffer.byteLength(await single.text());
    const before = await databaseBytes();
    let first = "";
    for (let i = 0; i < 50; i++) {
      const res = await app.post("/api/scrape", { url, operations: ["screenshot"], sync: i === 0 }, key);
      expect(res.headers.get("x-cache")).toBe("hit");
      if (i === 0) first = await res.text();
      else await res.arrayBuffer();
    }
    const grew = (await databaseBytes()) - before;
    console.log(`[cache-hits] 50 scrape hits grew the tables by ${grew} bytes (screenshot ${size})`);
    expect(grew).toBeLessThan(2 * size);
    const envelope = JSON.parse(first);
    expect(envelope.operations.screenshot).toMatchObject({ success: true, cached: true });
    expect(envelope.operations.screenshot.result.length).toBe(size);
  }, 120_000);

  it("cache hits pass through the request rate limit", async () => {
    const limited = await startApp({ PAGE_TEST_HOSTS: site.hostsEnv, RATE_LIMIT_REQUESTS: "3" });
    try {
      const org = await limited.admin("org", "create", "--name", "Rl", "--plan", "pro");
      const k = org.apiKey as string;
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push(
          (await limited.post("/api/html", { url: "http://article.test/rl", sync: true }, k)).status,
        );
      // The first is a miss, the next two are hits: the rest are refused like any other request.
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await limited.stop();
    }
  }, 120_000);

  it("an organization has at most 25 projects; the 26th is refused with a clear error", async () => {
    // Projects 2–24 straight into the table (each admin command is a process of ~2 s); the 25th
    // through the command, which must still be allowed, and the 26th, which must not.
    await app.sql(
      `INSERT INTO "Project" ("id", "organizationId", "name", "webhookSecret")
       SELECT 'limit-' || i, $1, 'P' || i, 'whsec_test' FROM generate_series(2, 24) AS i`,
      [organizationId],
    );
    const last = await app.admin("project", "create", "--org", organizationId, "--name", "P25");
    expect(last.apiKey).toMatch(/^ptd_live_/);
    const refused = await app
      .admin("project", "create", "--org", organizationId, "--name", "One too many")
      .then(
        () => null,
        (err: Error) => err.message,
      );
    expect(refused).toMatch(/"error":"project_limit"/);
    expect(refused).toMatch(/already has 25 projects/);
    const [count] = await app.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM "Project" WHERE "organizationId" = $1`,
      [organizationId],
    );
    expect(count.n).toBe(25);
  }, 240_000);
});
