/** The browser pool: slots, FIFO order, context and browser recycling, crash recovery. */
import { describe, expect, it } from "vitest";
import { Semaphore } from "@/lib/page/semaphore";
import { BrowserPool } from "@/lib/page/browser-pool";
import { visitPage } from "@/lib/page/visit";
import { pageFixture } from "./setup";

const fx = pageFixture({ config: { concurrency: 2, contextMaxPages: 3, browserMaxJobs: 8 } });

const visit = (path = "/") =>
  visitPage({ organization: "org-test", url: `http://site.test${path}` }, async (s) => s.html, {
    pool: fx.pool,
  });

describe("Semaphore", () => {
  it("serves waiters first come, first served and never exceeds its size", async () => {
    const sem = new Semaphore(2);
    const order: number[] = [];
    const releases = await Promise.all([sem.acquire(), sem.acquire()]);
    const waiting = [1, 2, 3].map((n) => sem.acquire().then((release) => (order.push(n), release)));
    expect(sem.queued).toBe(3);
    releases[0]!();
    releases[1]!();
    const [r1, r2] = await Promise.all(waiting.slice(0, 2));
    expect(order).toEqual([1, 2]);
    expect(sem.running).toBe(2);
    r1!();
    const r3 = await waiting[2]!;
    expect(order).toEqual([1, 2, 3]);
    r2!();
    r3();
    r3(); // a second release is ignored
    expect(sem.running).toBe(0);
  });
});

describe("BrowserPool", () => {
  it("runs at most `concurrency` pages at once; the rest queue", async () => {
    let peak = 0;
    const sample = setInterval(() => (peak = Math.max(peak, fx.pool.stats().running)), 5);
    try {
      // Five hosts: one host alone may hold only half the slots (fair-queue.ts).
      const pages = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          visitPage({ organization: "org-test", url: `http://h${i}.test/fetch-text` }, async (s) => s.html, {
            pool: fx.pool,
          }),
        ),
      );
      expect(pages.every((h) => h.includes("loaded-after-load"))).toBe(true);
    } finally {
      clearInterval(sample);
    }
    expect(peak).toBe(2);
    expect(fx.pool.stats().queued).toBe(0);
  });

  it("recycles contexts after contextMaxPages and relaunches the browser after browserMaxJobs", async () => {
    const before = fx.pool.stats();
    for (let i = 0; i < 9; i++) await visit();
    const after = fx.pool.stats();
    expect(after.contextsCreated - before.contextsCreated).toBeGreaterThanOrEqual(3);
    expect(after.launches - before.launches).toBeGreaterThanOrEqual(1);
  });

  it("relaunches the browser once its processes hold more memory than browserMaxRssMb", async () => {
    // 1 MB: any real browser is over it, so the first measurement retires it.
    const pool = new BrowserPool({ config: { concurrency: 1, browserMaxRssMb: 1, memoryCheckEvery: 1 } });
    try {
      for (let i = 0; i < 3; i++) {
        await visitPage({ organization: "org-test", url: "http://site.test/" }, async (s) => s.html, {
          pool,
        });
        await new Promise((r) => setTimeout(r, 300)); // the measurement runs off the job's path
      }
      expect(pool.stats().memoryRetirements).toBeGreaterThanOrEqual(1);
      expect(pool.stats().launches).toBeGreaterThanOrEqual(2);
    } finally {
      await pool.shutdown();
    }
  });

  it("resets a text visit's page for the organization's next visit: nothing of the last visit carries over", async () => {
    // A pool of its own: no context or browser retires during the test, so every page is reset.
    const pool = new BrowserPool({ config: { concurrency: 1 } });
    const listeners: number[] = [];
    const textVisit = (path: string) =>
      visitPage(
        { organization: "org-recycle", url: `http://site.test${path}`, loadPolicy: "text" },
        async (s) => {
          const emitter = s.page as unknown as NodeJS.EventEmitter;
          listeners.push(emitter.eventNames().reduce((n, e) => n + emitter.listenerCount(e), 0));
          return s.html;
        },
        { pool },
      );
    try {
      // A page whose timer would navigate it away, and whose script keeps fetching.
      expect(await textVisit("/leaves-later")).toContain("Leaves later");
      const logged = fx.sites.log.length;
      // The next visit of the organization gets that page back, reset: its result is its own page,
      // and once it is over the old page's scripts have made no request and no navigation.
      const next = await textVisit("/");
      expect(next).toContain("Hello from site.test");
      // Past the moment the old page's timer would have navigated it (2 s after it loaded).
      await new Promise((r) => setTimeout(r, 2_000));
      // (Until the reset, the old page may still fetch: it ends behind its own visit's answer.)
      const since = fx.sites.log.slice(logged);
      const afterNextStarted = since.slice(since.indexOf("site.test /") + 1).join("\n");
      expect(since).toContain("site.test /");
      expect(afterNextStarted).not.toContain("/hijacked");
      expect(afterNextStarted).not.toContain("/still-running");
      for (let i = 0; i < 3; i++) await textVisit("/");
      // Every visit after the first ran on the first visit's page.
      expect(pool.stats().pagesRecycled).toBeGreaterThanOrEqual(4);
      expect(pool.stats().contextsCreated).toBe(1);
      // Each visit's listeners went with it: the count a visit sees does not grow.
      expect(new Set(listeners).size).toBe(1);
    } finally {
      await pool.shutdown();
    }
  });

  it("keeps one context per device scale factor", async () => {
    const pool = new BrowserPool({ config: { concurrency: 1 } });
    try {
      for (const dsf of [1, 2, 1, 2]) {
        await visitPage(
          { organization: "org-test", url: "http://site.test/", deviceScaleFactor: dsf },
          async () => undefined,
          {
            pool,
          },
        );
      }
      expect(pool.stats().contextsCreated).toBe(2);
    } finally {
      await pool.shutdown();
    }
  });

  it("survives a browser crash without losing queued work", async () => {
    const launches = fx.pool.stats().launches;
    let crashed = false;
    const jobs = Array.from({ length: 6 }, (_, i) =>
      visitPage(
        { organization: "org-test", url: "http://site.test/fetch-text" },
        async (snap) => {
          if (i === 1 && !crashed) {
            crashed = true;
            const cdp = await snap.page.context().browser()!.newBrowserCDPSession();
            await cdp.send("Browser.crash").catch(() => undefined);
          }
          return snap.html;
        },
        { pool: fx.pool },
      ),
    );
    const results = await Promise.allSettled(jobs);
    expect(crashed).toBe(true);
    expect(results.map((r) => r.status)).toEqual(Array(6).fill("fulfilled"));
    expect(fx.pool.stats().launches).toBeGreaterThan(launches);
  });

  it("refuses work after shutdown", async () => {
    const pool = new BrowserPool();
    await pool.shutdown();
    await expect(
      pool.acquire({ organization: "org-test", host: "site.test", deviceScaleFactor: 1 }),
    ).rejects.toThrow(/shut down/);
  });
});
