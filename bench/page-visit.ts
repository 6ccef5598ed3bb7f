/**
 * Page-visit benchmark: our engine (visitPage + html operation, through the browser pool and the
 * egress proxy) against raw Playwright (one warm browser, a new page per job, goto + content()).
 *
 *   npx tsx bench/page-visit.ts [requestsPerRun]
 *
 * Pages: real-world HTML from ../shared/eval/readability (read from there, never copied), served
 * by a local server as http://<name>.bench.test/<name>/. Both sides see the same network: `.test` maps to
 * the local server, every other name fails to resolve (this machine is offline; making it explicit
 * keeps the comparison fair on machines that are not). Prints p50/p95 latency and throughput at
 * concurrency 1 and 2, and our ratios to raw (targets: latency ≤ 1.15×, throughput ≥ 0.9×).
 *
 * Browser contexts belong to one organization, so "ours" runs three times: all requests from one
 * organization (the old shared-context case), spread round-robin over 4 organizations (all warm in
 * the context LRU) and over 16 (more than the LRU keeps: contexts are evicted and re-created).
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { chromium, type Browser } from "playwright-core";
import { reloadConfig } from "@/lib/config";
import { htmlOperation } from "@/lib/operations/html";
import { BrowserPool } from "@/lib/page/browser-pool";
import { poolConfigFromEnv } from "@/lib/page/config";
import { sandboxedLaunchOptions } from "@/lib/page/sandbox";
import { visitPage } from "@/lib/page/visit";

const EVAL_DIR = path.resolve(import.meta.dirname, "../../shared/eval/readability");
const PAGES = ["ars-1", "medium-1", "wikipedia", "cnn", "guardian-1"];
const REQUESTS = Number(process.argv[2] ?? 30);
const WARMUP = 3;
const ORGANIZATIONS = [1, 4, 16];

type Job = (url: string) => Promise<number>;

interface RunStats {
  mode: string;
  concurrency: number;
  n: number;
  p50: number;
  p95: number;
  rps: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function startServer(): Promise<{ port: number; close: () => Promise<void> }> {
  const bodies = new Map(
    PAGES.map((name) => [name, fs.readFileSync(path.join(EVAL_DIR, name, "source.html"))]),
  );
  const server = http.createServer((req, res) => {
    const name = (req.url ?? "/").split("/")[1] ?? "";
    const body = bodies.get(name);
    if (!body) {
      res.writeHead(404, { "content-type": "text/plain" });
      return void res.end("not found");
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length });
    res.end(body);
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () => new Promise<void>((r) => server.close(() => r())),
      }),
    ),
  );
}

/** Run `n` jobs over the page list with `concurrency` workers pulling from one queue. */
async function run(mode: string, job: Job, concurrency: number, n: number): Promise<RunStats> {
  // One host per page, as real traffic has: the pool caps how many slots one host may hold.
  const urls = Array.from({ length: n }, (_, i) => {
    const name = PAGES[i % PAGES.length]!;
    return `http://${name}.bench.test/${name}/`;
  });
  for (let i = 0; i < WARMUP; i++) await job(urls[i % urls.length]!);
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < urls.length) latencies.push(await job(urls[next++]!));
    }),
  );
  const wall = performance.now() - started;
  latencies.sort((a, b) => a - b);
  return {
    mode,
    concurrency,
    n,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    rps: (n / wall) * 1000,
  };
}

async function rawJob(browser: Browser): Promise<Job> {
  const context = await browser.newContext({ viewport: { width: 1350, height: 797 } });
  return async (url) => {
    const t = performance.now();
    const page = await context.newPage();
    try {
      await page.goto(url);
      const html = await page.content();
      if (html.length < 1000) throw new Error(`raw: short page ${url}`);
    } finally {
      await page.close();
    }
    return performance.now() - t;
  };
}

function oursJob(pool: BrowserPool, organizations: number): Job {
  let n = 0;
  return async (url) => {
    const t = performance.now();
    const organization = `org-${n++ % organizations}`;
    const html = await visitPage({ organization, url }, (snap) => htmlOperation.run(snap), { pool });
    if (html.length < 1000) throw new Error(`ours: short page ${url}`);
    return performance.now() - t;
  };
}

const notFound = async (host: string): Promise<never> => {
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
};

async function main(): Promise<void> {
  const server = await startServer();
  process.env.PAGE_TEST_HOSTS = `127.0.0.1:${server.port}:${server.port}`;
  reloadConfig();
  const results: RunStats[] = [];
  try {
    for (const concurrency of [1, 2]) {
      // The same unprivileged, sandboxed launch as the pool's, so both sides pay for it alike.
      const browser = await chromium.launch(
        sandboxedLaunchOptions(poolConfigFromEnv().chromiumPath, [
          `--host-resolver-rules=MAP *.bench.test 127.0.0.1:${server.port}, MAP * ~NOTFOUND`,
        ]),
      );
      try {
        results.push(await run("raw", await rawJob(browser), concurrency, REQUESTS));
      } finally {
        await browser.close();
      }
      for (const organizations of ORGANIZATIONS) {
        const pool = new BrowserPool({ config: { concurrency }, egress: { lookup: notFound } });
        try {
          const mode = organizations === 1 ? "ours" : `ours×${organizations}`;
          results.push(await run(mode, oursJob(pool, organizations), concurrency, REQUESTS));
        } finally {
          await pool.shutdown();
        }
      }
    }
  } finally {
    await server.close();
  }
  printTable(results);
}

function printTable(results: RunStats[]): void {
  const f = (n: number, d = 0) => n.toFixed(d).padStart(8);
  console.log(`\npages: ${PAGES.join(", ")}; ${REQUESTS} requests per run after ${WARMUP} warm-up visits\n`);
  console.log("mode      conc        n  p50 ms   p95 ms    req/s");
  for (const r of results)
    console.log(
      `${r.mode.padEnd(9)} ${String(r.concurrency).padStart(4)} ${f(r.n)} ${f(r.p50)} ${f(r.p95)} ${f(r.rps, 2)}`,
    );
  console.log("\nours/raw   p50 latency   p95 latency   throughput   (targets: ≤ 1.15, ≤ 1.15, ≥ 0.90)");
  for (const c of [1, 2]) {
    const raw = results.find((r) => r.mode === "raw" && r.concurrency === c)!;
    const ours = results.find((r) => r.mode === "ours" && r.concurrency === c)!;
    console.log(
      `conc ${c}   ${f(ours.p50 / raw.p50, 2)}      ${f(ours.p95 / raw.p95, 2)}      ${f(ours.rps / raw.rps, 2)}`,
    );
  }
}

await main();
