/**
 * One long-lived Chromium behind the egress proxy, handing out one page per job.
 *
 * Pages: a text visit's page is reset to about:blank and serves the same context's next visit
 * (`recycle`); other pages are closed, and each context keeps a spare page opened ahead of time.
 *
 * Why this shape (measured on 2 cores, docs/architecture.md §2): launching Chromium costs ~180 ms and a
 * new context 200–270 ms, while a page in a warm context is about twice as fast as a context per
 * job. So contexts live long, but a context holds cookies, storage, HTTP cache and service-worker
 * state, so it belongs to ONE organization: contexts are keyed by organization, device scale
 * factor and residential exit (viewport and colour scheme are set per page). A context serves one
 * visit at a time and starts every visit without cookies, so nothing a page sets reaches another
 * visit's result (which may land in the shared result cache). Idle contexts stay warm in a bounded
 * LRU; the least recently used is closed, with all its state, beyond `maxContexts`.
 *
 * Slots: a fair queue (fair-queue.ts) keeps the number of pages at once at what the cores can
 * render and shares them between organizations and hosts.
 *
 * Recycling: a context is retired after `contextMaxPages` pages and the browser after
 * `browserMaxJobs` jobs or once its processes hold more than `browserMaxRssMb` (measured every
 * `memoryCheckEvery` jobs); retired ones finish their open pages, then close. A crashed browser
 * (`disconnected`) is replaced on the next acquire; jobs waiting in the queue never notice.
 */
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import {
  egressChromiumArgs,
  startEgressProxy,
  type EgressProxy,
  type EgressProxyOptions,
} from "@/lib/net/egress-proxy";
import { poolConfigFromEnv, type PoolConfig } from "./config";
import type { BrowserPoolOptions, ContextSettings, PageLease, PageRequest, PoolStats } from "./pool-types";
export type { BrowserPoolOptions, ContextSettings, PageLease, PageRequest, PoolStats } from "./pool-types";
import { installCookieBannerChannel } from "./cookie-banners";
import { CONSOLE_LIMITS_JS } from "./console-capture";
import { residentialUpstreamsFromEnv } from "./residential";
import { browserPid, browserRssBytes } from "./memory";
import { BrowserCallTimeout, withDeadline } from "./deadline";
import { closeWithin, listenerBaseline, PAGE_CLOSE_TIMEOUT_MS, recyclePage } from "./page-reuse";
import { FairQueue } from "./fair-queue";
import { sandboxedLaunchOptions } from "./sandbox";
import { browserUserAgent } from "./user-agent";
import { dropSingleton, singleton } from "@/lib/singleton";
import { timeStage } from "@/lib/stage-timings";

interface ContextEntry {
  id: number;
  key: string;
  context: BrowserContext;
  served: number;
  retiring: boolean;
  /** A blank page opened ahead of the next job: a new page costs 100–300 ms, paid off the critical path. */
  spare: Promise<Page | null> | null;
  /** The previous visit's page, reset to about:blank for the next one (see `recycle`). */
  recycled: Page | null;
  /** Settles once the previous visit's page has closed. */
  closing: Promise<void>;
}

interface Generation {
  browser: Browser;
  jobs: number;
  open: number;
  retiring: boolean;
  dead: boolean;
  userAgent: string;
  /** The main process's id (undefined when it could not be read): a wedged browser is killed by it. */
  pid?: number;
  /** Idle contexts by id, least recently used first (Map order); busy ones are held by their lease. */
  idle: Map<number, ContextEntry>;
}

function contextKey(s: ContextSettings): string {
  return JSON.stringify([s.organization, s.deviceScaleFactor, s.exit ?? "", s.cookieBanners === true]);
}

export class BrowserPool {
  readonly config: PoolConfig;
  private readonly slots: FairQueue;
  private readonly egressOptions: EgressProxyOptions;
  private egressPromise: Promise<EgressProxy> | null = null;
  private current: Promise<Generation> | null = null;
  private closed = false;
  private nextContextId = 0;
  private readonly counters = {
    launches: 0,
    contextsCreated: 0,
    contextsEvicted: 0,
    pagesServed: 0,
    pagesRecycled: 0,
    memoryRetirements: 0,
    wedgedBrowsers: 0,
  };
  /** The newest browser (for stats only). */
  private latest: Generation | null = null;

  constructor(opts: BrowserPoolOptions = {}) {
    const fromEnv = poolConfigFromEnv();
    const concurrency = opts.config?.concurrency ?? fromEnv.concurrency;
    this.config = {
      ...fromEnv,
      // A concurrency given in code without a host cap gets the default share of it.
      hostMaxSlots: Math.ceil(concurrency / 2),
      ...(opts.config?.concurrency === undefined && { hostMaxSlots: fromEnv.hostMaxSlots }),
      ...opts.config,
    };
    this.slots = new FairQueue(this.config.concurrency, { hostCap: this.config.hostMaxSlots });
    this.egressOptions = opts.egress ?? { upstreams: residentialUpstreamsFromEnv() };
  }

  /** The egress proxy every page goes through (started with the first browser). */
  egress(): Promise<EgressProxy> {
    this.egressPromise ??= startEgressProxy(this.egressOptions);
    return this.egressPromise;
  }

  stats(): PoolStats {
    return {
      running: this.slots.running,
      queued: this.slots.queued,
      contextsIdle: this.latest && !this.latest.dead ? this.latest.idle.size : 0,
      ...this.counters,
    };
  }

  /**
   * Waits for a slot (fair queue), then opens a page in a context of the request's organization.
   * `signal` (the visit's budget) ends the wait for a slot; opening the page is bounded by the
   * deadlines of its browser calls.
   */
  async acquire(request: PageRequest, signal?: AbortSignal): Promise<PageLease> {
    if (this.closed) throw new Error("The browser pool is shut down.");
    const releaseSlot = await this.slots.acquire(
      { organization: request.organization, host: request.host },
      signal,
    );
    try {
      return await this.openPage(request, releaseSlot);
    } catch (err) {
      releaseSlot();
      throw err;
    }
  }

  /** Close everything. Open pages fail; later acquires throw. */
  async shutdown(): Promise<void> {
    this.closed = true;
    const gen = this.current;
    this.current = null;
    // Bounded: a wedged browser must not hold up the process's shutdown (the launcher's
    // --pdeathsig takes Chromium down with this process).
    if (gen) await gen.then((g) => this.closeBrowser(g)).catch(() => undefined);
    if (this.egressPromise) await this.egressPromise.then((e) => e.close()).catch(() => undefined);
    this.egressPromise = null;
  }

  private async openPage(settings: ContextSettings, releaseSlot: () => void): Promise<PageLease> {
    const egress = await this.egress();
    // A browser can die, or wedge past a call's deadline, between handing out a generation and
    // opening the page: try once more, on a fresh browser.
    for (let attempt = 0; ; attempt++) {
      const gen = await this.generation();
      gen.open++;
      let entry: ContextEntry | null = null;
      try {
        entry = await this.takeContext(gen, settings, egress);
        const page = await this.takePage(entry);
        return this.lease(gen, entry, page, egress, releaseSlot);
      } catch (err) {
        gen.open--;
        if (entry) void entry.context.close().catch(() => undefined);
        const wedged = err instanceof BrowserCallTimeout;
        if (wedged) this.retireWedged(gen);
        if (!(gen.dead || wedged) || attempt > 0) throw err;
      }
    }
  }

  /**
   * A browser that missed a call's deadline takes no new work. Its visits in flight are left to
   * finish or to meet their own budgets (other tenants' visits are not failed for it); it is
   * closed when the last one is released (lease → release), or now if none is open.
   */
  private retireWedged(gen: Generation): void {
    if (gen.retiring) return;
    gen.retiring = true;
    this.counters.wedgedBrowsers++;
    console.warn("[browser-pool] a browser call missed its deadline: new visits go to a fresh browser");
    if (gen.open === 0) void this.closeBrowser(gen);
  }

  /** The most recently used idle context of this key, else a new one. The caller has it alone. */
  private async takeContext(
    gen: Generation,
    settings: ContextSettings,
    egress: EgressProxy,
  ): Promise<ContextEntry> {
    const key = contextKey(settings);
    let found: ContextEntry | undefined;
    for (const entry of gen.idle.values()) if (entry.key === key) found = entry;
    if (found) {
      gen.idle.delete(found.id);
      return found;
    }
    return this.createContext(key, gen, settings, egress);
  }

  /**
   * The previous visit's recycled page, else the context's spare page if it is ready and alive,
   * else a new one; then start the next spare if there is none.
   */
  private async takePage(entry: ContextEntry): Promise<Page> {
    await timeStage("slot_reset_wait", () => entry.closing);
    let page = entry.recycled;
    entry.recycled = null;
    if (!page || page.isClosed()) {
      const spare = entry.spare;
      entry.spare = null;
      const ms = this.config.callTimeoutMs;
      const closeLate = (p: Page | null) => p?.close();
      const ready = spare ? await withDeadline(spare, ms, "open a page", closeLate) : null;
      page =
        ready && !ready.isClosed()
          ? ready
          : await withDeadline(entry.context.newPage(), ms, "open a page", closeLate);
    }
    // Every visit starts without cookies, even within one organization: what a visit sees (and
    // what may be cached for everyone) never depends on a session an earlier visit opened.
    await timeStage("slot_cookies", () =>
      withDeadline(entry.context.clearCookies(), this.config.callTimeoutMs, "clear cookies"),
    );
    if (!entry.spare && !entry.retiring && entry.served + 1 < this.config.contextMaxPages) {
      entry.spare = entry.context.newPage().catch(() => null);
    }
    return page;
  }

  private lease(
    gen: Generation,
    entry: ContextEntry,
    page: Page,
    egress: EgressProxy,
    releaseSlot: () => void,
  ): PageLease {
    gen.jobs++;
    entry.served++;
    this.counters.pagesServed++;
    if (entry.served >= this.config.contextMaxPages) entry.retiring = true;
    if (gen.jobs >= this.config.browserMaxJobs) gen.retiring = true;
    else if (this.config.browserMaxRssMb > 0 && gen.jobs % this.config.memoryCheckEvery === 0)
      this.checkMemory(gen);
    let released = false;
    const baseline = listenerBaseline(page);
    return {
      page,
      egress,
      browserLost: () => gen.dead,
      release: async (reuse = false) => {
        if (released) return;
        released = true;
        // The slot goes to the next job at once: closing costs little CPU, and a queued job
        // should not wait for it.
        releaseSlot();
        const keep =
          reuse && !gen.dead && !gen.retiring && !entry.retiring && !page.isClosed() && !entry.recycled;
        const closed = (keep ? recyclePage(page, baseline) : Promise.resolve(false)).then((recycled) => {
          if (recycled && !gen.dead) {
            entry.recycled = page;
            this.counters.pagesRecycled++;
            return true;
          }
          return closeWithin(page, PAGE_CLOSE_TIMEOUT_MS);
        });
        // The context is warm again at once (a sequential caller finds it rather than paying for
        // a new one); its next visit waits for this page to be reset or gone before it starts.
        entry.closing = closed.then(() => undefined);
        this.afterRelease(gen, entry);
        if (!(await closed)) {
          // A page that will not close has wedged its browser (seen when a load is cut off
          // mid-commit): send new work to a fresh browser and let this one go.
          gen.retiring = true;
          gen.dead = true;
          void this.closeBrowser(gen);
        }
        gen.open--;
        if (gen.retiring && !gen.dead && gen.open === 0) await this.closeBrowser(gen);
      },
    };
  }

  /**
   * Closes a browser within a call's deadline; one that does not close (wedged, stopped) is killed
   * by its process id, so it cannot hold its memory until the process ends.
   */
  private async closeBrowser(gen: Generation): Promise<void> {
    try {
      await withDeadline(gen.browser.close(), this.config.callTimeoutMs, "close");
    } catch {
      console.warn(
        `[browser-pool] a browser did not close in time: killing process ${gen.pid ?? "(unknown)"}`,
      );
      try {
        if (gen.pid) process.kill(gen.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
  }

  /** Retires the browser when it has grown past the memory threshold (checked off the job's path). */
  private checkMemory(gen: Generation): void {
    void browserRssBytes(gen.browser)
      .then((bytes) => {
        if (bytes > this.config.browserMaxRssMb * 1024 * 1024) {
          gen.retiring = true;
          this.counters.memoryRetirements++;
          if (gen.open === 0) void this.closeBrowser(gen);
        }
      })
      .catch(() => undefined);
  }

  /** A context back from its visit: kept warm (most recently used), or closed if retiring. */
  private afterRelease(gen: Generation, entry: ContextEntry): void {
    if (gen.dead) return;
    if (gen.retiring || entry.retiring) {
      void entry.closing.then(() => entry.context.close()).catch(() => undefined);
      return;
    }
    gen.idle.set(entry.id, entry);
    this.evictIdle(gen);
  }

  /** Keep at most maxContexts idle contexts: close the least recently used, and its state with it. */
  private evictIdle(gen: Generation): void {
    while (gen.idle.size > this.config.maxContexts) {
      const [id, oldest] = gen.idle.entries().next().value!;
      gen.idle.delete(id);
      this.counters.contextsEvicted++;
      void oldest.closing.then(() => oldest.context.close()).catch(() => undefined);
    }
  }

  /** The browser new pages go to; replaces a dead or retired one. Concurrent callers share one launch. */
  private async generation(): Promise<Generation> {
    for (;;) {
      if (this.closed) throw new Error("The browser pool is shut down.");
      const cur = (this.current ??= this.launch());
      let gen: Generation;
      try {
        gen = await cur;
      } catch (err) {
        // A failed launch must not stick: the next acquire tries again.
        if (this.current === cur) this.current = null;
        throw err;
      }
      if (!gen.dead && !gen.retiring) return gen;
      if (this.current === cur) this.current = null;
    }
  }

  private async launch(): Promise<Generation> {
    const egress = await this.egress();
    const browser = await chromium.launch({
      // Unprivileged, with Chromium's sandbox on (lib/page/sandbox.ts).
      ...sandboxedLaunchOptions(this.config.chromiumPath, egressChromiumArgs(egress.url)),
      // The host process decides about signals; the pool is shut down explicitly.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
      // Playwright kills a browser that has not answered by then (its default is 3 minutes).
      timeout: this.config.callTimeoutMs * 2,
    });
    this.counters.launches++;
    const gen: Generation = {
      browser,
      jobs: 0,
      open: 0,
      retiring: false,
      dead: false,
      userAgent: browserUserAgent(browser.version()),
      idle: new Map(),
    };
    browser.on("disconnected", () => {
      gen.dead = true;
    });
    gen.pid = await withDeadline(browserPid(browser), this.config.callTimeoutMs, "name its process").catch(
      () => undefined,
    );
    this.latest = gen;
    return gen;
  }

  private async createContext(
    key: string,
    gen: Generation,
    s: ContextSettings,
    egress: EgressProxy,
  ): Promise<ContextEntry> {
    if (s.exit !== undefined && !egress.exitUrl)
      throw new Error("Residential exits are not configured on the egress proxy.");
    const ms = this.config.callTimeoutMs;
    const opening = gen.browser.newContext({
      viewport: { width: 1350, height: 797 },
      deviceScaleFactor: s.deviceScaleFactor,
      userAgent: gen.userAgent,
      ignoreHTTPSErrors: false,
      // Service workers outlive the page and would carry one job's state into the next.
      serviceWorkers: "block",
      acceptDownloads: false,
      ...(s.exit !== undefined && { proxy: { server: egress.exitUrl!, username: s.exit, password: "x" } }),
    });
    const context = await withDeadline(opening, ms, "open a context", (late) => late.close());
    try {
      const prepare = async () => {
        if (s.cookieBanners) await installCookieBannerChannel(context);
        await context.addInitScript(CONSOLE_LIMITS_JS);
      };
      await withDeadline(prepare(), ms, "prepare a context");
    } catch (err) {
      void context.close().catch(() => undefined);
      throw err;
    }
    this.counters.contextsCreated++;
    return {
      id: this.nextContextId++,
      key,
      context,
      served: 0,
      retiring: false,
      spare: null,
      recycled: null,
      closing: Promise.resolve(),
    };
  }
}

/** The process-wide pool (a singleton, so Next.js bundles and hot reloads share one browser). */
export function getBrowserPool(): BrowserPool {
  return singleton("browserPool", () => new BrowserPool());
}

/** Shut down the process-wide pool, if one was started. */
export async function shutdownBrowserPool(): Promise<void> {
  await dropSingleton<BrowserPool>("browserPool")?.shutdown();
}
