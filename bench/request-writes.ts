/**
 * The database's part of a fresh request, alone: acceptance (admission, the row, the job), the
 * job's start, and the completion (final state, result, cache entry, settlement), called the way
 * the pipeline calls them, N times in a row, p50 and mean per step in ms. No browser, no HTTP: this
 * is the ~35 ms the one-host table (bench/hot-path.ts) puts on the database.
 *
 *   ./scripts/with-node npx tsx bench/request-writes.ts [n=200]                  # PGlite in a temp folder
 *   DATABASE_URL=postgres://… ./scripts/with-node npx tsx bench/request-writes.ts # PostgreSQL (a database it creates)
 *
 * The job engine is opened, not started: jobs are enqueued as the pipeline does and never run.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

const n = Number(process.argv[2] ?? 200);
const pgUrl = process.env.DATABASE_URL?.startsWith("postgres") ? process.env.DATABASE_URL : undefined;
let dropDatabase: (() => Promise<void>) | undefined;
if (pgUrl) {
  const name = `ptd_bench_writes_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await c.end();
  };
} else {
  process.env.DATABASE_URL = `pglite:${fs.mkdtempSync(path.join(os.tmpdir(), "ptd-writes-"))}`;
}

const { dbReady, closeDb } = await import("@/lib/db");
const { openJobs, stopJobs } = await import("@/lib/jobs");
await import("@/lib/server/job-catalog");
const { createOrganization } = await import("@/lib/admin/organizations");
const { callerForProject } = await import("@/lib/auth/authenticate");
const { validateRequest } = await import("@/lib/api/validate");
const { acceptRequest } = await import("@/lib/requests/accept");
const { startRequest } = await import("@/lib/requests/start");
const { completeRequest } = await import("@/lib/requests/complete");
const { cacheKeyFor } = await import("@/lib/store/keys");

await dbReady();
await openJobs();
const org = await createOrganization({ name: "bench writes", plan: "pro" });
const caller = await callerForProject(org.projectId);
const body = `<!doctype html><html><body>${"<p>Some text of a page.</p>".repeat(60)}</body></html>`;

const times: Record<"accept" | "start" | "complete", number[]> = { accept: [], start: [], complete: [] };
for (let i = 0; i < n; i++) {
  const spec = validateRequest("html", { url: `https://example.com/page-${i}`, sync: true, max_age: 0 });
  let t = performance.now();
  const accepted = await acceptRequest(caller, spec);
  times.accept.push(performance.now() - t);
  if (accepted.kind !== "queued") throw new Error(`expected a queued request, got ${accepted.kind}`);
  accepted.finish?.cancel();
  t = performance.now();
  const run = await startRequest(accepted.token);
  times.start.push(performance.now() - t);
  if (!run) throw new Error("the request did not start");
  t = performance.now();
  await completeRequest({
    token: accepted.token,
    organizationId: run.organizationId,
    sync: true,
    row: { running: { processingMs: 100 } },
    reserved: run.reserved,
    outcome: {
      ok: true,
      body,
      contentType: "text/html; charset=utf-8",
      cost: accepted.cost,
      cached: false,
      producedBy: null,
      cacheWrites: [
        {
          cacheKey: cacheKeyFor("html", spec),
          operation: "html",
          contentType: "text/html",
          isThisResult: true,
        },
      ],
    },
  });
  times.complete.push(performance.now() - t);
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)];
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log(`${pgUrl ? "PostgreSQL" : "PGlite"}, ${n} requests (load average ${os.loadavg()[0].toFixed(1)})`);
console.log("| step | p50 ms | mean ms |\n|---|---|---|");
for (const [step, xs] of Object.entries(times)) {
  // The first 10% warm the statement caches; what a running server pays is the rest.
  const warm = xs.slice(Math.floor(xs.length / 10));
  console.log(`| ${step} | ${pct(warm, 0.5).toFixed(2)} | ${mean(warm).toFixed(2)} |`);
}
await stopJobs();
await closeDb();
await dropDatabase?.();
