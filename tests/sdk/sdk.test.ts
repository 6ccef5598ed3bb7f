import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { startApp, type App } from "../support/app";
import { startLocalSite, type LocalSite } from "../support/local-site";
import { until } from "../jobs/helpers";

/**
 * The SDK end to end, against the real server and a local `.test` site, imported the way a user
 * imports it: `@page-to-data/sdk` (the package's exports, i.e. the built bundle in packages/sdk/dist/).
 */
type Sdk = typeof import("../../packages/sdk/src");

describe("SDK (@page-to-data/sdk) against the real server", () => {
  let site: LocalSite;
  let app: App;
  let key: string;
  let sdk: Sdk;

  beforeAll(async () => {
    // packages/*/dist: built by ensure_build (the test command), which always rebuilds them.
    // The package's own name resolves through its `exports`, as it does from another project.
    // (A variable, so that type-checking does not need dist/ to exist yet.)
    const specifier = "@page-to-data/sdk";
    sdk = (await import(/* @vite-ignore */ specifier)) as Sdk;
    site = await startLocalSite();
    app = await startApp({ PAGE_TEST_HOSTS: site.hostsEnv });
    key = (await app.admin("org", "create", "--name", "SDK", "--plan", "pro")).apiKey as string;
  });
  afterAll(async () => {
    await app?.stop();
    await site?.close();
  });

  it("a sync call returns the typed result and the headers' information", async () => {
    const ptd = new sdk.PageToData({ apiKey: key, baseUrl: app.url });
    const md = await ptd.markdown({ url: "http://article.test/sdk", sync: true });
    expect(md.status).toBe("complete");
    expect(md.result).toMatch(/^This paragraph is part of the static HTML/); // the main content, no title line
    expect(md.token).toMatch(/^req_/);
    expect(md.cost).toBe(1);
    expect(md.cached).toBe(false);
    const meta = await ptd.meta({ url: "http://article.test/sdk", sync: true });
    // Typed: meta.result is Metadata.
    expect(meta.result.title).toBe("A local article");
    const shot = await ptd.screenshot({
      url: "http://article.test/sdk",
      sync: true,
      screenshot_options: { full_page: false, viewport_width: 400 },
    });
    expect(Buffer.from(shot.result, "base64").subarray(1, 4).toString()).toBe("PNG");
  });

  it("async: the token, then waitForResult polls GET /result until the result is there", async () => {
    const ptd = new sdk.PageToData({ apiKey: key, baseUrl: app.url });
    const ack = await ptd.html({ url: "http://article.test/sdk-async", labels: { order: "7" } });
    expect(ack).toMatchObject({ status: "accepted", labels: { order: "7" } });
    const done = await ptd.waitForResult<"html">(ack.token);
    expect(done.result).toContain("Inserted by the page's own script.");
  });

  it("typed errors carry the code, the token and the 429 fields", async () => {
    const ptd = new sdk.PageToData({ apiKey: key, baseUrl: app.url });
    const invalid = await ptd.markdown({ url: "ftp://example.com/", sync: true }).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(sdk.PageToDataError);
    expect(invalid).toMatchObject({ status: 422, code: "invalid_url" });

    const failed = await ptd
      .markdown({ url: "http://article.test/missing", sync: true })
      .catch((e: unknown) => e);
    expect(failed).toMatchObject({
      status: 422,
      code: "not_found",
      message: "The requested page was not found.",
    });
    expect((failed as InstanceType<Sdk["PageToDataError"]>).token).toMatch(/^req_/);
    expect((failed as InstanceType<Sdk["PageToDataError"]>).isOperationalFailure).toBe(true);

    const badKey = new sdk.PageToData({ apiKey: "ptd_live_nope", baseUrl: app.url });
    await expect(badKey.html({ url: "http://article.test/", sync: true })).rejects.toMatchObject({
      status: 401,
      code: "invalid_api_key",
    });

    const free = await app.admin(
      "org",
      "create",
      "--name",
      "Broke",
      "--plan",
      "free",
      "--verified",
      "--monthly-credits",
      "1",
    );
    const broke = new sdk.PageToData({ apiKey: free.apiKey as string, baseUrl: app.url });
    const quota = await broke
      .meta({ url: "http://article.test/sdk-quota", sync: true })
      .catch((e: unknown) => e);
    // quota_exceeded is not retried (waiting does not bring credits back) and carries its fields.
    expect(quota).toMatchObject({ status: 429, code: "quota_exceeded", limit: 1, needed: 5 });
    expect((quota as InstanceType<Sdk["PageToDataError"]>).resetsAt).toBeTruthy();
  });

  it("retries a 429 concurrency_limit with backoff until a slot is free", async () => {
    const org = await app.admin("org", "create", "--name", "Serial", "--plan", "pro", "--concurrency", "1");
    const ptd = new sdk.PageToData({
      apiKey: org.apiKey as string,
      baseUrl: app.url,
      retryDelayMs: 500,
      maxRetries: 8,
    });
    let attempts = 0;
    const counting = new sdk.PageToData({
      apiKey: org.apiKey as string,
      baseUrl: app.url,
      retryDelayMs: 500,
      maxRetries: 8,
      fetch: (input, init) => {
        attempts++;
        return fetch(input, init);
      },
    });
    // The first holds the only slot until its page answers (released 1.5 s after the page was asked
    // for, so surely while it runs); the second must wait its turn, not fail.
    const first = ptd.html({ url: "http://article.test/held-sdk-first", sync: true });
    await until(
      () => site.hits.includes("article.test/held-sdk-first"),
      60_000,
      "the first request's page to be asked for",
    );
    setTimeout(() => site.release(), 1500);
    const second = await counting.html({ url: "http://article.test/sdk-second", sync: true });
    expect(second.result).toContain("A local article");
    expect((await first).result).toContain("A local article");
    expect(attempts).toBeGreaterThan(1);
  });

  it("an Idempotency-Key replays the first request instead of running it again", async () => {
    const ptd = new sdk.PageToData({ apiKey: key, baseUrl: app.url });
    const a = await ptd.markdown(
      { url: "http://article.test/sdk-idem", sync: true },
      { idempotencyKey: "sdk-1" },
    );
    const b = await ptd.markdown(
      { url: "http://article.test/sdk-idem", sync: true },
      { idempotencyKey: "sdk-1" },
    );
    expect(b.token).toBe(a.token);
    expect(b.cost).toBe(0);
    const reused = await ptd
      .markdown({ url: "http://article.test/other", sync: true }, { idempotencyKey: "sdk-1" })
      .catch((e: unknown) => e);
    expect(reused).toMatchObject({ status: 422, code: "idempotency_key_reused" });
  });

  it("verifyWebhook accepts a real delivery and refuses a tampered one", async () => {
    const project = (
      await app.sql<{ id: string; webhookSecret: string }>(
        `SELECT p.id, p."webhookSecret" FROM "Project" p JOIN "ApiKey" k ON k."projectId" = p.id WHERE k.hash = $1`,
        [crypto.createHash("sha256").update(key).digest("hex")],
      )
    )[0];
    const ptd = new sdk.PageToData({ apiKey: key, baseUrl: app.url });
    const ack = await ptd.meta({
      url: "http://article.test/sdk-hook",
      report_to: "http://hooks.test/webhook/sdk",
    });
    const delivery = await (async () => {
      for (let i = 0; i < 300; i++) {
        const d = site.webhooks.find((w) => w.body.includes(ack.token));
        if (d) return d;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error("no delivery");
    })();
    const headers = delivery.headers as Record<string, string>;
    const payload = sdk.verifyWebhook(delivery.body, headers, project.webhookSecret);
    expect(payload.data.token).toBe(ack.token);
    expect(payload.type).toBe("request.completed");
    expect(() =>
      sdk.verifyWebhook(delivery.body.replace("sdk-hook", "sdk-h00k"), headers, project.webhookSecret),
    ).toThrow();
    // Signed with another secret: refused.
    const other = new Webhook("whsec_" + Buffer.from("another secret, 32 bytes long!!").toString("base64"));
    const forged = other.sign(headers["webhook-id"], new Date(), delivery.body);
    expect(() =>
      sdk.verifyWebhook(delivery.body, { ...headers, "webhook-signature": forged }, project.webhookSecret),
    ).toThrow();
  });
  // Installed from its tarball in a new project (require, import, nodenext types): tests/packages.
});
