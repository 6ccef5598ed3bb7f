import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { startApp, type App } from "../support/app";
import { contractLog, schemaViolations } from "../support/openapi-contract";
import { SITE, startCrawlSite, type CrawlSite } from "../support/sites/crawl-site";

/**
 * Whole sites from one request (issue 24, docs/spec-extensions.md): POST /map, /crawl and /batch
 * through the real server, real Chromium and the job engine, against a generated 201-page site
 * (tests/support/sites/crawl-site.ts). Every answer is also checked against the OpenAPI document.
 */

type Json = Record<string, unknown>;
interface Entry {
  url: string;
  depth?: number;
  index?: number;
  status: "complete" | "failed";
  operations: Record<string, { success: boolean; result?: unknown; error?: string; cached: boolean }>;
  error?: string;
  cost: number;
}
interface Status {
  token: string;
  status: string;
  stopped_reason?: string;
  total: number;
  completed: number;
  failed: number;
  credits_used: number;
  labels?: Record<string, string>;
  data: Entry[];
  next: string | null;
}

/** Pages per GET answer in this file: small, so that a small crawl still pages. */
const PER_ANSWER = 4;

async function until<T>(fn: () => Promise<T | undefined | false>, timeoutMs = 120_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe("crawl, map and batch (PGlite, one process)", () => {
  let site: CrawlSite;
  let app: App;
  let key: string;
  let projectId: string;
  let organizationId: string;
  let secret: string;

  const status = async (kind: string, token: string, cursor?: string, k = key): Promise<Status> => {
    const res = await app.get(`/api/${kind}/${token}${cursor ? `?cursor=${cursor}` : ""}`, k);
    expect(res.status).toBe(200);
    return (await res.json()) as Status;
  };
  const start = async (kind: "crawl" | "batch", body: Json, k = key): Promise<string> => {
    const res = await app.post(`/api/${kind}`, body, k);
    expect(res.status, await res.clone().text()).toBe(200);
    const ack = (await res.json()) as Json;
    expect(ack.status).toBe("accepted");
    return ack.token as string;
  };
  /** Waits for the end, then reads every page through the cursor. */
  const finished = async (kind: "crawl" | "batch", token: string, k = key) => {
    const last = await until(async () => {
      const s = await status(kind, token, undefined, k);
      return s.status !== "processing" && s;
    });
    const pages: Entry[] = [];
    let cursor: string | undefined;
    for (;;) {
      const s = await status(kind, token, cursor, k);
      expect(s.data.length).toBeLessThanOrEqual(PER_ANSWER);
      pages.push(...s.data);
      if (s.next === null) break;
      cursor = s.next;
    }
    return { status: last, pages };
  };
  const usage = async (orgId = organizationId) =>
    (
      await app.sql<{ creditsUsed: number; creditsReserved: number; running: number }>(
        `SELECT "creditsUsed", "creditsReserved", "running" FROM "Organization" WHERE id = $1`,
        [orgId],
      )
    )[0];
  const org = async (...flags: string[]) => {
    const o = await app.admin("org", "create", "--name", `Org ${Math.random()}`, ...flags);
    return { key: o.apiKey as string, organizationId: o.organizationId as string };
  };

  beforeAll(async () => {
    site = await startCrawlSite();
    app = await startApp({
      PAGE_TEST_HOSTS: site.hostsEnv,
      PAGE_CONCURRENCY: "2",
      CRAWL_RESPONSE_PAGES: String(PER_ANSWER),
      WEBHOOK_RETRY_DELAY_SECONDS: "1",
    });
    const o = await app.admin("org", "create", "--name", "Crawler", "--plan", "pro", "--concurrency", "4");
    key = o.apiKey as string;
    projectId = o.projectId as string;
    organizationId = o.organizationId as string;
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
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
    await site?.close();
  });

  it("map finds every public page of the site and nothing else, for 1 credit", async () => {
    const before = await usage();
    const res = await app.post("/map", { url: `${SITE}/` }, key);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-quota-cost")).toBe("1");
    const body = (await res.json()) as { url: string; links: string[] };
    expect(body.url).toBe(`${SITE}/`);
    // Every public page, orphans (sitemap only, in the gzip child) included; no duplicate, no
    // tracking parameter or fragment, nothing disallowed, off site, or not a page.
    expect(new Set(body.links).size).toBe(body.links.length);
    expect([...body.links].sort()).toEqual([...site.publicPages].sort());
    expect((await usage()).creditsUsed).toBe(before.creditsUsed + 1);
    expect(site.hits.filter((h) => h.startsWith("docs.test/private"))).toEqual([]);
  });

  it("map takes subdomains when asked, paths by include/exclude, and stops at limit", async () => {
    const sub = (await (
      await app.post("/api/map", { url: `${SITE}/`, include_subdomains: true }, key)
    ).json()) as {
      links: string[];
    };
    expect([...sub.links].sort()).toEqual([...site.publicPages, "http://blog.docs.test/"].sort());
    const orphans = (await (
      await app.post(
        "/api/map",
        { url: `${SITE}/`, include_paths: ["^/orphan/"], exclude_paths: ["/1\\d$"] },
        key,
      )
    ).json()) as { links: string[] };
    expect(orphans.links.sort()).toEqual(site.publicPages.filter((u) => /\/orphan\/(\d|20)$/.test(u)).sort());
    // A page whose links only exist once its scripts ran: read in one browser visit.
    const spa = (await (await app.post("/api/map", { url: "http://spa.test/" }, key)).json()) as {
      links: string[];
    };
    expect(spa.links.sort()).toEqual([
      "http://spa.test/",
      "http://spa.test/blog/1",
      "http://spa.test/guide/1",
    ]);
    const few = (await (await app.post("/api/map", { url: `${SITE}/`, limit: 7 }, key)).json()) as {
      links: string[];
    };
    expect(few.links).toHaveLength(7);
  });

  it("a crawl returns exactly `limit` distinct pages of the site, each once through the cursor, and charges them", async () => {
    const before = await usage();
    const token = await start("crawl", {
      url: `${SITE}/`,
      limit: 13,
      operations: ["markdown"],
      max_age: 0,
      labels: { run: "a" },
    });
    // Read while it runs: the cursor must still return each page exactly once.
    const seen: Entry[] = [];
    let cursor: string | undefined;
    let s: Status;
    do {
      s = await status("crawl", token, cursor);
      seen.push(...s.data);
      cursor = s.next ?? cursor;
      if (s.next !== null && !s.data.length) await new Promise((r) => setTimeout(r, 200));
    } while (s.next !== null);
    expect(s.status).toBe("complete");
    expect(s.labels).toEqual({ run: "a" });
    const urls = seen.map((p) => p.url);
    expect(urls).toHaveLength(13);
    expect(new Set(urls).size).toBe(13);
    for (const url of urls) expect(site.publicPages).toContain(url);
    expect(seen[0]).toMatchObject({ url: `${SITE}/`, depth: 0 });
    // Breadth first: the start page's links (depth 1) before anything they link to.
    expect(seen.every((p) => p.depth! <= 1)).toBe(true);
    for (const p of seen) {
      expect(p.status).toBe("complete");
      expect(p.operations.markdown.success).toBe(true);
      expect(String(p.operations.markdown.result)).toContain("short and plain");
    }
    expect(s).toMatchObject({ total: 13, completed: 13, failed: 0, credits_used: 13 });
    const after = await usage();
    expect(after.creditsUsed - before.creditsUsed).toBe(13);
    expect(after).toMatchObject({ creditsReserved: 0, running: 0 });
    // robots.txt: nothing under /private was ever requested.
    expect(site.hits.filter((h) => h.startsWith("docs.test/private"))).toEqual([]);
  }, 180_000);

  it("include_paths and exclude_paths decide what is returned and followed; the start page is still read", async () => {
    const blog = await finished(
      "crawl",
      await start("crawl", {
        url: `${SITE}/`,
        limit: 5,
        include_paths: ["^/blog/"],
        operations: ["html"],
        max_age: 0,
      }),
    );
    expect(blog.pages).toHaveLength(5);
    for (const p of blog.pages) expect(p.url).toMatch(/^http:\/\/docs\.test\/blog\/\d+$/);
    expect(blog.status).toMatchObject({ completed: 5, credits_used: 5 });

    const noGuide = await finished(
      "crawl",
      await start("crawl", {
        url: `${SITE}/`,
        limit: 4,
        exclude_paths: ["^/guide/", "^/orphan/"],
        operations: ["html"],
      }),
    );
    expect(noGuide.pages).toHaveLength(4);
    for (const p of noGuide.pages) expect(p.url).not.toMatch(/\/(guide|orphan)\//);
  }, 120_000);

  it("max_depth 0 takes the start page alone; paths work without /api", async () => {
    const res = await app.post("/crawl", { url: `${SITE}/guide/5`, max_depth: 0, operations: ["html"] }, key);
    expect(res.status).toBe(200);
    const { token } = (await res.json()) as { token: string };
    const done = await until(async () => {
      const r = await app.get(`/crawl/${token}`, key);
      const s = (await r.json()) as Status;
      return s.status !== "processing" && s;
    });
    expect(done).toMatchObject({ status: "complete", total: 1, completed: 1 });
    expect(done.data.map((p) => p.url)).toEqual([`${SITE}/guide/5`]);
  });

  it("an Idempotency-Key sent again answers the first crawl; with another body it is refused", async () => {
    const body = { url: `${SITE}/guide/8`, max_depth: 0, operations: ["html"] };
    const headers = { "Idempotency-Key": `crawl-${Date.now()}` };
    const first = await app.post("/api/crawl", body, key, headers);
    const again = await app.post("/api/crawl", body, key, headers);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    const { token } = (await first.json()) as { token: string };
    expect(((await again.json()) as { token: string }).token).toBe(token);
    const [{ n }] = await app.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM "Crawl" WHERE "idempotencyKey" = $1`,
      [headers["Idempotency-Key"]],
    );
    expect(n).toBe(1);
    const reused = await app.post("/api/crawl", { ...body, max_depth: 1 }, key, headers);
    expect(reused.status).toBe(422);
    expect(((await reused.json()) as Json).error).toBe("idempotency_key_reused");
    await finished("crawl", token);
  });

  it("delivers one signed crawl.page per page and one crawl.completed, in the document's shapes", async () => {
    const token = await start("crawl", {
      url: `${SITE}/blog/1`,
      limit: 3,
      operations: ["html"],
      max_age: 0,
      report_to: "http://hooks.test/webhook/crawl",
      labels: { batch: "7" },
    });
    const mine = () =>
      site.webhooks
        .map((w) => ({ w, body: JSON.parse(w.body) as { type: string; data: Json } }))
        .filter(({ body }) => body.data.token === token);
    await until(async () => mine().some(({ body }) => body.type === "crawl.completed"));
    await new Promise((r) => setTimeout(r, 500)); // nothing more arrives after the end
    const deliveries = mine();
    const pages = deliveries.filter(({ body }) => body.type === "crawl.page");
    const ends = deliveries.filter(({ body }) => body.type === "crawl.completed");
    expect(pages).toHaveLength(3);
    expect(ends).toHaveLength(1);
    expect(new Set(pages.map(({ body }) => body.data.url)).size).toBe(3);
    expect(ends[0].body.data).toMatchObject({
      token,
      status: "complete",
      total: 3,
      completed: 3,
      failed: 0,
      credits_used: 3,
      labels: { batch: "7" },
    });
    for (const { w, body } of deliveries) {
      expect(site.hits).toContain("hooks.test/webhook/crawl");
      new Webhook(secret).verify(w.body, {
        "webhook-id": String(w.headers["webhook-id"]),
        "webhook-timestamp": String(w.headers["webhook-timestamp"]),
        "webhook-signature": String(w.headers["webhook-signature"]),
      });
      const pointer = `/webhooks/${body.type}/post/requestBody/content/application~1json/schema`;
      expect(schemaViolations(pointer, body)).toEqual([]);
      expect(body.data.labels).toEqual({ batch: "7" });
    }
  }, 120_000);

  it("cancel: no new page starts, pages already fetched stay readable", async () => {
    site.slowMs = 700;
    try {
      const token = await start("crawl", { url: `${SITE}/`, limit: 60, operations: ["html"] });
      await until(async () => (await status("crawl", token)).completed >= 1);
      const res = await app.del(`/api/crawl/${token}`, key);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ token, status: "cancelled" });
      const ended = await until(async () => {
        const [row] = await app.sql<{ finishedAt: Date | null }>(
          `SELECT "finishedAt" FROM "Crawl" WHERE token = $1`,
          [token],
        );
        return row.finishedAt !== null;
      });
      expect(ended).toBe(true);
      // Page fetches only: the project's webhook (on the same test host map) still gets deliveries.
      const pageHits = () => site.hits.filter((h) => h.startsWith("docs.test/")).length;
      const hitsAtEnd = pageHits();
      const { status: s, pages } = await finished("crawl", token);
      expect(s.status).toBe("cancelled");
      expect(pages.length).toBe(s.completed + s.failed);
      expect(pages.length).toBeGreaterThanOrEqual(1);
      expect(pages.length).toBeLessThan(60);
      await new Promise((r) => setTimeout(r, 1500));
      expect(pageHits()).toBe(hitsAtEnd); // nothing fetched after the end
      expect((await status("crawl", token)).completed).toBe(s.completed);
      expect(await usage()).toMatchObject({ creditsReserved: 0, running: 0 });
    } finally {
      site.slowMs = 0;
    }
  }, 120_000);

  it("cancel ends a crawl at once even while its page waits minutes for a busy host's retry", async () => {
    const token = await start("crawl", { url: "http://busy.test/", limit: 5, operations: ["html"] });
    // The start page was answered 503 + Retry-After: 300 and now waits for its retry.
    await until(async () => {
      const [row] = await app.sql<{ waiting: boolean }>(
        `SELECT p."waitingUntil" > now() + interval '1 minute' AS waiting
           FROM "CrawlPage" p JOIN "Crawl" c ON c.id = p."crawlId" WHERE c.token = $1`,
        [token],
      );
      return row?.waiting;
    }, 60_000);
    const res = await app.del(`/api/crawl/${token}`, key);
    expect(await res.json()).toEqual({ token, status: "cancelled" });
    // Ended by the cancel itself, not minutes later by the retry.
    const [row] = await app.sql<{ finishedAt: Date | null; state: string }>(
      `SELECT c."finishedAt", p.state::text AS state
         FROM "Crawl" c JOIN "CrawlPage" p ON p."crawlId" = c.id WHERE c.token = $1`,
      [token],
    );
    expect(row).toMatchObject({ finishedAt: expect.anything(), state: "cancelled" });
    const { status: s, pages } = await finished("crawl", token);
    expect(s).toMatchObject({ status: "cancelled", completed: 0, failed: 0, credits_used: 0 });
    expect(pages).toEqual([]);
    expect(await usage()).toMatchObject({ creditsReserved: 0, running: 0 });
  }, 90_000);

  it("a crawl counts as one request and runs at most X-Concurrency-Limit pages at a time", async () => {
    const one = await org("--plan", "pro", "--concurrency", "1");
    site.slowMs = 400;
    site.maxInFlight = 0;
    try {
      const res = await app.post(
        "/api/crawl",
        { url: `${SITE}/guide/1`, limit: 4, operations: ["html"], max_age: 0 },
        one.key,
      );
      expect(res.headers.get("x-concurrency-limit")).toBe("1");
      const { token } = (await res.json()) as { token: string };
      // The crawl holds the plan's only slot while it runs.
      const single = await app.post("/api/html", { url: `${SITE}/guide/2`, sync: true, max_age: 0 }, one.key);
      expect(single.status).toBe(429);
      expect(((await single.json()) as Json).error).toBe("concurrency_limit");
      const { status: s } = await finished("crawl", token, one.key);
      expect(s.completed).toBe(4);
      expect(site.maxInFlight).toBe(1);
      expect(await usage(one.organizationId)).toMatchObject({ running: 0, creditsUsed: 4 });
    } finally {
      site.slowMs = 0;
    }
  }, 120_000);

  it("a free organization that runs out mid-crawl stops there: complete, quota_exceeded, no overdraft", async () => {
    const free = await org("--plan", "free", "--verified", "--monthly-credits", "4");
    const token = await start(
      "crawl",
      { url: `${SITE}/`, limit: 20, operations: ["markdown"], max_age: 0 },
      free.key,
    );
    const { status: s, pages } = await finished("crawl", token, free.key);
    expect(s).toMatchObject({
      status: "complete",
      stopped_reason: "quota_exceeded",
      completed: 4,
      credits_used: 4,
    });
    expect(s.total).toBe(4);
    expect(pages).toHaveLength(4);
    expect(await usage(free.organizationId)).toMatchObject({
      creditsUsed: 4,
      creditsReserved: 0,
      running: 0,
    });
    // Out of credits now: a new crawl is refused at the door, spending nothing.
    const again = await app.post("/api/crawl", { url: `${SITE}/`, limit: 2 }, free.key);
    expect(again.status).toBe(429);
    expect(((await again.json()) as Json).error).toBe("quota_exceeded");
  }, 120_000);

  it("a batch answers one entry per URL in the order given, a failed page with the spec's sentence, and charges the rest", async () => {
    const urls = [`${SITE}/guide/9`, `${SITE}/no-such-page`, `${SITE}/blog/3`, `${SITE}/guide/9`];
    const token = await start("batch", { urls, operations: ["html"], max_age: 0, labels: { b: "1" } });
    const { status: s, pages } = await finished("batch", token);
    expect(pages.map((p) => [p.index, p.url, p.status])).toEqual([
      [0, urls[0], "complete"],
      [1, urls[1], "failed"],
      [2, urls[2], "complete"],
      [3, urls[3], "complete"],
    ]);
    expect(pages[1].error).toBe("The requested page was not found.");
    expect(pages[1].operations.html).toMatchObject({
      success: false,
      error: "The requested page was not found.",
    });
    expect(pages[1].cost).toBe(0);
    expect(s).toMatchObject({
      status: "complete",
      total: 4,
      completed: 3,
      failed: 1,
      credits_used: 3,
      labels: { b: "1" },
    });
    // A batch token is no crawl token.
    expect((await app.get(`/api/crawl/${token}`, key)).status).toBe(404);
  }, 120_000);

  it("a crawl started on a page robots.txt disallows fails it with the crawl's own sentence, whatever the project's setting", async () => {
    // The project ignores robots.txt (the default); a crawl obeys it all the same, and says so.
    // limit 1: the sitemap's pages (read from the start page as always) find no room.
    const token = await start("crawl", { url: `${SITE}/private/1`, limit: 1, operations: ["html"] });
    const { status: s, pages } = await finished("crawl", token);
    expect(s).toMatchObject({ status: "failed", completed: 0, failed: 1, credits_used: 0 });
    const sentence = "The site's robots.txt disallows this page, and a crawl always follows robots.txt.";
    expect(pages).toMatchObject([
      { status: "failed", error: sentence, operations: { html: { error: sentence } } },
    ]);
    expect(site.hits).not.toContain("docs.test/private/1");
  }, 60_000);

  it("bad input gets the right 422 or 404 and spends nothing", async () => {
    const before = await usage();
    const [{ n: crawlsBefore }] = await app.sql<{ n: number }>(`SELECT count(*)::int AS n FROM "Crawl"`);
    const expect422 = async (path: string, body: unknown, code: string, mention: string) => {
      const res = await app.post(path, body, key);
      const b = (await res.json()) as Json;
      expect(res.status, JSON.stringify(b)).toBe(422);
      expect(b.error).toBe(code);
      expect(String(b.message)).toContain(mention);
    };
    const url = `${SITE}/`;
    await expect422("/api/crawl", { url, limit: 0 }, "invalid_options", "limit");
    await expect422("/api/crawl", { url, limit: 10001 }, "invalid_options", "limit");
    await expect422(
      "/api/crawl",
      { url, include_paths: ["^/docs/(unclosed"] },
      "invalid_options",
      "include_paths[0]",
    );
    await expect422(
      "/api/crawl",
      { url, exclude_paths: Array.from({ length: 51 }, (_, i) => `^/p${i}/`) },
      "invalid_options",
      "exclude_paths",
    );
    await expect422("/api/crawl", { url, sync: true }, "invalid_options", "sync");
    await expect422("/api/crawl", { url, operations: ["lighthouse"] }, "invalid_options", "operations");
    await expect422("/api/crawl", { url: "http://127.0.0.1/" }, "invalid_url", "url");
    await expect422("/api/crawl", { url: "http://intranet.corp/" }, "invalid_url", "url");
    await expect422("/api/map", { url, limit: 0 }, "invalid_options", "limit");
    await expect422("/api/map", { url, limit: 5001 }, "invalid_options", "limit");
    await expect422("/api/map", { url: "http://localhost/" }, "invalid_url", "url");
    await expect422(
      "/api/batch",
      { urls: [`${SITE}/a`, "http://10.0.0.7/admin"], operations: ["html"] },
      "invalid_url",
      "urls[1]",
    );
    await expect422("/api/batch", { urls: [], operations: ["html"] }, "invalid_url", "urls");
    await expect422(
      "/api/batch",
      { urls: [url], operations: ["html"], sync: true },
      "invalid_options",
      "sync",
    );

    // Another project's token is unknown here, whatever the method.
    const other = await org("--plan", "pro");
    const theirs = await start(
      "crawl",
      { url: `${SITE}/guide/1`, max_depth: 0, operations: ["html"] },
      other.key,
    );
    expect((await app.get(`/api/crawl/${theirs}`, key)).status).toBe(404);
    expect((await app.del(`/api/crawl/${theirs}`, key)).status).toBe(404);
    expect((await app.get(`/api/crawl/crawl_unknown`, key)).status).toBe(404);
    expect((await app.get(`/api/crawl/${theirs}?cursor=bogus`, other.key)).status).toBe(422);

    const after = await usage();
    expect(after.creditsUsed).toBe(before.creditsUsed);
    expect(after.creditsReserved).toBe(0);
    const [{ n: crawlsAfter }] = await app.sql<{ n: number }>(`SELECT count(*)::int AS n FROM "Crawl"`);
    expect(crawlsAfter).toBe(crawlsBefore + 1); // the other project's crawl only
  }, 120_000);

  it("every answer matched the OpenAPI document", async () => {
    const log = contractLog();
    await Promise.all(log.pending);
    expect(log.violations).toEqual([]);
    expect(log.checked).toBeGreaterThan(30);
  });
});
