/**
 * A Chromium for Lighthouse: headless, behind the egress proxy, with a DevTools port.
 *
 * Why not the page pool's browser: Lighthouse drives a whole tab through CDP for 6–17 s, resets
 * storage and measures CPU time; sharing a browser with other pages would skew its timings and
 * let its storage resets hit their visits. Why not chrome-launcher: it is only a transitive
 * dependency, and spawning the binary ourselves keeps the exact flag set of the page pool.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fsSync from "node:fs";
import fs from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { egressChromiumArgs } from "@/lib/net/egress-proxy";
import { chromiumLaunch } from "@/lib/page/sandbox";
import { singleton } from "@/lib/singleton";

export interface DebugBrowser {
  /** DevTools port on 127.0.0.1: what Lighthouse connects to. */
  port: number;
  pid: number;
  /** The egress proxy this browser sends everything through. */
  proxyUrl: string;
  alive(): boolean;
  /**
   * Page.stopLoading in every tab. A document that never answers leaves Lighthouse waiting on
   * Page.navigate forever (its own maxWaitForLoad does not end that wait); stopping the load makes
   * Page.navigate return, so Lighthouse finishes normally instead of being killed mid-command.
   */
  stopLoading(): Promise<void>;
  close(): Promise<void>;
}

export interface LaunchOptions {
  chromiumPath: string;
  args: readonly string[];
  proxyUrl: string;
  timeoutMs: number;
}

const LISTENING = /DevTools listening on ws:\/\/[^\s/]+:(\d+)\//;

/** Browsers still running (→ their profile folder), so a dying Node process leaves nothing behind. */
const live = singleton("lighthouseBrowsers", () => {
  const browsers = new Map<ChildProcess, string>();
  // Port-mode Chromium (unlike Playwright's pipe mode) does not notice its parent going away;
  // "exit" handlers must be synchronous, hence rmSync.
  process.once("exit", () => {
    for (const [child, profile] of browsers) {
      child.kill("SIGKILL");
      try {
        fsSync.rmSync(profile, { recursive: true, force: true });
      } catch {
        // best effort: the folder is in the temp directory
      }
    }
  });
  return browsers;
});

function waitForPort(child: ChildProcess, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let text = "";
    const done = (err: Error | null, port?: number) => {
      clearTimeout(timer);
      child.stderr?.off("data", onData);
      child.off("exit", onExit);
      child.off("error", onError);
      // Keep draining stderr: a full pipe would block Chromium's logging and stall it.
      child.stderr?.resume();
      if (err) reject(err);
      else resolve(port!);
    };
    const onData = (chunk: Buffer) => {
      text = (text + chunk.toString("utf8")).slice(-8_192);
      const m = LISTENING.exec(text);
      if (m) done(null, Number(m[1]));
    };
    const onExit = (code: number | null) =>
      done(new Error(`Chromium exited (${code}) before opening DevTools: ${text.trim().slice(-500)}`));
    const onError = (err: Error) => done(new Error(`Chromium could not be started: ${err.message}`));
    const timer = setTimeout(() => done(new Error("Chromium did not open DevTools in time.")), timeoutMs);
    child.stderr?.on("data", onData);
    child.once("exit", onExit);
    child.once("error", onError);
  });
}

/** GET a DevTools JSON endpoint (node:http rather than fetch, which Next.js patches for caching). */
function getJson(port: number, path: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path, timeout: 3_000 }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (body += d));
      res.on("end", () => {
        try {
          resolve(JSON.parse(body));
        } catch (err) {
          reject(err);
        }
      });
    });
    req.on("timeout", () => req.destroy(new Error("DevTools did not answer")));
    req.on("error", reject);
  });
}

async function stopLoadingIn(target: { webSocketDebuggerUrl?: string }): Promise<void> {
  if (!target.webSocketDebuggerUrl) return;
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("CDP did not answer")), 3_000);
      ws.addEventListener("open", () => ws.send(JSON.stringify({ id: 1, method: "Page.stopLoading" })));
      ws.addEventListener("message", () => (clearTimeout(timer), resolve()));
      ws.addEventListener("error", () => (clearTimeout(timer), reject(new Error("CDP socket error"))));
    });
  } finally {
    ws.close();
  }
}

export async function launchDebugBrowser(opts: LaunchOptions): Promise<DebugBrowser> {
  // A profile of its own: Chromium hands a second launch on the same profile to the running
  // instance and exits, which would look like a launch that never opens DevTools.
  const profile = await fs.mkdtemp(path.join(os.tmpdir(), "lighthouse-chromium-"));
  const chromiumArgs = [
    ...opts.args,
    ...egressChromiumArgs(opts.proxyUrl),
    "--remote-debugging-address=127.0.0.1",
    "--remote-debugging-port=0",
    `--user-data-dir=${profile}`,
    "about:blank",
  ];
  // Through the same wrapper as the page pool: unprivileged user, sandbox on, minimal
  // environment (lib/page/sandbox.ts). The wrapper also asks the kernel (setpriv --pdeathsig) to
  // kill port-mode Chromium when this process dies, whatever the death: it would outlive a parent
  // killed with SIGKILL, where no "exit" handler runs.
  const launch = chromiumLaunch(opts.chromiumPath);
  const child = spawn(launch.executablePath, [...launch.args, ...chromiumArgs], {
    stdio: ["ignore", "ignore", "pipe"],
    // The complete environment (no NODE_ENV either: Chromium has no use for it).
    env: launch.env as NodeJS.ProcessEnv,
  });
  live.set(child, profile);
  let exited = false;
  const exit = new Promise<void>((resolve) => {
    const gone = () => {
      if (exited) return;
      exited = true;
      live.delete(child);
      void fs
        .rm(profile, { recursive: true, force: true })
        .catch(() => undefined)
        .then(resolve);
    };
    child.once("exit", gone);
    // A binary that cannot be spawned (ENOENT) may emit only "error", never "exit".
    child.once("error", gone);
  });
  const kill = async () => {
    if (!exited) child.kill("SIGKILL");
    await exit;
  };

  let port: number;
  try {
    port = await waitForPort(child, opts.timeoutMs);
  } catch (err) {
    await kill();
    throw err;
  }
  return {
    port,
    pid: child.pid!,
    proxyUrl: opts.proxyUrl,
    alive: () => !exited,
    async stopLoading() {
      const list = await getJson(port, "/json/list");
      const targets = Array.isArray(list) ? (list as { type?: string; webSocketDebuggerUrl?: string }[]) : [];
      await Promise.allSettled(targets.filter((t) => t.type === "page").map(stopLoadingIn));
    },
    close: kill,
  };
}
