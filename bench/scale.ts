/**
 * Scale-out benchmark on PostgreSQL (127.0.0.1:5432, or TEST_POSTGRES_URL): how throughput grows
 * with processes. Needs a production build (`npm run build`).
 *
 *   npx tsx bench/scale.ts [jobs] [cacheRequests]
 *
 * 1. Jobs: one web process and 1, 2, 4 worker processes (PAGE_CONCURRENCY=2 each). `jobs` async
 *    html requests for pages that take one second to serve (I/O-bound, each on its own host so
 *    per-host spacing never queues them), from the first POST to the last result stored.
 * 2. Request path: 1 and 2 web processes (PROCESS_ROLE=web) answering `cacheRequests` sync
 *    requests that are all cache hits, 16 at a time, alternating between the processes.
 * Each configuration gets a fresh database (tests/support/app.ts startCluster).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { startCluster, type Cluster } from "../tests/support/app";

const JOBS = Number(process.argv[2] ?? 32);
const CACHE_REQUESTS = Number(process.argv[3] ?? 600);
const PAGE_DELAY_MS = 1000;
const CLIENTS = 16;

function startSlowSite(): Promise<{ hostsEnv: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.url === "/robots.txt") return void res.writeHead(404).end();
    setTimeout(() => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(
        `<!doctype html><html><head><title>Slow ${req.url}</title></head><body><p>Served late.</p></body></html>`,
      );
    }, PAGE_DELAY_MS);
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        hostsEnv: `127.0.0.1:${port}:${port}`,
        close: () => new Promise<void>((r) => server.close(() => r())),
      });
    }),
  );
}

async function orgKey(cluster: Cluster): Promise<string> {
  const org = await cluster.admin(
    "org",
    "create",
    "--name",
    "Bench",
    "--plan",
    "pro",
    "--concurrency",
    "1000",
  );
  return org.apiKey as string;
}

const baseEnv = (hostsEnv: string) => ({
  PAGE_TEST_HOSTS: hostsEnv,
  PAGE_CONCURRENCY: "2",
  RATE_LIMIT_REQUESTS: "1000000",
  NODE_ENV: "production",
});

async function jobThroughput(workers: number, hostsEnv: string): Promise<number> {
  const cluster = await startCluster(baseEnv(hostsEnv), {
    roles: ["web", ...Array.from({ length: workers }, () => "worker" as const)],
  });
  try {
    const key = await orgKey(cluster);
    // Warm every worker's browser first, so start-up is not measured.
    await Promise.all(
      Array.from({ length: workers * 2 }, (_, i) =>
        cluster.post("/api/html", { url: `http://warm${i}.test/`, sync: true, max_age: 0 }, key),
      ),
    );
    const started = Date.now();
    const tokens = await Promise.all(
      Array.from({ length: JOBS }, async (_, i) => {
        const res = await cluster.post("/api/html", { url: `http://job${i}.test/page`, max_age: 0 }, key);
        return ((await res.json()) as { token: string }).token;
      }),
    );
    for (;;) {
      const [row] = await cluster.sql<{ n: number; failed: number; last: Date | null }>(
        `SELECT count(*)::int AS n, (count(*) FILTER (WHERE state = 'failed'))::int AS failed,
                max("finishedAt") AS last
           FROM "Request" WHERE token = ANY($1) AND state IN ('complete', 'failed')`,
        [tokens],
      );
      if (row.n === JOBS) {
        if (row.failed > 0) throw new Error(`${row.failed} of ${JOBS} jobs failed`);
        return JOBS / ((new Date(row.last!).getTime() - started) / 1000);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    await cluster.stop();
  }
}

async function cacheThroughput(webs: number, hostsEnv: string): Promise<number> {
  // One worker fills the cache; the measured processes only answer from it.
  const cluster = await startCluster(baseEnv(hostsEnv), {
    roles: [...Array.from({ length: webs }, () => "web" as const), "worker"],
  });
  try {
    const key = await orgKey(cluster);
    const body = { url: "http://cached.test/page", sync: true, max_age: 86400 };
    const first = await cluster.post("/api/html", body, key);
    if (first.status !== 200) throw new Error(`priming failed: ${first.status} ${await first.text()}`);
    let sent = 0;
    const client = async () => {
      while (sent < CACHE_REQUESTS) {
        sent++;
        const res = await cluster.post("/api/html", body, key);
        await res.arrayBuffer();
        if (res.headers.get("x-cache") !== "hit") throw new Error("expected a cache hit");
        if (res.status !== 200) throw new Error(`status ${res.status}`);
      }
    };
    // Warm-up round (route compilation, connection pools) before the clock starts.
    await Promise.all(Array.from({ length: CLIENTS }, () => cluster.post("/api/html", body, key)));
    const started = Date.now();
    await Promise.all(Array.from({ length: CLIENTS }, client));
    return CACHE_REQUESTS / ((Date.now() - started) / 1000);
  } finally {
    await cluster.stop();
  }
}

async function main(): Promise<void> {
  const site = await startSlowSite();
  const rows: string[] = [];
  try {
    for (const workers of [1, 2, 4]) {
      const rps = await jobThroughput(workers, site.hostsEnv);
      rows.push(
        `jobs (1 s pages)   1 web + ${workers} worker${workers > 1 ? "s" : " "}   ${JOBS} jobs   ${rps.toFixed(2)} jobs/s`,
      );
      console.log(rows.at(-1));
    }
    for (const webs of [1, 2]) {
      const rps = await cacheThroughput(webs, site.hostsEnv);
      rows.push(
        `cache hits         ${webs} web process${webs > 1 ? "es" : "  "}     ${CACHE_REQUESTS} reqs   ${rps.toFixed(1)} req/s`,
      );
      console.log(rows.at(-1));
    }
  } finally {
    await site.close();
  }
  console.log(`\n${rows.join("\n")}`);
}

await main();
