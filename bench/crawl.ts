/**
 * Issue 24 crawl benchmark: pages per second crawling a generated 1,000-page local site
 * (bench/crawl-site.ts) with Markdown produced for every page, in one run:
 *  - ours on the embedded default: one `next start` process on PGlite, through the real API and job
 *    engine (POST /crawl, pages as jobs, results in the database);
 *  - ours on PostgreSQL (127.0.0.1:5432, or TEST_POSTGRES_URL): one web process and 1, then 2 worker
 *    processes (PROCESS_ROLE=worker, as `npm run worker`);
 *  - Crawlee's PlaywrightCrawler (bench/crawl-peer.ts) on the same Chromium, launcher and concurrency.
 * Then the isolation probe: another organization's sync `html` of a small page, p50 unloaded and
 * while a 1,000-page crawl runs (embedded default).
 *
 * Needs a production build (`npm run build`). Run:
 *   ./scripts/with-node npx tsx bench/crawl.ts [--pages 1000] [--concurrency N] [--only ours,pg,crawlee,probe]
 *
 * Ours' time is the crawl row's createdAt → finishedAt (server clock); Crawlee's is crawler.run()
 * (including its browser launch, ~0.2 s; ours is warmed first, as a running server is).
 * Politeness: both sides apply no spacing between requests to the one host: the site's robots.txt
 * asks for no Crawl-delay and the host never answers busy, so our §7.5 per-host state stays at
 * "no waiting"; Crawlee's sameDomainDelaySecs is 0 (its default). Both read robots.txt.
 */
import os from "node:os";
import { startApp, startCluster, type App } from "../tests/support/app";
import { crawlWithCrawlee, CRAWLEE_VERSION } from "./crawl-peer";
import { startBenchSite, type BenchSite } from "./crawl-site";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
}
const PAGES = Number(arg("pages", "1000"));
const CONCURRENCY = Number(arg("concurrency", String(os.availableParallelism())));
const ONLY = arg("only", "ours,pg,crawlee,probe").split(",");
const PROBES = 15;

interface Row {
  system: string;
  workers: string;
  pages: number;
  seconds: number;
  markdown: number;
  twice: number;
}

const env = (hostsEnv: string, extra: Record<string, string> = {}) => ({
  PAGE_TEST_HOSTS: hostsEnv,
  PAGE_CONCURRENCY: String(CONCURRENCY),
  RATE_LIMIT_REQUESTS: "1000000",
  ...extra,
});

async function orgKey(app: App, name: string, concurrency: number): Promise<string> {
  const org = await app.admin(
    "org",
    "create",
    "--name",
    name,
    "--plan",
    "pro",
    "--concurrency",
    String(concurrency),
  );
  return org.apiKey as string;
}

/** Launches every process's browser and warms its context for the organization (not measured). */
async function warm(app: App, key: string, n: number): Promise<void> {
  await Promise.all(
    Array.from({ length: n }, (_, i) =>
      app
        .post("/api/markdown", { url: `http://warm${i}.test/p/1`, sync: true, max_age: 0 }, key)
        .then((r) => r.text()),
    ),
  );
}

/** Starts the crawl; resolves with its token. */
async function startCrawl(app: App, key: string): Promise<string> {
  const res = await app.post(
    "/api/crawl",
    { url: "http://site.test/", limit: PAGES, operations: ["markdown"], max_age: 0 },
    key,
  );
  if (res.status !== 200) throw new Error(`POST /crawl: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

async function waitForCrawl(app: App, token: string): Promise<{ seconds: number; completed: number }> {
  for (;;) {
    const [row] = await app.sql<{ completed: number; failed: number; created: Date; finished: Date | null }>(
      `SELECT completed, failed, "createdAt" AS created, "finishedAt" AS finished FROM "Crawl" WHERE token = $1`,
      [token],
    );
    if (row?.finished) {
      if (row.failed) console.warn(`  ${row.failed} pages failed`);
      return {
        seconds: (new Date(row.finished).getTime() - new Date(row.created).getTime()) / 1000,
        completed: row.completed,
      };
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Pages whose Markdown came back non-empty, read through the API as a client would. */
async function markdownPages(app: App, key: string, token: string): Promise<number> {
  let n = 0;
  let cursor = "";
  for (;;) {
    const res = await app.get(`/api/crawl/${token}${cursor ? `?cursor=${cursor}` : ""}`, key);
    const body = (await res.json()) as {
      data: Array<{ operations: { markdown?: { success: boolean; result?: string } } }>;
      next: string | null;
    };
    n += body.data.filter(
      (p) => p.operations.markdown?.success && p.operations.markdown.result?.trim(),
    ).length;
    if (!body.next) return n;
    cursor = body.next;
  }
}

const twice = (site: BenchSite) => [...site.hits.values()].filter((n) => n > 1).length;

async function ours(site: BenchSite, system: string, app: App, workers: number): Promise<Row> {
  try {
    const key = await orgKey(app, "Crawler", CONCURRENCY * workers);
    await warm(app, key, CONCURRENCY * workers);
    site.reset();
    const token = await startCrawl(app, key);
    const { seconds, completed } = await waitForCrawl(app, token);
    const row = {
      system,
      workers: String(workers),
      pages: completed,
      seconds,
      markdown: 0,
      twice: twice(site),
    };
    row.markdown = await markdownPages(app, key, token);
    return row;
  } finally {
    await app.stop();
  }
}

async function p50(app: App, key: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < PROBES; i++) {
    const t = performance.now();
    const res = await app.post("/api/html", { url: "http://probe.test/small", sync: true, max_age: 0 }, key);
    await res.text();
    if (res.status !== 200) throw new Error(`probe: ${res.status}`);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/** Another organization's sync html p50, unloaded and while a crawl runs (embedded default). */
async function isolation(site: BenchSite): Promise<{ unloaded: number; loaded: number; during: number }> {
  const app = await startApp(env(site.hostsEnv));
  try {
    const crawler = await orgKey(app, "Crawler", CONCURRENCY);
    const other = await orgKey(app, "Other", 2);
    await warm(app, crawler, CONCURRENCY);
    await p50(app, other); // its context and the probe host's state warmed
    const unloaded = await p50(app, other);
    const token = await startCrawl(app, crawler);
    // Let the crawl get going, then probe while it runs.
    for (;;) {
      const [row] = await app.sql<{ completed: number }>(`SELECT completed FROM "Crawl" WHERE token = $1`, [
        token,
      ]);
      if (row.completed >= 20) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const loaded = await p50(app, other);
    const [row] = await app.sql<{ completed: number; finished: Date | null }>(
      `SELECT completed, "finishedAt" AS finished FROM "Crawl" WHERE token = $1`,
      [token],
    );
    if (row.finished) console.warn("  the crawl ended before the probes did: raise --pages");
    await app.del(`/api/crawl/${token}`, crawler); // measured what it was for
    return { unloaded, loaded, during: row.completed };
  } finally {
    await app.stop();
  }
}

function table(rows: Row[]): string {
  const peer = rows.find((r) => r.system.startsWith("Crawlee"));
  const rate = (r: Row) => r.pages / r.seconds;
  const lines = [
    "| system | workers | pages | seconds | pages/s | vs Crawlee | Markdown pages | fetched twice |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows.map(
      (r) =>
        `| ${r.system} | ${r.workers} | ${r.pages} | ${r.seconds.toFixed(1)} | ${rate(r).toFixed(2)} | ${
          peer ? `${(rate(r) / rate(peer)).toFixed(2)}×` : "–"
        } | ${r.markdown} | ${r.twice} |`,
    ),
  ];
  return lines.join("\n");
}

async function main(): Promise<void> {
  const site = await startBenchSite(PAGES);
  const rows: Row[] = [];
  const report = (r: Row) => {
    rows.push(r);
    console.log(
      `${r.system}, ${r.workers}: ${r.pages} pages in ${r.seconds.toFixed(1)} s (${(r.pages / r.seconds).toFixed(2)}/s)`,
    );
  };
  console.log(`${PAGES} pages, concurrency ${CONCURRENCY} per browser, ${os.availableParallelism()} cores`);
  try {
    if (ONLY.includes("crawlee")) {
      site.reset();
      const run = await crawlWithCrawlee(`http://127.0.0.1:${site.port}/`, PAGES, CONCURRENCY);
      report({
        system: `Crawlee ${CRAWLEE_VERSION} PlaywrightCrawler`,
        workers: "1 process",
        pages: run.pages,
        seconds: run.seconds,
        markdown: run.markdownPages,
        twice: twice(site),
      });
    }
    if (ONLY.includes("ours"))
      report(await ours(site, "ours, embedded (PGlite)", await startApp(env(site.hostsEnv)), 1));
    if (ONLY.includes("pg"))
      for (const workers of [1, 2]) {
        const roles = ["web" as const, ...Array.from({ length: workers }, () => "worker" as const)];
        const cluster = await startCluster(env(site.hostsEnv), { roles });
        const row = await ours(site, "ours, PostgreSQL", cluster, workers);
        report({ ...row, workers: `1 web + ${workers} worker${workers > 1 ? "s" : ""}` });
      }
    console.log(`\n${table(rows)}`);
    if (ONLY.includes("probe")) {
      const p = await isolation(site);
      console.log(
        `\nanother organization's sync html p50: unloaded ${p.unloaded.toFixed(0)} ms, during a ${PAGES}-page crawl ${p.loaded.toFixed(0)} ms (${(p.loaded / p.unloaded).toFixed(2)}×; probes ran from page ${p.during})`,
      );
    }
  } finally {
    await site.close();
  }
}

await main();
