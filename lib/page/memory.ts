import fs from "node:fs";
import type { Browser } from "playwright-core";

/**
 * Resident memory of a browser: the sum of VmRSS over every process Chromium reports (browser,
 * renderers, GPU, utilities). Chromium's memory grows with the pages it has seen; the pool
 * retires a browser above a threshold as well as after a number of jobs.
 */
export async function browserRssBytes(browser: Browser): Promise<number> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { processInfo } = (await cdp.send("SystemInfo.getProcessInfo")) as {
      processInfo: Array<{ id: number }>;
    };
    return processInfo.reduce((sum, p) => sum + rssOf(p.id), 0);
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

/**
 * The operating system's id of the browser's main process, read while it answers: a browser that
 * later wedges (misses a close's deadline) is then killed by it (lib/page/browser-pool.ts).
 */
export async function browserPid(browser: Browser): Promise<number | undefined> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { processInfo } = (await cdp.send("SystemInfo.getProcessInfo")) as {
      processInfo: Array<{ id: number; type: string }>;
    };
    return processInfo.find((p) => p.type === "browser")?.id;
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

function rssOf(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return kb ? Number(kb[1]) * 1024 : 0;
  } catch {
    return 0; // process gone, or not Linux
  }
}
