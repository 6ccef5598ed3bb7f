/**
 * Lighthouse end to end on a real Chromium behind the real egress proxy: one runner (one browser)
 * for the whole file, as in production, so the file stays well under 90 s on 2 cores.
 */
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OperationFailure } from "@/lib/failures";
import type { RunSpec } from "@/lib/schemas/run-spec";
import { validateRequest } from "@/lib/api/validate";
import { getLighthouseRunner, LighthouseRunner, shutdownLighthouseRunner } from "@/lib/lighthouse/runner";
import { runOperations } from "@/lib/operations";
import { lighthouse } from "@/lib/operations/lighthouse";
import { getBrowserPool, shutdownBrowserPool } from "@/lib/page/browser-pool";
import { startLighthouseSite, type LighthouseSite } from "./site";
import { listeningSocketsOf } from "../support/processes";
import { reloadConfig } from "@/lib/config";
import { launchDebugBrowser } from "@/lib/lighthouse/browser";
import { LIGHTHOUSE_CHROMIUM_ARGS, lighthouseConfigFromEnv } from "@/lib/lighthouse/config";
import { watchForErrorPage } from "@/lib/lighthouse/error-page";
import { hostsOf } from "@/lib/lighthouse/hosts";

let site: LighthouseSite;

beforeAll(async () => {
  site = await startLighthouseSite();
  // Before anything starts the egress proxy: it maps `.test` names through this variable.
  process.env.PAGE_TEST_HOSTS = site.hostsEnv;
  reloadConfig();
});

afterAll(async () => {
  await shutdownLighthouseRunner();
  await shutdownBrowserPool();
  await site?.close();
});

/** The RunSpec the API would build from this request body. */
const specFor = (body: Record<string, unknown>): RunSpec =>
  validateRequest("lighthouse", { sync: true, ...body });

async function failureOf(p: Promise<unknown>): Promise<OperationFailure> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OperationFailure);
  return err as OperationFailure;
}

async function timed<T>(label: string, run: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await run();
  } finally {
    console.info(`[lighthouse] ${label}: ${Date.now() - started} ms`);
  }
}

/** The organization most runs here belong to. */
const ORG = "org-a";

describe("lighthouse", () => {
  it("audits a page as mobile by default: categories 0–1, metrics, no audits", async () => {
    const result = await timed("mobile run (cold browser)", () =>
      lighthouse(specFor({ url: "http://lh.test/" }), ORG),
    );
    expect(result.url).toBe("http://lh.test/");
    expect(new Date(result.fetchTime).toISOString()).toBe(result.fetchTime);
    expect(result.device).toBe("mobile");
    expect(Object.keys(result.categories).sort()).toEqual([
      "accessibility",
      "best-practices",
      "performance",
      "seo",
    ]);
    const perf = result.categories.performance!;
    expect(perf.title).toBe("Performance");
    expect(perf.score).toBeGreaterThanOrEqual(0);
    expect(perf.score).toBeLessThanOrEqual(1);
    for (const [name, value] of Object.entries(result.metrics)) {
      expect(typeof value, name).toBe("number");
    }
    expect(result.metrics.first_contentful_paint_ms).toBeGreaterThan(0);
    expect(result).not.toHaveProperty("audits");
  });

  it("runs desktop with only the audits asked for, without opening a page visit", async () => {
    const spec = validateRequest("scrape", {
      url: "http://lh.test/",
      operations: ["lighthouse"],
      device: "desktop",
      include_audits: "first-contentful-paint,speed-index",
    });
    const { results, visits } = await timed("desktop run", () =>
      runOperations(spec, ["lighthouse"], "org-test"),
    );
    expect(visits).toBe(1);
    const outcome = results.get("lighthouse")!;
    if (!outcome.ok) throw outcome.failure;
    const result = outcome.value as Awaited<ReturnType<typeof lighthouse>>;
    expect(result.device).toBe("desktop");
    expect(Object.keys(result.audits ?? {}).sort()).toEqual(["first-contentful-paint", "speed-index"]);
    const fcp = result.audits!["first-contentful-paint"]!;
    expect(fcp).toMatchObject({
      id: "first-contentful-paint",
      scoreDisplayMode: "numeric",
      numericUnit: "millisecond",
    });
    expect(typeof fcp.numericValue).toBe("number");
    // Lighthouse alone never takes a page-pool browser.
    expect(getBrowserPool().stats()).toMatchObject({ launches: 0, pagesServed: 0 });
  });

  it("refuses redirects to loopback (http and https) one run at a time; the canary sees nothing", async () => {
    const runs = ["/escape", "/escape-tls"].map((path) =>
      failureOf(lighthouse(specFor({ url: `http://lh.test${path}` }), ORG)),
    );
    // Concurrency 1: the second run waits in the queue while the first one runs.
    await new Promise((r) => setTimeout(r, 200));
    expect(await getLighthouseRunner().stats()).toMatchObject({ running: 1, queued: 1 });
    const [http, https] = await timed("two refused runs", () => Promise.all(runs));
    expect(http.code).toBe("not_public");
    expect(https.code, https.detail).toBe("not_public");
    expect(site.canaryConnections()).toBe(0);
  });

  it("a page that moves itself to a refused https address fails with the cause, not a report on Chromium's error page", async () => {
    const err = await timed("page moving to a refused address", () =>
      failureOf(lighthouse(specFor({ url: "http://lh.test/moves-tls" }), ORG)),
    );
    expect(err.code, err.detail).toBe("not_public");
    expect(site.canaryConnections()).toBe(0);
  });

  // What lets the run above stop at the error page's commit instead of letting Lighthouse wait out
  // its own 30 s load wait there (error-page.ts): seen on a page that moved itself, not on a first
  // navigation that fails (Lighthouse names that one itself, with a more precise code).
  it("the runner's watch sees a page that moves itself onto Chromium's error page, with every hop it asked for", async () => {
    const config = lighthouseConfigFromEnv();
    const browser = await launchDebugBrowser({
      chromiumPath: config.chromiumPath,
      args: LIGHTHOUSE_CHROMIUM_ARGS,
      proxyUrl: (await getBrowserPool().egress()).url,
      timeoutMs: config.launchTimeoutMs,
    });
    try {
      const failedFirst = await browser.newPage();
      const quiet = watchForErrorPage(failedFirst);
      await failedFirst.goto("http://lh.test/escape-tls").catch(() => undefined);
      const nothing = new Promise((r) => setTimeout(() => r("nothing seen"), 500));
      expect(await Promise.race([quiet.seen, nothing])).toBe("nothing seen");
      quiet.stop();

      const moving = await browser.newPage();
      const watch = watchForErrorPage(moving);
      await moving.goto("http://lh.test/moves-tls");
      const urls = await watch.seen;
      watch.stop();
      expect(urls[0]).toBe("http://lh.test/moves-tls");
      expect(hostsOf(urls)).toEqual(["lh.test", "127.0.0.1"]);
      expect(moving.url()).toMatch(/^chrome-error:/);
    } finally {
      await browser.close();
    }
    expect(site.canaryConnections()).toBe(0);
  });

  it("stops a page that never answers at the budget (timeout), and the browser stays usable", async () => {
    const runner = getLighthouseRunner();
    const before = await runner.stats();
    const err = await timed("hung page, 6 s budget", () =>
      failureOf(
        runner.run("http://lh.test/hang", {
          device: "mobile",
          includeAudits: false,
          timeoutMs: 6_000,
          organization: ORG,
        }),
      ),
    );
    expect(err.code).toBe("timeout");
    expect(err.retryable).toBe(true);
    // Stopping the load let Lighthouse finish: no browser was killed and relaunched for it.
    const after = await runner.stats();
    expect(after.launches).toBe(before.launches + (before.browserPids.length ? 0 : 1));
    expect(after.browserPids).toHaveLength(1);
  });

  it("the browser opens no DevTools port: no local user can connect to it (DevTools over a pipe)", async () => {
    const runner = getLighthouseRunner();
    if (!(await runner.stats()).browserPids.length)
      await runner.run("http://lh.test/", { device: "mobile", includeAudits: false, organization: ORG });
    const [pid] = (await runner.stats()).browserPids;
    expect(pid).toBeGreaterThan(0);
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    expect(cmdline).toContain("--remote-debugging-pipe");
    expect(cmdline.filter((a) => a.startsWith("--remote-debugging-port"))).toEqual([]);
    // Whatever the flags say: no listening TCP socket among the browser's open files.
    expect(listeningSocketsOf(pid!)).toEqual([]);
    // ...and the browser still works over the pipe.
    const result = await runner.run("http://lh.test/", {
      device: "mobile",
      includeAudits: false,
      organization: ORG,
    });
    expect(Object.keys(result.categories)).toContain("performance");
  });

  it("gives another organization's run a browser of its own (no state carried between tenants)", async () => {
    const runner = getLighthouseRunner();
    // Run alone (-t), or after a test that left no browser, this test first needs org-a's.
    if (!(await runner.stats()).browserPids.length)
      await runner.run("http://lh.test/", { device: "mobile", includeAudits: false, organization: ORG });
    const before = await runner.stats();
    expect(before.browserPids).toHaveLength(1);
    await runner.run("http://lh.test/", { device: "mobile", includeAudits: false, organization: "org-b" });
    const after = await runner.stats();
    expect(after.launches).toBe(before.launches + 1);
    expect(after.browserPids).not.toEqual(before.browserPids);
  });

  it("relaunches a browser that died, and maps a 404 to not_found", async () => {
    const runner = getLighthouseRunner();
    // Run alone (-t), this test first needs a browser to kill.
    if (!(await runner.stats()).browserPids.length)
      await failureOf(lighthouse(specFor({ url: "http://lh.test/missing" }), ORG));
    const before = await runner.stats();
    expect(before.browserPids).toHaveLength(1);
    process.kill(before.browserPids[0]!, "SIGKILL");
    await new Promise((r) => setTimeout(r, 300));
    const err = await timed("404 run (relaunched browser)", () =>
      failureOf(lighthouse(specFor({ url: "http://lh.test/missing" }), ORG)),
    );
    expect(err.code).toBe("not_found");
    const after = await runner.stats();
    expect(after.launches).toBe(before.launches + 1);
    expect(after.browserPids).not.toEqual(before.browserPids);
  });

  it("runs the page again on a fresh browser when ours fails it (our failure, not the page's)", async () => {
    // The first browser this runner starts dies just as its first run opens a tab.
    let launched = 0;
    const runner = new LighthouseRunner({
      launch: async (opts) => {
        const browser = await launchDebugBrowser(opts);
        if (++launched > 1) return browser;
        return {
          ...browser,
          async newPage() {
            await browser.close();
            return browser.newPage();
          },
        };
      },
    });
    try {
      const result = await timed("run whose first browser died", () =>
        runner.run("http://lh.test/", { device: "mobile", includeAudits: false, organization: ORG }),
      );
      expect(Object.keys(result.categories)).toContain("performance");
      const stats = await runner.stats();
      expect(stats).toMatchObject({ runs: 2, launches: 2 });
      expect(stats.browserPids).toHaveLength(1);
    } finally {
      await runner.shutdown();
    }
  });

  it("never lets two Lighthouse calls overlap in one process, even from two runners (Lighthouse's state is process-wide)", async () => {
    // Each runner has its own queue and browser: only the process-wide turn keeps the second
    // audit from starting while the first gathers (whose end clears the other's timing marks).
    const runner = getLighthouseRunner();
    const other = new LighthouseRunner();
    try {
      const before = (await runner.stats()).runs;
      const opts = { device: "mobile", includeAudits: false, organization: ORG } as const;
      const results = await timed("two runners at once", () =>
        Promise.all([runner.run("http://lh.test/", opts), other.run("http://lh.test/other", opts)]),
      );
      for (const result of results) expect(Object.keys(result.categories)).toContain("performance");
      // One run each: neither failed and was run again (the collision's symptom).
      expect((await runner.stats()).runs).toBe(before + 1);
      expect((await other.stats()).runs).toBe(1);
    } finally {
      await other.shutdown();
    }
  });

  it("refuses before launching anything: private URLs and residential requests", async () => {
    const runner = getLighthouseRunner();
    const launches = (await runner.stats()).launches;
    const ip = await failureOf(runner.run("http://127.0.0.1/", { device: "mobile", includeAudits: false }));
    expect(ip.code).toBe("not_public");
    const residential = await failureOf(
      lighthouse({ ...specFor({ url: "http://lh.test/" }), residential: true }, ORG),
    );
    expect(residential.code).toBe("no_residential_exit");
    expect((await runner.stats()).launches).toBe(launches);
  });

  it("reports a Chromium that cannot start as unexpected, at once", async () => {
    const broken = new LighthouseRunner({ config: { chromiumPath: "/nonexistent/chromium" } });
    const err = await failureOf(broken.run("http://lh.test/", { device: "mobile", includeAudits: false }));
    expect(err.code).toBe("unexpected");
    expect(err.detail).toMatch(/could not start Chromium/);
    await broken.shutdown();
  });
});
