/**
 * A Chromium for Lighthouse: headless, behind the egress proxy, driven over a DevTools pipe.
 *
 * Why a pipe and not a port: a DevTools port on 127.0.0.1 is open to every local user, and
 * whoever connects drives the browser (and the audited page). The pipe's file descriptors are
 * this process's alone. Lighthouse itself connects only to a port, but takes a Puppeteer page:
 * we connect Puppeteer over the pipe (pipe-transport.ts) and hand it a fresh tab per run.
 *
 * Why not the page pool's browser: Lighthouse drives a whole tab through CDP for 6–17 s, resets
 * storage and measures CPU time; sharing a browser with other pages would skew its timings and
 * let its storage resets hit their visits. Why not chrome-launcher: it is only a transitive
 * dependency, and spawning the binary ourselves keeps the exact flag set of the page pool.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fsSync from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { egressChromiumArgs } from "@/lib/net/egress-proxy";
import { chromiumLaunch } from "@/lib/page/sandbox";
import { singleton } from "@/lib/singleton";
import { PipeTransport } from "./pipe-transport";

export interface DebugBrowser {
  /** A fresh tab for one run (Lighthouse drives it; the caller closes it). */
  newPage(): Promise<Page>;
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

/** Browsers still running (→ their profile folder), so a dying Node process leaves nothing behind. */
const live = singleton("lighthouseBrowsers", () => {
  const browsers = new Map<ChildProcess, string>();
  // Killed at once rather than left to notice its pipe closing; the profile goes with it.
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

/** Puppeteer over the pipe, or an error when Chromium exits or stays silent past `timeoutMs`. */
async function connectOverPipe(child: ChildProcess, timeoutMs: number): Promise<Browser> {
  let stderr = "";
  const onData = (chunk: Buffer) => (stderr = (stderr + chunk.toString("utf8")).slice(-8_192));
  child.stderr?.on("data", onData);
  let timer: NodeJS.Timeout | undefined;
  let onExit: (() => void) | undefined;
  try {
    const transport = new PipeTransport(child.stdio[3] as Writable, child.stdio[4] as Readable);
    return await Promise.race([
      puppeteer.connect({ transport, defaultViewport: null, protocolTimeout: timeoutMs * 3 }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("Chromium did not open DevTools in time.")), timeoutMs);
        onExit = () =>
          reject(new Error(`Chromium exited before opening DevTools: ${stderr.trim().slice(-500)}`));
        child.once("exit", onExit);
      }),
    ]);
  } finally {
    clearTimeout(timer);
    if (onExit) child.off("exit", onExit);
    child.stderr?.off("data", onData);
    // Keep draining stderr: a full pipe would block Chromium's logging and stall it.
    child.stderr?.resume();
  }
}

export async function launchDebugBrowser(opts: LaunchOptions): Promise<DebugBrowser> {
  // A profile of its own: Chromium hands a second launch on the same profile to the running
  // instance and exits, which would look like a launch that never opens DevTools.
  const profile = await fs.mkdtemp(path.join(os.tmpdir(), "lighthouse-chromium-"));
  const chromiumArgs = [
    ...opts.args,
    ...egressChromiumArgs(opts.proxyUrl),
    "--remote-debugging-pipe",
    `--user-data-dir=${profile}`,
    "about:blank",
  ];
  // Through the same wrapper as the page pool: unprivileged user, sandbox on, minimal
  // environment (lib/page/sandbox.ts). The wrapper also asks the kernel (setpriv --pdeathsig) to
  // kill Chromium when this process dies, whatever the death (a SIGKILL runs no "exit" handler).
  const launch = chromiumLaunch(opts.chromiumPath);
  const child = spawn(launch.executablePath, [...launch.args, ...chromiumArgs], {
    // fd 3 and 4: the DevTools pipe (--remote-debugging-pipe).
    stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"],
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
      // The pipe can outlive the browser (a child process of Chromium may still hold its other
      // end): closing our ends now fails every DevTools call in flight at once, rather than
      // leaving Lighthouse waiting on a dead browser until the run's budget.
      for (const fd of [child.stdio[3], child.stdio[4]]) (fd as Readable | Writable | null)?.destroy();
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

  let browser: Browser;
  try {
    browser = await connectOverPipe(child, opts.timeoutMs);
  } catch (err) {
    await kill();
    throw err;
  }
  return {
    newPage: () => browser.newPage(),
    pid: child.pid!,
    proxyUrl: opts.proxyUrl,
    alive: () => !exited,
    async stopLoading() {
      const pages = await browser.pages();
      await Promise.allSettled(
        pages.map(async (page) => {
          const session = await page.createCDPSession();
          try {
            await session.send("Page.stopLoading");
          } finally {
            await session.detach().catch(() => undefined);
          }
        }),
      );
    },
    async close() {
      browser.disconnect().catch(() => undefined);
      await kill();
    },
  };
}
