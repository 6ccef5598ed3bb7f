/**
 * Chromium never runs as root and keeps its sandbox on, for the page pool and for Lighthouse;
 * the browser user cannot read a 0700 folder of the server's (as data/ is).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { launchDebugBrowser } from "@/lib/lighthouse/browser";
import { LIGHTHOUSE_CHROMIUM_ARGS } from "@/lib/lighthouse/config";
import { chromiumPathFromEnv } from "@/lib/page/config";
import { chromiumLaunch, sandboxedLaunchOptions } from "@/lib/page/sandbox";
import { visitPage } from "@/lib/page/visit";
import { descendantsOf, userNamespaceOf, type ProcessInfo } from "../support/processes";
import { pageFixture } from "./setup";

const fx = pageFixture();
const CHROMIUM = chromiumPathFromEnv();
const isRoot = process.getuid?.() === 0;

function chromiumProcesses(root: number): ProcessInfo[] {
  return descendantsOf(root).filter((p) => p.exe === CHROMIUM);
}

/** The checks every browser of the service must pass. */
function expectUnprivilegedAndSandboxed(processes: ProcessInfo[]): void {
  expect(processes.length).toBeGreaterThan(1);
  for (const p of processes) {
    expect(p.args, `pid ${p.pid}`).not.toContain("--no-sandbox");
    // Real, effective, saved and filesystem uid: none is root.
    if (isRoot)
      expect(
        p.uids.every((uid) => uid !== 0),
        `pid ${p.pid} uids ${p.uids.join(",")}`,
      ).toBe(true);
  }
  // The sandboxed children (renderers, utilities) run in their own user namespace under seccomp-bpf.
  expect(processes.filter(isSandboxedChild).length).toBeGreaterThan(0);
}

function isSandboxedChild(p: ProcessInfo): boolean {
  return p.seccomp === 2 && p.userNamespace !== userNamespaceOf("self");
}

describe("Chromium runs unprivileged with its sandbox on", () => {
  it("the page pool's browser: no process as root, no --no-sandbox, the page's renderer sandboxed", async () => {
    const rendererPids = await visitPage(
      { organization: "org-test", url: "http://site.test/" },
      async (snap) => {
        const cdp = await snap.page.context().browser()!.newBrowserCDPSession();
        try {
          const { processInfo } = (await cdp.send("SystemInfo.getProcessInfo")) as {
            processInfo: Array<{ id: number; type: string }>;
          };
          return processInfo.filter((p) => p.type === "renderer").map((p) => p.id);
        } finally {
          await cdp.detach();
        }
      },
      { pool: fx.pool },
    );
    const processes = chromiumProcesses(process.pid);
    expectUnprivilegedAndSandboxed(processes);
    // Every renderer Chromium reports is one of the sandboxed processes.
    expect(rendererPids.length).toBeGreaterThan(0);
    for (const pid of rendererPids) {
      const renderer = processes.find((p) => p.pid === pid);
      expect(renderer, `renderer ${pid}`).toBeDefined();
      expect(renderer!.seccomp).toBe(2);
      expect(renderer!.userNamespace).not.toBe(userNamespaceOf("self"));
    }
  });

  it("Lighthouse's browser: no process as root, no --no-sandbox, sandboxed children", async () => {
    const egress = await fx.pool.egress();
    const browser = await launchDebugBrowser({
      chromiumPath: CHROMIUM,
      args: LIGHTHOUSE_CHROMIUM_ARGS,
      proxyUrl: egress.url,
      timeoutMs: 20_000,
    });
    try {
      // browser.pid is the launcher script, which stays to run the DevTools pipe limit (as the
      // server's user: it is ours, not the browser); Chromium runs below it.
      const processes = () => chromiumProcesses(browser.pid);
      // Its zygote's sandboxed children start a moment after the browser answers (seen missing on
      // a loaded CI machine): wait for the first, up to 10 s, before looking at them all.
      let all = processes();
      for (let i = 0; i < 100 && !all.some(isSandboxedChild); i++) {
        await new Promise((r) => setTimeout(r, 100));
        all = processes();
      }
      expect(all.filter((p) => !p.args.join(" ").includes("--type="))).toHaveLength(1);
      expectUnprivilegedAndSandboxed(all);
    } finally {
      await browser.close();
    }
  });
});

describe.runIf(isRoot)("the browser user cannot read the server's data", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ptd-data-"));
  const open = fs.mkdtempSync(path.join(os.tmpdir(), "ptd-public-"));
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(open, { recursive: true, force: true });
  });

  it("a file in a 0700 folder (as data/ is) is unreadable to the service's Chromium; a public one is readable", async () => {
    fs.chmodSync(dir, 0o700);
    fs.writeFileSync(path.join(dir, "secret.html"), "<p>auth-secret-value</p>");
    fs.chmodSync(open, 0o755);
    fs.writeFileSync(path.join(open, "public.html"), "<p>public-value</p>", { mode: 0o644 });
    expect(chromiumLaunch(CHROMIUM).user).toBe("ptd-browser");
    const browser = await chromium.launch(sandboxedLaunchOptions(CHROMIUM));
    try {
      const page = await browser.newPage();
      // Control: the same browser reads a world-readable file, so the refusal below is the permissions'.
      await page.goto(`file://${open}/public.html`);
      expect(await page.content()).toContain("public-value");
      const err = await page.goto(`file://${dir}/secret.html`).then(
        () => null,
        (e: Error) => e,
      );
      expect(err?.message ?? (await page.content())).not.toContain("auth-secret-value");
      expect(err?.message).toMatch(/ERR_ACCESS_DENIED|ERR_FILE_NOT_FOUND/);
    } finally {
      await browser.close();
    }
  });
});
