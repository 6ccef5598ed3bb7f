import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { appTargets, type App } from "../support/app";
import { startLocalSite, type LocalSite } from "../support/local-site";

async function until(fn: () => boolean | Promise<boolean>, timeoutMs = 90_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await fn())) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** docs/spec.md §6: signed deliveries of async results, with retries; a crash loses nothing. */
describe.each(appTargets())("§6 webhooks ($label)", ({ start }) => {
  let site: LocalSite;
  let app: App;
  let key: string;
  let projectId: string;
  let secret: string;

  beforeAll(async () => {
    site = await startLocalSite();
    app = await start({
      PAGE_TEST_HOSTS: site.hostsEnv,
      WEBHOOK_RETRY_DELAY_SECONDS: "1",
      PAGE_CONCURRENCY: "2",
    });
    const org = await app.admin("org", "create", "--name", "Hooks", "--plan", "pro", "--concurrency", "50");
    key = org.apiKey as string;
    projectId = org.projectId as string;
    secret = (
      await app.admin(
        "project",
        "set",
        "--project",
        projectId,
        "--webhook",
        "http://hooks.test/webhook/default",
      )
    ).webhookSecret as string;
  });
  afterAll(async () => {
    await app?.stop();
    await site?.close();
  });

  const deliveriesFor = (token: string) =>
    site.webhooks.filter((w) => JSON.parse(w.body).data.token === token);

  it("§6.1 §6.2 the result is POSTed to report_to with the labels, signed per Standard Webhooks", async () => {
    const res = await app.post(
      "/api/meta",
      {
        url: "http://article.test/hook",
        report_to: "http://hooks.test/webhook/custom",
        labels: { job: "7" },
      },
      key,
    );
    const { token } = await res.json();
    await until(() => deliveriesFor(token).length > 0);
    const [delivery] = deliveriesFor(token);
    const payload = new Webhook(secret).verify(delivery.body, {
      "webhook-id": String(delivery.headers["webhook-id"]),
      "webhook-timestamp": String(delivery.headers["webhook-timestamp"]),
      "webhook-signature": String(delivery.headers["webhook-signature"]),
    }) as { type: string; data: Record<string, unknown> };
    expect(payload.type).toBe("request.completed");
    expect(payload.data).toMatchObject({
      token,
      operation: "meta",
      status: "complete",
      labels: { job: "7" },
      cost: 5,
    });
    expect((payload.data.result as { title: string }).title).toBe("A local article");
    expect(site.hits).toContain("hooks.test/webhook/custom");
  });

  it("§6.1 without report_to the project's default webhook receives it; a failure is delivered too", async () => {
    const { token } = await (await app.post("/api/html", { url: "http://article.test/missing" }, key)).json();
    await until(() => deliveriesFor(token).length > 0);
    const body = JSON.parse(deliveriesFor(token)[0].body);
    expect(body.type).toBe("request.failed");
    expect(body.data.error).toBe("The requested page was not found.");
    expect(site.hits).toContain("hooks.test/webhook/default");
  });

  it("a failed delivery is retried with backoff and every attempt is logged", async () => {
    site.webhookStatus = 500;
    const { token } = await (
      await app.post("/api/html", { url: "http://article.test/retry-hook" }, key)
    ).json();
    await until(() => deliveriesFor(token).length >= 2);
    site.webhookStatus = 200;
    await until(async () => {
      const rows = await app.sql<{ state: string }>(
        `SELECT d.state FROM "WebhookDelivery" d JOIN "Request" r ON r.id = d."requestId" WHERE r.token = $1`,
        [token],
      );
      return rows[0]?.state === "delivered";
    });
    const attempts = await app.sql<{ attempt: number; status: number }>(
      `SELECT a.attempt, a.status FROM "WebhookAttempt" a JOIN "WebhookDelivery" d ON d.id = a."deliveryId" JOIN "Request" r ON r.id = d."requestId" WHERE r.token = $1 ORDER BY a.attempt`,
      [token],
    );
    expect(attempts.length).toBeGreaterThanOrEqual(3);
    expect(attempts[0].status).toBe(500);
    expect(attempts.at(-1)!.status).toBe(200);
    const times = deliveriesFor(token).map((d) => d.at);
    if (times.length >= 3) expect(times[2] - times[1]).toBeGreaterThan((times[1] - times[0]) * 0.9);
  }, 120_000);

  it("§6.3 an invalid report_to makes the request fail with a report_to_* 422", async () => {
    // The delivery-time egress check (a name that resolves privately when delivered) is covered by
    // tests/net/safe-fetch.test.ts; here the request-time URL policy answers.
    const res = await app.post(
      "/api/html",
      { url: "http://article.test/", report_to: "http://169.254.169.254/latest" },
      key,
    );
    expect(res.status).toBe(422);
    expect((await res.json()).error).toMatch(/^report_to_/);
  });

  it("the server killed with SIGKILL while 30 async jobs are in flight: all complete after the restart, each charged once, each webhook one event id", async () => {
    const orgOf = async () =>
      (
        await app.sql<{ running: number; creditsReserved: number; creditsUsed: number }>(
          `SELECT o.running, o."creditsReserved", o."creditsUsed" FROM "Organization" o JOIN "Project" p ON p."organizationId" = o.id WHERE p.id = $1`,
          [projectId],
        )
      )[0]!;
    const usedBefore = (await orgOf()).creditsUsed;
    const tokens: string[] = [];
    // Spread over six customers' hosts, as real traffic is: one host may hold only part of the
    // slots (docs/decisions.md "Fair slots"), and the recovery measured is the queue's, not one
    // host's politeness.
    for (let i = 0; i < 30; i++) {
      const res = await app.post(
        "/api/html",
        { url: `http://crash-${i % 6}.test/crash-${i}`, page_options: { delay: 300 }, max_age: 0 },
        key,
      );
      tokens.push((await res.json()).token);
    }
    await until(async () => {
      const rows = await app.sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM "Request" WHERE state = 'processing'`,
      );
      return rows[0].n > 0;
    });
    // The jobs running when the process dies: issue 27 asks that they resume within 30 s of the
    // restart (the rest are a queue).
    const running = await app.sql<{ token: string; attempts: number }>(
      `SELECT token, attempts FROM "Request" WHERE token = ANY($1) AND state = 'processing' AND "startedAt" IS NOT NULL`,
      [tokens],
    );
    await app.kill();
    await app.restart();
    const restarted = Date.now();
    await until(async () => {
      const rows = await app.sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM "Request" r JOIN unnest($1::text[], $2::int[]) AS k(token, attempts) ON r.token = k.token WHERE r.attempts > k.attempts OR r.state <> 'processing'`,
        [running.map((r) => r.token), running.map((r) => r.attempts)],
      );
      return rows[0].n === running.length;
    }, 150_000);
    console.log(
      `[webhooks] the ${running.length} jobs running at the kill resumed ${Date.now() - restarted} ms after the restart`,
    );
    // A connection the killed server left in the client's pool may be reset once: ask again.
    const allDone = async () =>
      (
        await Promise.all(
          tokens.map(async (t) => (await app.get(`/api/result/${t}`, key).catch(() => null))?.status),
        )
      ).every((s) => s === 200);
    await until(allDone, 150_000).catch(async (err: unknown) => {
      const states = await app.sql<{ state: string; n: number; attempts: number }>(
        `SELECT state, attempts, count(*)::int AS n FROM "Request" WHERE token = ANY($1) GROUP BY state, attempts`,
        [tokens],
      );
      const jobs = await app.sql<{ name: string; state: string; n: number; start_after: string }>(
        `SELECT name, state::text, count(*)::int AS n, max(start_after)::text AS start_after FROM pgboss.job GROUP BY name, state`,
      );
      const odd = await app.sql(
        `SELECT state::text, retry_count, group_id, singleton_key, started_on::text, start_after::text, output::text, data::text FROM pgboss.job WHERE state IN ('active', 'retry', 'failed') OR (state = 'created' AND retry_count > 0) LIMIT 5`,
      );
      const host = await app.sql(
        `SELECT host, "backoffMs", "nextAllowedAt"::text, "lastSuccessAt"::text, "lastFailure" FROM "HostState"`,
      );
      const reqs = await app.sql(
        `SELECT attempts, state, "startedAt"::text, "finishedAt"::text, "processingMs", error FROM "Request" WHERE token = ANY($1) AND state <> 'processing'`,
        [tokens],
      );
      console.log(
        `[webhooks] restarted at ${new Date(restarted).toISOString()}`,
        JSON.stringify(host),
        JSON.stringify(reqs),
      );
      console.log(
        "[webhooks] not done:",
        JSON.stringify(states),
        JSON.stringify(jobs),
        JSON.stringify(odd),
        app.logs.join("").slice(-3000),
      );
      throw err;
    });
    const recoveryMs = Date.now() - restarted;
    console.log(`[webhooks] all 30 jobs complete ${recoveryMs} ms after the restart`);
    // Issue 27 asks for 30 s; the time is printed, not asserted (no timing assertions in tests).
    await until(() => tokens.every((t) => deliveriesFor(t).length >= 1), 60_000);
    await new Promise((r) => setTimeout(r, 3_000)); // room for a duplicate to show up
    const org = await orgOf();
    expect({ running: org.running, creditsReserved: org.creditsReserved }).toEqual({
      running: 0,
      creditsReserved: 0,
    });
    expect(org.creditsUsed - usedBefore).toBe(30); // html costs 1: each request charged once
    const costs = await app.sql<{ cost: number }>(`SELECT cost FROM "Request" WHERE token = ANY($1)`, [
      tokens,
    ]);
    expect(costs.map((r) => r.cost)).toEqual(tokens.map(() => 1));
    let repeats = 0;
    for (const t of tokens) {
      const ids = new Set(deliveriesFor(t).map((w) => w.headers["webhook-id"]));
      expect(ids.size, t).toBe(1); // one event id per request, however often it was sent
      repeats += deliveriesFor(t).length - 1;
    }
    console.log(`[webhooks] deliveries sent again after the crash (same event id): ${repeats}`);
  }, 300_000);
});
