/**
 * Webhooks per organization and destination: deliveries to a receiver that never answers cannot
 * delay another project's deliveries, one tenant's failures at a shared receiver never hold back
 * another tenant's deliveries there, the hanging lane is backed off on its own, and a project's
 * backlog of waiting deliveries is capped.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type App } from "../support/app";
import { startLocalSite, type LocalSite } from "../support/local-site";

async function until(fn: () => boolean | Promise<boolean>, timeoutMs = 90_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await fn())) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("webhook lanes", () => {
  let site: LocalSite;
  let app: App;
  let stuckKey: string;
  let otherKey: string;

  beforeAll(async () => {
    site = await startLocalSite();
    app = await startApp({ PAGE_TEST_HOSTS: site.hostsEnv, WEBHOOK_MAX_PENDING_PER_PROJECT: "25" });
    const stuck = await app.admin("org", "create", "--name", "Stuck", "--plan", "pro", "--concurrency", "30");
    stuckKey = stuck.apiKey as string;
    const other = await app.admin("org", "create", "--name", "Other", "--plan", "pro");
    otherKey = other.apiKey as string;
  });
  afterAll(async () => {
    await app?.stop();
    await site?.close();
  });

  const tokensDone = async (tokens: string[], key: string) =>
    (await Promise.all(tokens.map(async (t) => (await app.get(`/api/result/${t}`, key)).status))).every(
      (s) => s === 200,
    );

  it("20 deliveries to a receiver that never answers: another project's webhook still arrives within 30 s", async () => {
    const tokens: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await app.post(
        "/api/html",
        { url: "http://article.test/lanes", report_to: "http://hang.test/webhook-hang" },
        stuckKey,
      );
      expect(res.status).toBe(200);
      tokens.push((await res.json()).token);
    }
    await until(() => tokensDone(tokens, stuckKey));
    // The receiver is now holding attempts open; the other project's result is ready at once (a hit).
    await until(() => site.hits.some((h) => h.startsWith("hang.test/webhook-hang")));
    const sent = Date.now();
    const res = await app.post(
      "/api/html",
      { url: "http://article.test/lanes", report_to: "http://elsewhere.test/webhook/other" },
      otherKey,
    );
    const { token } = await res.json();
    await until(() => site.webhooks.some((w) => JSON.parse(w.body).data.token === token), 30_000);
    console.log(`[webhook-lanes] the other project's webhook arrived after ${Date.now() - sent} ms`);
  }, 180_000);

  it("tenant B's webhook to the same receiver arrives within 30 s while tenant A's deliveries there fail", async () => {
    const failing: string[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await app.post(
        "/api/html",
        { url: "http://article.test/lanes", report_to: "http://shared.test/webhook-fail/a" },
        stuckKey,
      );
      failing.push((await res.json()).token);
    }
    // A's lane to the shared receiver has failed enough to open its circuit (before issue 27 the
    // receiver's circuit, which held every tenant's deliveries there for 30 s, then 60, 120, …).
    await until(async () => {
      const [row] = await app.sql<{ failures: number; openUntil: Date | null }>(
        `SELECT failures, "openUntil" FROM "WebhookDestination" WHERE origin LIKE '% http://shared.test'`,
      );
      return (row?.failures ?? 0) >= 5 && row.openUntil !== null;
    }, 120_000);
    const sent = Date.now();
    const res = await app.post(
      "/api/html",
      { url: "http://article.test/lanes", report_to: "http://shared.test/webhook/b" },
      otherKey,
    );
    const { token } = await res.json();
    await until(() => site.webhooks.some((w) => JSON.parse(w.body).data.token === token), 30_000);
    console.log(
      `[webhook-lanes] tenant B's webhook to the shared receiver arrived after ${Date.now() - sent} ms`,
    );
    const [a] = await app.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM "WebhookDelivery" WHERE state = 'pending' AND url LIKE 'http://shared.test/webhook-fail/%'`,
    );
    expect(a.n).toBeGreaterThan(0); // A's deliveries are still waiting on their own circuit
  }, 180_000);

  it("the hanging destination is backed off on its own: after 5 failed attempts it gets no attempt for a while", async () => {
    await until(async () => {
      const [row] = await app.sql<{ failures: number; openUntil: Date | null }>(
        `SELECT failures, "openUntil" FROM "WebhookDestination" WHERE origin LIKE '% http://hang.test'`,
      );
      return (row?.failures ?? 0) >= 5 && row.openUntil !== null;
    }, 120_000);
    const [attempts] = await app.sql<{ n: number }>(`SELECT count(*)::int AS n FROM "WebhookAttempt"`);
    // Only the circuit's attempts were spent, not one per waiting delivery.
    const before = attempts.n;
    await new Promise((r) => setTimeout(r, 5_000));
    const [after] = await app.sql<{ n: number }>(`SELECT count(*)::int AS n FROM "WebhookAttempt"`);
    expect(after.n - before).toBeLessThanOrEqual(1);
    const [pending] = await app.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM "WebhookDelivery" WHERE state = 'pending' AND url LIKE 'http://hang.test/%'`,
    );
    expect(pending.n).toBeGreaterThan(10);
  }, 180_000);

  it("a project over its cap of waiting deliveries: the extra delivery is recorded as failed, unsent", async () => {
    const tokens: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await app.post(
        "/api/html",
        { url: "http://article.test/lanes", report_to: "http://hang.test/webhook-hang" },
        stuckKey,
      );
      tokens.push((await res.json()).token);
    }
    const rows = await app.sql<{ state: string; error: string | null }>(
      `SELECT d.state, a.error FROM "WebhookDelivery" d JOIN "Request" r ON r.id = d."requestId"
       LEFT JOIN "WebhookAttempt" a ON a."deliveryId" = d.id WHERE r.token = ANY($1)`,
      [tokens],
    );
    const refused = rows.filter((r) => r.state === "failed");
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0].error).toMatch(/deliveries waiting \(limit 25\)/);
    // The results themselves are there.
    expect(await tokensDone(tokens, stuckKey)).toBe(true);
  }, 120_000);
});
