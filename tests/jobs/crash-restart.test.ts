import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { dropSchemas, PG_URL, suffix, until } from "./helpers";

/**
 * SIGKILL recovery with real processes: a worker is killed while it holds running jobs, a new one
 * starts on the same database, and every job still completes, within seconds rather than after
 * pg-boss's default 15-minute expiry.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const FIXTURE = path.join(ROOT, "tests/jobs/fixtures/worker.ts");
const JOBS = 5;

class Worker {
  readonly lines: string[] = [];
  readonly exited: Promise<number | null>;
  private readonly child: ChildProcess;

  constructor(env: Record<string, string>) {
    // `node --import tsx` rather than the tsx CLI: the CLI runs the script in a grandchild process,
    // which a SIGKILL sent to the CLI would leave running.
    this.child = spawn(process.execPath, ["--import", "tsx", FIXTURE], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    this.child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const parts = out.split("\n");
      out = parts.pop()!;
      this.lines.push(...parts);
    });
    let err = "";
    this.child.stderr!.on("data", (chunk: Buffer) => (err += chunk.toString()));
    this.exited = new Promise((resolve) =>
      this.child.on("exit", (code) => {
        if (code) console.error(`worker exited ${code}: ${err}`);
        resolve(code);
      }),
    );
  }

  started(): number[] {
    return this.lines.filter((l) => l.startsWith("start ")).map((l) => Number(l.slice(6)));
  }

  async kill(signal: NodeJS.Signals): Promise<void> {
    this.child.kill(signal);
    await this.exited;
  }
}

function finished(file: string): Set<number> {
  if (!fs.existsSync(file)) return new Set();
  return new Set(fs.readFileSync(file, "utf8").split("\n").filter(Boolean).map(Number));
}

async function crashAndRestart(env: Record<string, string>, resultsFile: string): Promise<void> {
  const first = new Worker({ ...env, RESULTS_FILE: resultsFile, ENQUEUE: String(JOBS) });
  await until(
    () => first.lines.includes("ready") && first.started().length > 0,
    45_000,
    "the first worker to run",
  );
  await first.kill("SIGKILL");
  const killedWhileRunning = first.started();
  expect(finished(resultsFile).size).toBe(0); // killed before any job could finish

  const second = new Worker({ ...env, RESULTS_FILE: resultsFile });
  try {
    await until(() => finished(resultsFile).size === JOBS, 60_000, "every job to finish after the restart");
  } finally {
    await second.kill("SIGTERM");
  }
  expect([...finished(resultsFile)].sort()).toEqual([0, 1, 2, 3, 4]);
  // The jobs the killed process held were run again by the new one, after a heartbeat timeout.
  for (const n of killedWhileRunning) expect(second.started()).toContain(n);
}

describe.concurrent("a worker killed with SIGKILL", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups) await c().catch(() => {});
  });

  it("loses no job on the embedded database (PGlite folder)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jobs-crash-"));
    cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    await crashAndRestart({ DATABASE_URL: `pglite:${path.join(dir, "db")}` }, path.join(dir, "finished.txt"));
  }, 120_000);

  it("loses no job on PostgreSQL", async () => {
    const id = suffix();
    const [appSchema, bossSchema] = [`jobs_app_${id}`, `pgboss_test_${id}`];
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${appSchema}"`);
    await admin.end();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jobs-crash-pg-"));
    cleanups.push(async () => {
      fs.rmSync(dir, { recursive: true, force: true });
      await dropSchemas(appSchema, bossSchema);
    });
    // The app's migrations land in a throwaway schema through search_path; pg-boss gets its own.
    const url = `${PG_URL}${PG_URL.includes("?") ? "&" : "?"}options=-c%20search_path%3D${appSchema}`;
    await crashAndRestart({ DATABASE_URL: url, PGBOSS_SCHEMA: bossSchema }, path.join(dir, "finished.txt"));
  }, 120_000);
});
