/**
 * Lighthouse runs: a FIFO queue in front of dedicated, long-lived Chromiums (one per slot,
 * LIGHTHOUSE_CONCURRENCY slots, default 1), all behind the page pool's egress proxy.
 *
 * Per run: URL policy → wait for a slot → (re)launch the slot's browser if it died, was recycled
 * (every LIGHTHOUSE_BROWSER_MAX_RUNS runs, against Chromium's memory growth) or points at a proxy
 * that has since been replaced → `lighthouse(url, {port})` within a hard budget → map the report
 * or the error to the spec. A run that overruns its budget has its page load stopped first (so
 * Lighthouse finishes cleanly); only if it still does not finish is the browser killed. A page
 * that moves itself onto Chromium's error page ends its run at that commit (error-page.ts).
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { RunnerResult } from "lighthouse";
import type { Page } from "puppeteer-core";
import { OperationFailure } from "@/lib/failures";
import type { EgressProxy } from "@/lib/net/egress-proxy";
import { getBrowserPool } from "@/lib/page/browser-pool";
import { checkedTarget, egressVerdict, failure, type NavigationContext } from "@/lib/page/failures";
import { Semaphore } from "@/lib/page/semaphore";
import { launchDebugBrowser, type DebugBrowser } from "./browser";
import {
  LIGHTHOUSE_CHROMIUM_ARGS,
  lighthouseConfig,
  lighthouseConfigFromEnv,
  lighthouseFlags,
  loadLighthouse,
  type LighthouseConfig,
} from "./config";
import { asLighthouseError, failureFromErrorPageReport, failureFromLighthouseError } from "./errors";
import { watchForErrorPage } from "./error-page";
import { documentHosts, hostsOf } from "./hosts";
import { toLighthouseResult } from "./result";
import type { LighthouseResult, LighthouseRunOptions } from "./types";
import { dropSingleton, singleton } from "@/lib/singleton";

export type { LighthouseResult, LighthouseRunOptions } from "./types";

export interface LighthouseRunnerOptions {
  config?: Partial<LighthouseConfig>;
  /** The egress proxy to browse through; default: the page pool's (one proxy per process). */
  egress?: () => Promise<EgressProxy>;
}

export interface LighthouseStats {
  running: number;
  queued: number;
  runs: number;
  launches: number;
  /** Process ids of the live browsers (for operators and tests). */
  browserPids: number[];
}

interface Slot {
  browser: Promise<DebugBrowser> | null;
  runs: number;
  /** The organization the slot's browser has served since launch (undefined: none named). */
  organization?: string;
}

/** How long a run whose page load was stopped may take to wrap up before its browser is killed. */
const STOP_GRACE_MS = 10_000;
/** How long a run on a page that moved itself onto Chromium's error page is left before its tab closes. */
const ERROR_PAGE_SETTLE_MS = 500;
/** How long to wait for Lighthouse to notice its browser is gone. */
const KILL_GRACE_MS = 5_000;

type Settled =
  | { ok: true; value: RunnerResult | undefined }
  | { ok: false; error: unknown }
  /** The page moved itself onto Chromium's error page (error-page.ts); `ended`: Lighthouse let go. */
  | { ok: false; errorPage: string[]; ended: boolean };

export class LighthouseRunner {
  readonly config: LighthouseConfig;
  private readonly queue: Semaphore;
  private readonly idle: Slot[];
  private readonly slots: Slot[];
  private readonly egress: () => Promise<EgressProxy>;
  private readonly counters = { runs: 0, launches: 0 };
  private closed = false;

  constructor(opts: LighthouseRunnerOptions = {}) {
    this.config = { ...lighthouseConfigFromEnv(), ...opts.config };
    this.queue = new Semaphore(this.config.concurrency);
    this.slots = Array.from({ length: this.config.concurrency }, () => ({ browser: null, runs: 0 }));
    this.idle = [...this.slots];
    this.egress = opts.egress ?? (() => getBrowserPool().egress());
  }

  async stats(): Promise<LighthouseStats> {
    const browsers = await Promise.all(this.slots.map((s) => s.browser?.catch(() => null) ?? null));
    return {
      running: this.queue.running,
      queued: this.queue.queued,
      ...this.counters,
      browserPids: browsers.filter((b): b is DebugBrowser => !!b?.alive()).map((b) => b.pid),
    };
  }

  /** Runs Lighthouse on `url`; every failure is an OperationFailure with a spec 7.4 code. */
  async run(url: string, opts: LighthouseRunOptions): Promise<LighthouseResult> {
    const target = checkedTarget(url);
    if (this.closed) throw failure("unexpected", "the Lighthouse runner is shut down");
    const release = await this.queue.acquire();
    const slot = this.idle.pop()!;
    try {
      // Checked again after the wait: a run queued before shutdown must not launch a new browser.
      if (this.closed) throw failure("unexpected", "the Lighthouse runner is shut down");
      return await this.runIn(slot, target, opts);
    } catch (err) {
      if (err instanceof OperationFailure) throw err;
      // Our side failed (proxy, module load): still a spec failure, never a raw error.
      throw failure("unexpected", err instanceof Error ? err.message : String(err));
    } finally {
      this.idle.push(slot);
      release();
    }
  }

  async shutdown(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((s) => this.retire(s)));
  }

  private async runIn(slot: Slot, target: URL, opts: LighthouseRunOptions): Promise<LighthouseResult> {
    const egress = await this.egress();
    const browser = await this.browserFor(slot, egress, opts.organization);
    const timeoutMs = opts.timeoutMs ?? this.config.timeoutMs;
    const startedAt = Date.now();
    const { default: lighthouse } = await loadLighthouse();
    const config = await lighthouseConfig(opts.device);
    // A fresh tab over the browser's DevTools pipe (no port: browser.ts says why), closed after.
    const task = browser
      .newPage()
      .then((page) =>
        auditUntilErrorPage(page, () => lighthouse(target.href, lighthouseFlags(timeoutMs), config, page)),
      )
      .catch((error: unknown): Settled => ({ ok: false, error }));
    this.counters.runs++;
    slot.runs++;

    const settled = await this.withinBudget(slot, browser, task, timeoutMs);
    const ctx = (result?: RunnerResult): NavigationContext => ({
      egress,
      hosts: documentHosts(target, result),
      withinMs: Date.now() - startedAt + 1_000,
    });
    if (!settled) throw failure("timeout", `Lighthouse did not finish within ${timeoutMs} ms`);
    if ("errorPage" in settled) {
      if (!settled.ended) await this.retire(slot);
      const hosts = hostsOf([target.href, ...settled.errorPage]);
      throw (
        egressVerdict({ ...ctx(), hosts }) ??
        failure("load_failed", "the page moved itself to an address that could not be loaded")
      );
    }
    if (!settled.ok) throw await this.thrownFailure(slot, browser, settled.error, ctx());
    const lhr = settled.value?.lhr;
    if (!lhr) throw failure("unexpected", "Lighthouse returned no report");
    if (lhr.runtimeError) throw failureFromLighthouseError(lhr.runtimeError, ctx(settled.value));
    const errorPage = failureFromErrorPageReport(lhr, ctx(settled.value));
    if (errorPage) throw errorPage;
    return toLighthouseResult(lhr, opts.device, opts.includeAudits);
  }

  /** The run's outcome, or null when it overran its budget (the browser is then left usable or dead). */
  private async withinBudget(
    slot: Slot,
    browser: DebugBrowser,
    task: Promise<Settled>,
    timeoutMs: number,
  ): Promise<Settled | null> {
    const first = await raceTimeout(task, timeoutMs);
    if (first) return first;
    await browser.stopLoading().catch(() => undefined);
    if (await raceTimeout(task, STOP_GRACE_MS)) return null;
    // Still stuck (a page busy in a script, a wedged renderer): the browser is the only handle left.
    await this.retire(slot);
    await raceTimeout(task, KILL_GRACE_MS);
    return null;
  }

  private async thrownFailure(
    slot: Slot,
    browser: DebugBrowser,
    error: unknown,
    ctx: NavigationContext,
  ): Promise<OperationFailure> {
    // A run that threw may have left its tab open: start the next one on a clean browser.
    await this.retire(slot);
    const lhError = asLighthouseError(error);
    if (lhError) return failureFromLighthouseError(lhError, ctx);
    const message = error instanceof Error ? error.message : String(error);
    // Our browser died under the page (crash, out of memory): not the page's fault, worth a retry.
    if (!browser.alive()) return new OperationFailure("unexpected", `browser lost: ${message}`, true);
    return failure("unexpected", message);
  }

  private async browserFor(slot: Slot, egress: EgressProxy, organization?: string): Promise<DebugBrowser> {
    const current = slot.browser ? await slot.browser.catch(() => null) : null;
    const stale =
      !current ||
      !current.alive() ||
      current.proxyUrl !== egress.url ||
      slot.runs >= this.config.browserMaxRuns ||
      slot.organization !== organization;
    if (current && !stale) return current;
    await this.retire(slot);
    const launching = launchDebugBrowser({
      chromiumPath: this.config.chromiumPath,
      args: LIGHTHOUSE_CHROMIUM_ARGS,
      proxyUrl: egress.url,
      timeoutMs: this.config.launchTimeoutMs,
    });
    slot.browser = launching;
    slot.runs = 0;
    slot.organization = organization;
    try {
      const browser = await launching;
      this.counters.launches++;
      return browser;
    } catch (err) {
      slot.browser = null;
      throw failure(
        "unexpected",
        `could not start Chromium for Lighthouse: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }

  private async retire(slot: Slot): Promise<void> {
    const old = slot.browser;
    slot.browser = null;
    slot.runs = 0;
    const browser = old ? await old.catch(() => null) : null;
    await browser?.close();
  }
}

/**
 * One Lighthouse run on its own tab, cut short when the page moves itself onto Chromium's error
 * page (error-page.ts says why). The tab is closed either way; closing it is also what ends a run
 * still waiting on the error page.
 */
async function auditUntilErrorPage(
  page: Page,
  audit: () => Promise<RunnerResult | undefined>,
): Promise<Settled> {
  const watch = watchForErrorPage(page);
  const run = audit().then(
    (value): Settled => ({ ok: true, value }),
    (error: unknown): Settled => ({ ok: false, error }),
  );
  const first = await Promise.race([run, watch.seen]);
  watch.stop();
  // Lighthouse answers the same commit by re-sending Target.setAutoAttach from an event handler,
  // and rethrows a failure there unless its run is over (an unhandled rejection): let that
  // command land before the tab goes away.
  if (Array.isArray(first)) await raceTimeout(run, ERROR_PAGE_SETTLE_MS);
  await page.close().catch(() => undefined);
  if (!Array.isArray(first)) return first;
  return { ok: false, errorPage: first, ended: (await raceTimeout(run, KILL_GRACE_MS)) !== null };
}

async function raceTimeout<T>(task: Promise<T>, ms: number): Promise<T | null> {
  const ac = new AbortController();
  try {
    return await Promise.race([task, sleep(ms, null, { signal: ac.signal }).catch(() => null)]);
  } finally {
    ac.abort();
  }
}

/** The process-wide runner (a singleton, so Next.js bundles and hot reloads share its browser). */
export function getLighthouseRunner(): LighthouseRunner {
  return singleton("lighthouseRunner", () => new LighthouseRunner());
}

export async function shutdownLighthouseRunner(): Promise<void> {
  await dropSingleton<LighthouseRunner>("lighthouseRunner")?.shutdown();
}

/** Queue one Lighthouse run on the process-wide runner. */
export function runLighthouse(url: string, opts: LighthouseRunOptions): Promise<LighthouseResult> {
  return getLighthouseRunner().run(url, opts);
}
