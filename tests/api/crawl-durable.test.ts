import { afterAll, describe, expect, it } from "vitest";
import { startApp, startCluster, type App } from "../support/app";
import { descendantsOf } from "../support/processes";
import { SITE, startCrawlSite, type CrawlSite } from "../support/sites/crawl-site";

/**
 * A crawl survives its workers (issue 24): the frontier and the results live in the database and
 * each page is a job, so killing the process that runs it loses no page and fetches no finished page
 * again; the crawl resumes by itself. (And a map's rendered visit runs on a worker, not in the web
 * process.)
 */

interface Status {
  status: string;
  total: number;
  completed: number;
  failed: number;
  credits_used: number;
  data: Array<{ url: string }>;
  next: string | null;
}

async function until<T>(
  fn: () => Promise<T | undefined | false>,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn().catch(() => undefined);
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

const LIMIT = 24;

/** Runs a crawl of LIMIT pages, kills what `kill` names once some pages are done, and checks the end. */
async function crashMidCrawl(
  site: CrawlSite,
  app: App,
  key: string,
  kill: () => Promise<void>,
): Promise<void> {
  const res = await app.post(
    "/api/crawl",
    { url: `${SITE}/`, limit: LIMIT, operations: ["markdown"], max_age: 0 },
    key,
  );
  expect(res.status).toBe(200);
  const { token } = (await res.json()) as { token: string };
  const pagesDone = async () =>
    (
      await app.sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM "CrawlPage" p JOIN "Crawl" c ON c.id = p."crawlId"
          WHERE c.token = $1 AND p.state IN ('complete', 'failed')`,
        [token],
      )
    )[0].n;
  await until(async () => (await pagesDone()) >= 4, 120_000, "a few pages to finish");
  const running = await app.sql<{ url: string }>(
    `SELECT p.url FROM "CrawlPage" p JOIN "Crawl" c ON c.id = p."crawlId" WHERE c.token = $1 AND p.state = 'running'`,
    [token],
  );
  const finishedBefore = await app.sql<{ url: string }>(
    `SELECT p.url FROM "CrawlPage" p JOIN "Crawl" c ON c.id = p."crawlId"
      WHERE c.token = $1 AND p.state IN ('complete', 'failed')`,
    [token],
  );
  expect(finishedBefore.length).toBeLessThan(LIMIT); // killed mid-crawl, not after
  await kill();

  const done = await until(
    async () => {
      const s = (await (await app.get(`/api/crawl/${token}`, key)).json()) as Status;
      return s.status !== "processing" && s;
    },
    240_000,
    "the crawl to complete after the crash",
  );
  expect(done).toMatchObject({
    status: "complete",
    total: LIMIT,
    completed: LIMIT,
    failed: 0,
    credits_used: LIMIT,
  });
  const urls: string[] = [];
  let cursor = "";
  for (;;) {
    const s = (await (
      await app.get(`/api/crawl/${token}${cursor && `?cursor=${cursor}`}`, key)
    ).json()) as Status;
    urls.push(...s.data.map((p) => p.url));
    if (s.next === null) break;
    cursor = s.next;
  }
  // No page lost, none twice.
  expect(urls).toHaveLength(LIMIT);
  expect(new Set(urls).size).toBe(LIMIT);
  // No finished page was fetched again; only pages in flight at the crash may have been.
  const fetches = new Map<string, number>();
  for (const h of site.hits) {
    const url = `http://${h}`;
    if (urls.includes(url)) fetches.set(url, (fetches.get(url) ?? 0) + 1);
  }
  for (const { url } of finishedBefore) expect(fetches.get(url), url).toBe(1);
  const twice = [...fetches].filter(([, n]) => n > 1).map(([u]) => u);
  for (const url of twice) expect(running.map((r) => r.url)).toContain(url);
  const [org] = await app.sql<{ running: number; creditsReserved: number }>(
    `SELECT o.running, o."creditsReserved" FROM "Organization" o JOIN "Crawl" c ON c."organizationId" = o.id WHERE c.token = $1`,
    [token],
  );
  expect(org).toEqual({ running: 0, creditsReserved: 0 });
}

describe("a crawl survives a crash", () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it("embedded database: SIGKILL of the one process mid-crawl, restart, the crawl resumes and completes", async () => {
    const site = await startCrawlSite();
    cleanups.push(() => site.close());
    const app = await startApp({ PAGE_TEST_HOSTS: site.hostsEnv, PAGE_CONCURRENCY: "2" });
    cleanups.push(() => app.stop());
    const key = (await app.admin("org", "create", "--name", "Durable", "--plan", "pro", "--concurrency", "3"))
      .apiKey as string;
    site.slowMs = 300;
    await crashMidCrawl(site, app, key, async () => {
      await app.kill();
      await app.restart();
    });
  }, 420_000);

  it("PostgreSQL, two worker processes, one SIGKILLed mid-crawl: complete, no page twice, no page lost", async () => {
    const site = await startCrawlSite();
    cleanups.push(() => site.close());
    const cluster = await startCluster(
      { PAGE_TEST_HOSTS: site.hostsEnv, PAGE_CONCURRENCY: "2" },
      { roles: ["web", "worker", "worker"] },
    );
    cleanups.push(() => cluster.stop());
    const key = (
      await cluster.admin("org", "create", "--name", "Durable", "--plan", "pro", "--concurrency", "4")
    ).apiKey as string;
    // A map whose start page builds its links with scripts is rendered on a worker, like every
    // visit: the web process (members[0]) never starts a browser.
    const map = await cluster.post("/api/map", { url: "http://spa.test/" }, key);
    expect(((await map.json()) as { links: string[] }).links.sort()).toEqual([
      "http://spa.test/",
      "http://spa.test/blog/1",
      "http://spa.test/guide/1",
    ]);
    const browsersOfWeb = descendantsOf(cluster.members[0].pid).filter((p) => /chrom/i.test(p.exe));
    expect(browsersOfWeb).toEqual([]);
    site.slowMs = 300;
    await crashMidCrawl(site, cluster, key, () => cluster.members[1].kill());
  }, 420_000);
});
