import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appTargets, type App } from "../support/app";
import { startLocalSite, type LocalSite } from "../support/local-site";

/** docs/spec.md §3.2: the same Idempotency-Key with the same request returns the first token and result. */
describe.each(appTargets())("§3.2 idempotency ($label)", ({ start }) => {
  let site: LocalSite;
  let app: App;
  let key: string;
  let orgId: string;

  beforeAll(async () => {
    site = await startLocalSite();
    app = await start({ PAGE_TEST_HOSTS: site.hostsEnv });
    const org = await app.admin("org", "create", "--name", "Idem", "--plan", "pro", "--concurrency", "100");
    key = org.apiKey as string;
    orgId = org.organizationId as string;
  });
  afterAll(async () => {
    await app?.stop();
    await site?.close();
  });

  it("50 concurrent requests with one Idempotency-Key → exactly one run and one charge", async () => {
    const url = "http://article.test/idem-50";
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        app.post("/api/html", { url, sync: true, max_age: 0 }, key, { "idempotency-key": "batch-50" }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(
      statuses.every((s) => s === 200),
      statuses.join(","),
    ).toBe(true);
    const tokens = new Set(responses.map((r) => r.headers.get("x-result-token")));
    expect(tokens.size).toBe(1);
    const bodies = await Promise.all(responses.map((r) => r.text()));
    for (const b of bodies) expect(b).toContain("Inserted by the page's own script.");
    expect(site.hits.filter((h) => h === "article.test/idem-50").length).toBe(1);
    const charges = await app.sql<{ credits: number }>(
      `SELECT credits FROM "CreditLedger" WHERE "organizationId" = $1 AND kind = 'charge'`,
      [orgId],
    );
    expect(charges).toEqual([{ credits: 1 }]);
    expect(responses.map((r) => Number(r.headers.get("x-quota-cost"))).reduce((a, b) => a + b, 0)).toBe(1);
  });

  it("a replay of an async request returns the first token, also while the first is still running", async () => {
    const body = { url: "http://article.test/slow", max_age: 0 };
    const first = await (await app.post("/api/html", body, key, { "idempotency-key": "async-1" })).json();
    const again = await app.post("/api/html", body, key, { "idempotency-key": "async-1" });
    expect(again.status).toBe(200);
    expect((await again.json()).token).toBe(first.token);
    expect(again.headers.get("x-quota-cost")).toBe("0");
  });

  it("the same key with a different request within 24 hours → 422 idempotency_key_reused", async () => {
    await app.post("/api/html", { url: "http://article.test/k1" }, key, { "idempotency-key": "reuse" });
    const res = await app.post("/api/markdown", { url: "http://article.test/k1" }, key, {
      "idempotency-key": "reuse",
    });
    expect(res.status).toBe(422);
    expect((await res.json()).error).toBe("idempotency_key_reused");
  });

  it("after 24 hours the key may be used for a new request", async () => {
    await app.post("/api/html", { url: "http://article.test/k2" }, key, { "idempotency-key": "old" });
    await app.sql(
      `UPDATE "Request" SET "createdAt" = now() - interval '25 hours' WHERE "idempotencyKey" = 'old'`,
    );
    const res = await app.post("/api/html", { url: "http://article.test/k3" }, key, {
      "idempotency-key": "old",
    });
    expect(res.status).toBe(200);
  });
});
