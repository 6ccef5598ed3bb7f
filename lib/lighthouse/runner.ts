/**
 * Lighthouse runs: a FIFO queue in front of one dedicated, long-lived Chromium per process, behind
 * the page pool's egress proxy. One run at a time: Lighthouse keeps process-wide state (see
 * `inTurn` below) and a run is CPU-bound for seconds; more runs at once means more workers.
 *
 * Per run: URL policy → wait for its turn → (re)launch the browser if it died, was recycled
 * (every LIGHTHOUSE_BROWSER_MAX_RUNS runs, against Chromium's memory growth) or points at a proxy
 * that has since been replaced → Lighthouse's `navigation` on a fresh tab within a hard budget →
 * map the report or the error to the spec. A run that overruns its budget has its page load
 * stopped and its signal aborted (so Lighthouse finishes cleanly); only if it still does not
 * finish is the browser killed. A page that moves itself onto Chromium's error page ends its run
 * at that commit (error-page.ts). A run that failed on our side, not the page's, runs once more.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { Config, Flags, RunnerResult } from "lighthouse";
import type { Page } from "puppeteer-core";
import { OperationFailure } from "@/lib/failures";
import type { EgressProxy } from "@/lib/net/egress-proxy";
import { getBrowserPool } from "@/lib/page/browser-pool";
import { checkedTarget, failure, type NavigationContext } from "@/lib/page/failures";
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
import {
  asLighthouseError,
  errorPageFailure,
  failureFromErrorPageReport,
  failureFromLighthouseError,
} from "./errors";
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
  /** How the runner's browser starts; default: launchDebugBrowser (tests wrap it to fail on cue). */
  launch?: typeof launchDebugBrowser;
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
/**
 * The longest a Lighthouse call waits for the one before it to settle (inTurn): longer than any
 * run's budget and grace, so only a call that would never settle is overtaken.
 */
const TURN_WAIT_MAX_MS = 120_000;
/** How long to wait for Lighthouse to notice its browser is gone. */
const KILL_GRACE_MS = 5_000;

type Settled =
  | { ok: true; value: RunnerResult | undefined }
  | { ok: false; error: unknown }
  /** The page moved itself onto Chromium's error page (error-page.ts); `ended`: Lighthouse let go. */
  | { ok: false; errorPage: string[]; ended: boolean };

export class LighthouseRunner {
  readonly config: LighthouseConfig;
  private readonly queue = new Semaphore(1);
  private readonly slot: Slot = { browser: null, runs: 0 };
  private readonly egress: () => Promise<EgressProxy>;
  private readonly launch: typeof launchDebugBrowser;
  private readonly counters = { runs: 0, launches: 0 };
  private closed = false;

  constructor(opts: LighthouseRunnerOptions = {}) {
    this.config = { ...lighthouseConfigFromEnv(), ...opts.config };
    this.egress = opts.egress ?? (() => getBrowserPool().egress());
    this.launch = opts.launch ?? launchDebugBrowser;
  }

  async stats(): Promise<LighthouseStats> {
    const browser = await this.slot.browser?.catch(() => null);
    return {
      running: this.queue.running,
      queued: this.queue.queued,
      ...this.counters,
      browserPids: browser?.alive() ? [browser.pid] : [],
    };
  }

  /** Runs Lighthouse on `url`; every failure is an OperationFailure with a spec 7.4 code. */
  async run(url: string, opts: LighthouseRunOptions): Promise<LighthouseResult> {
    const target = checkedTarget(url);
    if (this.closed) throw failure("unexpected", "the Lighthouse runner is shut down");
    const release = await this.queue.acquire();
    try {
      // Checked again after the wait: a run queued before shutdown must not launch a new browser.
      if (this.closed) throw failure("unexpected", "the Lighthouse runner is shut down");
      return await this.runAgainIfOursFailed(target, opts);
    } catch (err) {
      if (err instanceof OperationFailure) throw err;
      // Our side failed (proxy, module load): still a spec failure, never a raw error.
      throw failure("unexpected", err instanceof Error ? err.message : String(err));
    } finally {
      release();
    }
  }

  /**
   * A run that failed on our side (our browser lost, a DevTools call refused), not the page's,
   * runs once more on a fresh browser when at least half its budget is left: the customer asked
   * about the page, and our own hiccup is no answer about it.
   */
  private async runAgainIfOursFailed(target: URL, opts: LighthouseRunOptions): Promise<LighthouseResult> {
    const budget = opts.timeoutMs ?? this.config.timeoutMs;
    const startedAt = Date.now();
    try {
      return await this.runIn(target, { ...opts, timeoutMs: budget });
    } catch (err) {
      const left = budget - (Date.now() - startedAt);
      if (!isOursFailed(err) || left < budget / 2 || this.closed) throw err;
      console.warn(
        `[lighthouse] a run failed on our side (${err.detail}); running it again on a fresh browser`,
      );
      return await this.runIn(target, { ...opts, timeoutMs: left });
    }
  }

  async shutdown(): Promise<void> {
    this.closed = true;
    await this.retire();
  }

  private async runIn(target: URL, opts: LighthouseRunOptions): Promise<LighthouseResult> {
    const egress = await this.egress();
    const browser = await this.browserFor(egress, opts.organization);
    const timeoutMs = opts.timeoutMs ?? this.config.timeoutMs;
    const startedAt = Date.now();
    const navigation = (await loadLighthouse()).navigation as NavigationWithSignal;
    const config = await lighthouseConfig(opts.device);
    // Aborted when the runner stops waiting for the run: Lighthouse's own waits then end at once.
    const abandon = new AbortController();
    const flags = lighthouseFlags(timeoutMs);
    const audit = (page: Page) => () =>
      inTurn(() => navigation(page, target.href, { config, flags, signal: abandon.signal }));
    // A fresh tab over the browser's DevTools pipe (no port: browser.ts says why), closed after.
    const task = browser
      .newPage()
      .then((page) => auditUntilErrorPage(page, audit(page), abandon))
      .catch((error: unknown): Settled => ({ ok: false, error }));
    this.counters.runs++;
    this.slot.runs++;

    const settled = await this.withinBudget(browser, task, timeoutMs, abandon);
    const ctx = (result?: RunnerResult): NavigationContext => ({
      egress,
      hosts: documentHosts(target, result),
      withinMs: Date.now() - startedAt + 1_000,
    });
    if (!settled) throw failure("timeout", `Lighthouse did not finish within ${timeoutMs} ms`);
    if ("errorPage" in settled) {
      if (!settled.ended) await this.retire();
      const hosts = hostsOf([target.href, ...settled.errorPage]);
      throw errorPageFailure(
        { ...ctx(), hosts },
        "the page moved itself to an address that could not be loaded",
      );
    }
    // Whatever Lighthouse made of it, a run whose browser died under it says nothing of the page.
    if (!settled.ok || !browser.alive()) {
      const error = settled.ok ? new Error("Chromium exited during the run") : settled.error;
      throw await this.thrownFailure(browser, error, ctx());
    }
    const lhr = settled.value?.lhr;
    if (!lhr) throw failure("unexpected", "Lighthouse returned no report");
    if (lhr.runtimeError) throw failureFromLighthouseError(lhr.runtimeError, ctx(settled.value));
    const errorPage = failureFromErrorPageReport(lhr, ctx(settled.value));
    if (errorPage) throw errorPage;
    return toLighthouseResult(lhr, opts.device, opts.includeAudits);
  }

  /** The run's outcome, or null when it overran its budget (the browser is then left usable or dead). */
  private async withinBudget(
    browser: DebugBrowser,
    task: Promise<Settled>,
    timeoutMs: number,
    abandon: AbortController,
  ): Promise<Settled | null> {
    const first = await raceTimeout(task, timeoutMs);
    if (first) return first;
    // The load stopped first: Page.navigate then returns, rather than failing later unwatched.
    await browser.stopLoading().catch(() => undefined);
    abandon.abort();
    if (await raceTimeout(task, STOP_GRACE_MS)) return null;
    // Still stuck (a page busy in a script, a wedged renderer): the browser is the only handle left.
    await this.retire();
    await raceTimeout(task, KILL_GRACE_MS);
    return null;
  }

  private async thrownFailure(
    browser: DebugBrowser,
    error: unknown,
    ctx: NavigationContext,
  ): Promise<OperationFailure> {
    // Asked before the retirement below, which ends the browser whatever happened to it.
    const lost = !browser.alive();
    // A run that threw may have left its tab open: start the next one on a clean browser.
    await this.retire();
    const lhError = asLighthouseError(error);
    if (lhError && !lost) return failureFromLighthouseError(lhError, ctx);
    // Lighthouse names every failure of the page; anything else is ours (our browser died under
    // the page, a DevTools call failed): not the page's fault, worth a retry.
    const message = error instanceof Error ? error.message : String(error);
    return new OperationFailure("unexpected", lost ? `browser lost: ${message}` : message, true);
  }

  private async browserFor(egress: EgressProxy, organization?: string): Promise<DebugBrowser> {
    const slot = this.slot;
    const current = slot.browser ? await slot.browser.catch(() => null) : null;
    const stale =
      !current ||
      !current.alive() ||
      current.proxyUrl !== egress.url ||
      slot.runs >= this.config.browserMaxRuns ||
      slot.organization !== organization;
    if (current && !stale) return current;
    await this.retire();
    const launching = this.launch({
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

  private async retire(): Promise<void> {
    const slot = this.slot;
    const old = slot.browser;
    slot.browser = null;
    slot.runs = 0;
    const browser = old ? await old.catch(() => null) : null;
    await browser?.close();
  }
}

/**
 * Lighthouse's `navigation`, as it is: its options go on to navigationGather, which takes an
 * AbortSignal that ends its load waits (its type declaration leaves the signal out).
 */
type NavigationWithSignal = (
  page: Page,
  url: string,
  options: { config?: Config; flags: Flags; signal: AbortSignal },
) => Promise<RunnerResult | undefined>;

/**
 * The Lighthouse call last started in this process (shared across module copies, as the runner
 * is). Lighthouse keeps process-wide state: the end of a run's gather clears every timing mark
 * (lighthouse-logger's takeTimeEntries), and a run whose mark is gone throws "The 'start lh:…'
 * performance mark has not been set" (GoogleChrome/lighthouse#9845: never two runs in one
 * process). That includes a run the runner gave up on (over budget, cut at Chromium's error
 * page), whose browser is gone but whose call may still be winding down: the next call waits for
 * it, within its own budget.
 */
const turn = singleton("lighthouseTurn", () => ({ last: Promise.resolve() as Promise<unknown> }));

function inTurn<T>(audit: () => Promise<T>): Promise<T> {
  // Bounded all the same: a call that never settled must not stop this process's audits for good.
  const waited = new AbortController();
  const cap = sleep(TURN_WAIT_MAX_MS, undefined, { ref: false, signal: waited.signal }).catch(
    () => undefined,
  );
  const mine = Promise.race([turn.last, cap]).then(() => {
    waited.abort();
    return audit();
  });
  turn.last = mine.catch(() => undefined);
  return mine;
}

/** A failure of our own side (thrownFailure), not of the page. */
function isOursFailed(err: unknown): err is OperationFailure {
  return err instanceof OperationFailure && err.code === "unexpected" && err.retryable;
}

/**
 * One Lighthouse run on its own tab, cut short when the page moves itself onto Chromium's error
 * page (error-page.ts says why). The tab is closed either way; closing it and aborting the run's
 * signal is what ends a run still waiting on the error page.
 */
async function auditUntilErrorPage(
  page: Page,
  audit: () => Promise<RunnerResult | undefined>,
  abandon: AbortController,
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
  abandon.abort();
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
