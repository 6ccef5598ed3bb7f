/**
 * The hot path, end to end (issue 13): the real HTTP server (production build) against raw
 * Playwright, on the same small page served on loopback, timed the same way on both sides.
 *
 *   npm run bench                 # both databases, every table (~5 minutes on 2 cores)
 *   BENCH_DB=pglite npm run bench # one database
 *   BENCH_DB=postgres+redis npm run bench  # PostgreSQL with the limits in Redis (REDIS_URL,
 *                                          # default redis://127.0.0.1:6379), as docs/deploy.md advises
 *   BENCH_N=40 BENCH_LOAD_SECONDS=5 npm run bench
 *
 * Needs a production build (`bash -c 'source scripts/lib.sh; ensure_build'`) and, for the
 * PostgreSQL side, the server at TEST_POSTGRES_URL (a fresh database is created and dropped).
 *
 * Raw Playwright: one warm browser and context; per request a page opened BEFORE the clock starts,
 * then `goto` to `load` and `content()`, clock stopped, page closed AFTER. Ours: sync `html` with
 * `max_age: 0` through a real API key; the server runs with PTD_STAGE_TIMINGS=1 and answers with a
 * `Server-Timing` header, which gives the per-stage breakdown (lib/stage-timings.ts). One server
 * process on each database, so the job runs in the process that took the request and its stages
 * are in the same header.
 *
 * Then: cache-hit latency (sync `html`, sequential), cache-hit load with autocannon at 10, 50 and
 * 200 connections (with the CPU each request cost the server and PostgreSQL: steadier than req/s on
 * a shared machine), and fresh `html` throughput at concurrency 1, 2, 4 and 8 against raw Playwright's.
 *
 * Those tables rotate eight host names on both sides; raw Playwright then pays what a new site
 * costs a fresh page on every visit, which our pool's warm pages do not, so their ratios flatter us.
 * The ONE-HOST table (issue 28) compares like with like, on each database: one host name, raw
 * Playwright on the very same sandboxed launch as the pool's (lib/page/sandbox.ts, the pool's
 * Chromium flags; no egress proxy, which is ours), kept open while our server runs, and the two
 * sides INTERLEAVED visit by visit (latency) or run back to back per concurrency (throughput), so a
 * noisy neighbour on a shared machine weighs on both alike. Latency: raw opens a page before the
 * clock and closes it after; ours is sync `html`, `max_age: 0`, through the HTTP server.
 * Throughput: raw keeps one page per caller (pooled pages, as ours are), against ours at the same
 * concurrency. `BENCH_TABLES=one-host` runs that table alone (`all` by default).
 */
import http from "node:http";
import os from "node:os";
import type { AddressInfo } from "node:net";
import autocannon from "autocannon";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { poolConfigFromEnv } from "@/lib/page/config";
import { sandboxedLaunchOptions } from "@/lib/page/sandbox";
import { startApp, startCluster, type App } from "../tests/support/app";
import { cpuSample, type CpuSample } from "./proc-cpu";

const N = Number(process.env.BENCH_N ?? 40);
const WARMUP = 5;
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 5);
const THROUGHPUT_CONCURRENCY = [1, 2, 4, 8];
const ONE_HOST_CONCURRENCY = [1, 2, 4];
const TABLES = process.env.BENCH_TABLES ?? "all";
if (!["all", "one-host"].includes(TABLES)) throw new Error(`BENCH_TABLES: "all" or "one-host"`);
const DATABASES = (process.env.BENCH_DB ?? "pglite,postgres").split(",").map((s) => s.trim());
for (const d of DATABASES)
  if (!["pglite", "postgres", "postgres+redis"].includes(d))
    throw new Error(`BENCH_DB: unknown database "${d}" (pglite, postgres or postgres+redis)`);

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bench page</title></head>
<body><article><h1>A small local page</h1>${"<p>Some text of a small page, served on loopback.</p>".repeat(20)}
</article><script>document.title += " (scripted)";</script></body></html>`;

/**
 * The page for visit `i` of a run: the same page under 8 host names, taken in turn on both sides,
 * as traffic from many customers is. A single host may hold at most half of our browser slots
 * while other work could use them (tenant isolation, docs/decisions.md "Fair slots"), a limit raw
 * Playwright does not have.
 */
const HOSTS = 8;
const pageUrl = (i: number, tag: string) =>
  `http://page-${((i % HOSTS) + HOSTS) % HOSTS}.bench.test/page?${tag}=${i}`;

/** The one-host table's page: the same host name on every visit, on both sides. */
const oneHostUrl = (i: number, tag: string) => `http://one.bench.test/page?${tag}=${i}`;

/** Stages in pipeline order (names as lib/stage-timings.ts records them). */
const STAGES: Array<[string, string]> = [
  ["auth", "authenticate"],
  ["ratelimit", "rate limit"],
  ["body", "read body"],
  ["validate", "validate"],
  ["lookup", "idempotency + cache lookups"],
  ["hit_record", "cache hit: record request"],
  ["admit", "admission"],
  ["record_enqueue", "request row + enqueue"],
  ["admit_record_enqueue", "admission + request row + enqueue (1 tx)"],
  ["pickup", "job pickup latency"],
  ["job_start", "job: load row, mark processing"],
  ["politeness", "robots + host turn"],
  ["slot", "browser slot wait (+ page open)"],
  ["slot_reset_wait", "  of which: previous visit's page reset"],
  ["slot_cookies", "  of which: clear cookies"],
  ["page_setup", "page setup (routes, options)"],
  ["navigation", "navigation (egress proxy)"],
  ["nav_goto", "  of which: goto to DOMContentLoaded"],
  ["nav_load", "  of which: wait for load"],
  ["nav_load_handlers", "  of which: load-handler check"],
  ["nav_inspect", "  of which: content type + bot check"],
  ["capture", "capture (content, html op)"],
  ["visit", "(visit total: slot → operation done)"],
  ["finish", "result write + settlement"],
  ["wakeup", "sync waiter wake-up"],
  ["job", "(job total)"],
  ["wait", "(sync wait, total)"],
  ["read_result", "read result"],
  ["usage", "quota headers (usage read)"],
  ["handler", "(route handler total)"],
];
/** Totals that contain other stages, and the parts of a stage ("of which"): not added up. */
const TOTALS = new Set([
  "wait",
  "job",
  "handler",
  "visit",
  "slot_reset_wait",
  "slot_cookies",
  "nav_goto",
  "nav_load",
  "nav_load_handlers",
  "nav_inspect",
]);

const percentile = (xs: number[], p: number): number => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
};
const f = (n: number, w = 8, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : "-").padStart(w);

function startPageServer(): Promise<{ port: number; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "content-length": Buffer.byteLength(PAGE),
    });
    res.end(PAGE);
  });
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((r) => {
            server.closeAllConnections();
            server.close(() => r());
          }),
      }),
    ),
  );
}

/** Runs `n` calls of `one` with `concurrency` callers pulling from one queue: latencies and req/s. */
async function drive(one: (i: number) => Promise<number>, concurrency: number, n: number) {
  for (let i = 0; i < WARMUP; i++) await one(-1 - i);
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) latencies.push(await one(next++));
    }),
  );
  return { latencies, rps: (n / (performance.now() - started)) * 1000 };
}

function rawVisit(context: BrowserContext, url: (i: number, tag: string) => string = pageUrl) {
  return async (i: number): Promise<number> => {
    const page = await context.newPage(); // opened before the clock, as our pool's page is
    try {
      const t = performance.now();
      await page.goto(url(i, "raw"), { waitUntil: "load" });
      const html = await page.content();
      const ms = performance.now() - t;
      if (!html.includes("small local page")) throw new Error("raw: wrong page");
      return ms;
    } finally {
      await page.close(); // closed after the clock
    }
  };
}

/**
 * Raw Playwright with pooled pages: each of the `concurrency` callers keeps one page and visits
 * with it again and again (`goto` to `load`, `content()`), as our pool reuses its pages.
 */
function pooledRawDriver(context: BrowserContext) {
  const free: Page[] = [];
  const one = async (i: number): Promise<number> => {
    const page = free.pop() ?? (await context.newPage());
    try {
      const t = performance.now();
      await page.goto(oneHostUrl(i, "rawpool"), { waitUntil: "load" });
      const html = await page.content();
      const ms = performance.now() - t;
      if (!html.includes("small local page")) throw new Error("raw: wrong page");
      return ms;
    } finally {
      free.push(page);
    }
  };
  const close = () => Promise.all(free.splice(0).map((p) => p.close()));
  return { one, close };
}

/** A raw browser on the same unprivileged, sandboxed launch as our pool's, and one warm context. */
async function launchRawBrowser(
  port: number,
): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const browser = await chromium.launch(
    sandboxedLaunchOptions(poolConfigFromEnv().chromiumPath, [
      `--host-resolver-rules=MAP *.bench.test 127.0.0.1:${port}, MAP * ~NOTFOUND`,
    ]),
  );
  const context = await browser.newContext({ viewport: { width: 1350, height: 797 } });
  return { context, close: () => browser.close() };
}

async function withRawBrowser<T>(port: number, fn: (context: BrowserContext) => Promise<T>): Promise<T> {
  const raw = await launchRawBrowser(port);
  try {
    return await fn(raw.context);
  } finally {
    await raw.close();
  }
}

interface Timed {
  ms: number;
  stages: Map<string, number>;
}

function parseServerTiming(header: string | null): Map<string, number> {
  const out = new Map<string, number>();
  for (const part of (header ?? "").split(",")) {
    const m = /^\s*([\w-]+);dur=([\d.]+)/.exec(part);
    if (m) out.set(m[1]!, Number(m[2]));
  }
  return out;
}

function apiCall(app: App, key: string, body: (i: number) => unknown, expectCache: "hit" | "miss") {
  const samples: Timed[] = [];
  const one = async (i: number): Promise<number> => {
    const t = performance.now();
    const res = await fetch(`${app.url}/api/html`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
      body: JSON.stringify(body(i)),
    });
    const text = await res.text();
    const ms = performance.now() - t;
    if (res.status !== 200 || !text.includes("small local page"))
      throw new Error(`ours: ${res.status} ${text.slice(0, 200)}`);
    if (res.headers.get("x-cache") !== expectCache) throw new Error(`ours: expected a cache ${expectCache}`);
    if (i >= 0) samples.push({ ms, stages: parseServerTiming(res.headers.get("server-timing")) });
    return ms;
  };
  return { one, samples };
}

function stageTable(samples: Timed[]): string[] {
  const lines = [`  ${"stage".padEnd(36)}  p50 ms   mean ms`];
  for (const [id, label] of STAGES) {
    const xs = samples.map((s) => s.stages.get(id)).filter((x): x is number => x !== undefined);
    if (!xs.length) continue;
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    lines.push(`  ${label.padEnd(36)} ${f(percentile(xs, 50))}  ${f(mean)}`);
  }
  const server = samples.map((s) =>
    [...s.stages].filter(([k]) => !TOTALS.has(k)).reduce((a, [, v]) => a + v, 0),
  );
  const total = samples.map((s) => s.ms);
  lines.push(`  ${"sum of stages (excl. wait)".padEnd(36)} ${f(percentile(server, 50))}`);
  lines.push(`  ${"client-side total".padEnd(36)} ${f(percentile(total, 50))}`);
  return lines;
}

async function loadTest(app: App, key: string, connections: number) {
  const before = cpuSample(app.pid);
  const result = await autocannon({
    url: `${app.url}/api/html`,
    method: "POST",
    connections,
    duration: LOAD_SECONDS,
    headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
    body: JSON.stringify({ url: "http://hit.bench.test/page", sync: true }),
  });
  const after = cpuSample(app.pid);
  const perRequest = (k: keyof CpuSample) => (after[k] - before[k]) / (result.requests.total || 1);
  return {
    connections,
    serverCpu: perRequest("server"),
    postgresCpu: perRequest("postgres"),
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    non2xx: result.non2xx + result.errors,
  };
}

/**
 * The one-host table: ours against raw Playwright on one host name, in the same timing window
 * (see the file comment). Raw runs in `rawContext`, a browser launched like the pool's.
 */
async function oneHostTable(database: string, app: App, key: string, rawContext: BrowserContext) {
  const out: string[] = [];
  const raw = rawVisit(rawContext, oneHostUrl);
  const ours = apiCall(app, key, (i) => ({ url: oneHostUrl(i, "ours"), sync: true, max_age: 0 }), "miss");
  for (let i = 0; i < WARMUP; i++) {
    await raw(-1 - i);
    await ours.one(-1 - i);
  }
  const rawMs: number[] = [];
  const oursMs: number[] = [];
  for (let i = 0; i < N; i++) {
    // Alternate which side goes first, so neither always follows the other's work.
    if (i % 2) {
      oursMs.push(await ours.one(i));
      rawMs.push(await raw(i));
    } else {
      rawMs.push(await raw(i));
      oursMs.push(await ours.one(i));
    }
  }
  const rawP50 = percentile(rawMs, 50);
  const oursP50 = percentile(oursMs, 50);
  out.push(
    `\n### ${database}: ONE host, sync html vs raw Playwright (same sandboxed launch), interleaved, n=${N}`,
  );
  out.push(
    `  raw  p50 ${f(rawP50)} ms  p90 ${f(percentile(rawMs, 90))} ms  (page opened before / closed after the clock)`,
  );
  out.push(
    `  ours p50 ${f(oursP50)} ms  p90 ${f(percentile(oursMs, 90))} ms   ratio ${f(oursP50 / rawP50, 5, 2)} (target ≤ 1.15)`,
  );
  out.push(...stageTable(ours.samples));

  out.push(
    `\n### ${database}: ONE host, fresh html throughput, raw with pooled pages, n=${N} per side and concurrency`,
  );
  out.push("  concurrency   raw p50  raw req/s   ours p50  ours req/s");
  let rawBest = 0;
  let oursBest = 0;
  for (const c of ONE_HOST_CONCURRENCY) {
    const pooled = pooledRawDriver(rawContext);
    const r = await drive(pooled.one, c, N);
    await pooled.close();
    const run = apiCall(app, key, (i) => ({ url: oneHostUrl(i, `c${c}`), sync: true, max_age: 0 }), "miss");
    const o = await drive(run.one, c, N);
    rawBest = Math.max(rawBest, r.rps);
    oursBest = Math.max(oursBest, o.rps);
    out.push(
      `  ${String(c).padStart(11)} ${f(percentile(r.latencies, 50), 9)} ${f(r.rps, 10, 2)} ${f(percentile(o.latencies, 50), 10)} ${f(o.rps, 11, 2)}`,
    );
  }
  out.push(
    `  best: ours ${f(oursBest, 6, 2)} req/s, raw ${f(rawBest, 6, 2)} req/s, ratio ${f(oursBest / rawBest, 5, 2)} (target ≥ 0.90)`,
  );
  return out;
}

async function benchDatabase(
  database: string,
  pagePort: number,
  rawP50: number,
  rawBest: number,
  rawContext: BrowserContext,
) {
  const env = {
    PAGE_TEST_HOSTS: `127.0.0.1:${pagePort}:${pagePort}`,
    PTD_STAGE_TIMINGS: "1",
    RATE_LIMIT_REQUESTS: "100000000",
  };
  const app =
    database === "pglite"
      ? await startApp(env)
      : await startCluster(
          database === "postgres+redis"
            ? { ...env, REDIS_URL: process.env.REDIS_URL ?? "redis://127.0.0.1:6379" }
            : env,
          { processes: 1 },
        );
  const out: string[] = [];
  try {
    const org = await app.admin("org", "create", "--name", "Bench", "--plan", "pro", "--concurrency", "1000");
    const key = org.apiKey as string;

    out.push(...(await oneHostTable(database, app, key, rawContext)));
    if (TABLES === "one-host") return out;

    const fresh = apiCall(app, key, (i) => ({ url: pageUrl(i, "ours"), sync: true, max_age: 0 }), "miss");
    const { latencies } = await drive(fresh.one, 1, N);
    const p50 = percentile(latencies, 50);
    out.push(`\n### ${database}: sync html, max_age 0, concurrency 1, n=${N}`);
    out.push(
      `  ours p50 ${f(p50)} ms  p90 ${f(percentile(latencies, 90))} ms   raw p50 ${f(rawP50)} ms   ratio ${f(p50 / rawP50, 5, 2)} (target ≤ 1.15)`,
    );
    out.push(...stageTable(fresh.samples));

    // Cache hits: one fresh request fills the entry, then every request is a hit.
    const hit = apiCall(app, key, () => ({ url: "http://hit.bench.test/page", sync: true }), "hit");
    await fetch(`${app.url}/api/html`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
      body: JSON.stringify({ url: "http://hit.bench.test/page", sync: true }),
    }).then((r) => r.text());
    const hits = await drive(hit.one, 1, N * 5);
    out.push(`\n### ${database}: sync html cache hit, sequential, n=${N * 5}`);
    out.push(
      `  p50 ${f(percentile(hits.latencies, 50))} ms  p90 ${f(percentile(hits.latencies, 90))} ms  (target p50 ≤ 5 ms)`,
    );
    out.push(...stageTable(hit.samples));

    out.push(`\n### ${database}: cache-hit load (autocannon, ${LOAD_SECONDS} s each)`);
    out.push("  connections   p50 ms   p99 ms    req/s   CPU ms/req: server  postgres   non-2xx+errors");
    for (const c of [10, 50, 200]) {
      const r = await loadTest(app, key, c);
      out.push(
        `  ${String(c).padStart(11)} ${f(r.p50)} ${f(r.p99)} ${f(r.rps, 8, 0)}   ${f(r.serverCpu, 14, 3)} ${f(r.postgresCpu, 9, 3)}   ${r.non2xx}`,
      );
    }

    out.push(`\n### ${database}: fresh html throughput (max_age 0), n=${N} per concurrency`);
    out.push("  concurrency   p50 ms    req/s");
    let best = 0;
    for (const c of THROUGHPUT_CONCURRENCY) {
      const run = apiCall(app, key, (i) => ({ url: pageUrl(i, `c${c}`), sync: true, max_age: 0 }), "miss");
      const r = await drive(run.one, c, N);
      best = Math.max(best, r.rps);
      out.push(`  ${String(c).padStart(11)} ${f(percentile(r.latencies, 50))} ${f(r.rps, 8, 2)}`);
    }
    out.push(
      `  best: ours ${f(best, 6, 2)} req/s, raw ${f(rawBest, 6, 2)} req/s, ratio ${f(best / rawBest, 5, 2)} (target ≥ 0.90)`,
    );
  } finally {
    await app.stop();
  }
  return out;
}

async function main(): Promise<void> {
  const server = await startPageServer();
  const lines: string[] = [
    `hot-path bench  ${new Date().toISOString()}  load: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  ];
  // The one-host table's raw browser stays open while our servers run (see the file comment).
  const oneHostRaw = await launchRawBrowser(server.port);
  try {
    let rawP50 = NaN;
    let rawBest = NaN;
    if (TABLES === "all") {
      // Raw Playwright: latency at concurrency 1, then throughput at each concurrency.
      const raw = await withRawBrowser(server.port, async (context) => {
        const latency = await drive(rawVisit(context), 1, N);
        const throughput: Array<{ c: number; p50: number; rps: number }> = [];
        for (const c of THROUGHPUT_CONCURRENCY) {
          const r = await drive(rawVisit(context), c, N);
          throughput.push({ c, p50: percentile(r.latencies, 50), rps: r.rps });
        }
        return { latency: latency.latencies, throughput };
      });
      rawP50 = percentile(raw.latency, 50);
      rawBest = Math.max(...raw.throughput.map((t) => t.rps));
      lines.push(
        `\n### raw Playwright: goto(load) + content(), page opened before / closed after the clock, n=${N}`,
      );
      lines.push(`  p50 ${f(rawP50)} ms  p90 ${f(percentile(raw.latency, 90))} ms`);
      lines.push("  concurrency   p50 ms    req/s");
      for (const t of raw.throughput)
        lines.push(`  ${String(t.c).padStart(11)} ${f(t.p50)} ${f(t.rps, 8, 2)}`);
    }
    console.log(lines.join("\n"));
    for (const database of DATABASES) {
      const out = await benchDatabase(database, server.port, rawP50, rawBest, oneHostRaw.context);
      console.log(out.join("\n"));
    }
    console.log(
      `\nload at end: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
  } finally {
    await oneHostRaw.close();
    await server.close();
  }
}

await main();
