/**
 * Page-engine settings from the environment, read once per pool. Defaults are sized for the
 * measured 2-core machine (docs/architecture.md §2): 1–2 pages at a time saturate two cores.
 */
import os from "node:os";
import { config, type Config } from "@/lib/config";

/**
 * The features Playwright 1.65 disables (its chromiumSwitches.ts). Chromium keeps only the LAST
 * `--disable-features` switch, so ours must repeat Playwright's list or it would drop it;
 * tests/page/chromium-args.test.ts fails when an upgrade of Playwright changes the list.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
] as const;

/**
 * Features we turn off as well. SpareRendererForSitePerProcess: Chromium keeps a renderer process
 * started ahead for the browser context that navigated last; with one context per organization, a
 * visit in another context throws it away and starts a new one, so two visits at once spawned a
 * renderer about every other visit (measured: 67 ms of CPU per visit, throughput 5.3 → 8.8 visits/s
 * at 2 at once; docs/decisions.md "Recycled pages").
 */
export const DISABLED_FEATURES = [...PLAYWRIGHT_DISABLED_FEATURES, "SpareRendererForSitePerProcess"] as const;

/** No `--no-sandbox`: Chromium's sandbox stays on (lib/page/sandbox.ts runs it unprivileged). */
export const CHROMIUM_ARGS = [
  "--headless",
  "--disable-gpu",
  // QUIC is UDP and would bypass the egress proxy (which only speaks HTTP/CONNECT).
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  `--disable-features=${DISABLED_FEATURES.join(",")}`,
] as const;

export interface PoolConfig {
  chromiumPath: string;
  /** Pages open at once; the rest wait in a fair queue (lib/page/fair-queue.ts). */
  concurrency: number;
  /** Most slots one host may hold while visits to other hosts wait. */
  hostMaxSlots: number;
  /** A context is closed and replaced after this many pages (bounds leaked memory, cookies, cache). */
  contextMaxPages: number;
  /** The browser is relaunched after this many jobs (bounds Chromium's own memory growth). */
  browserMaxJobs: number;
  /** The browser is relaunched once its processes hold more than this many MB (0: never). */
  browserMaxRssMb: number;
  /** Memory is measured every this many jobs (reading /proc for every renderer is not free). */
  memoryCheckEvery: number;
  /**
   * Idle contexts kept warm (LRU); beyond this many the least recently used is closed with all its
   * state. Contexts belong to one organization, so this is how many organizations stay warm.
   */
  maxContexts: number;
  /** Deadline of one browser call (launch: twice this); lib/page/deadline.ts. */
  callTimeoutMs: number;
}

export function chromiumPathFromEnv(c: Config = config()): string {
  return c.CHROMIUM_PATH;
}

export function poolConfigFromEnv(c: Config = config()): PoolConfig {
  const cores = os.availableParallelism?.() ?? os.cpus().length;
  // One page per core: on 2 cores, 4 pages at once gave fewer visits per second than 2 (each page
  // also costs its renderer, routing and the egress proxy; bench/hot-path.ts, docs/decisions.md).
  const concurrency = c.PAGE_CONCURRENCY ?? Math.max(1, cores);
  return {
    chromiumPath: c.CHROMIUM_PATH,
    concurrency,
    hostMaxSlots: c.PAGE_HOST_MAX_SLOTS ?? Math.ceil(concurrency / 2),
    contextMaxPages: c.PAGE_CONTEXT_MAX_PAGES,
    browserMaxJobs: c.PAGE_BROWSER_MAX_JOBS,
    maxContexts: c.PAGE_MAX_CONTEXTS,
    browserMaxRssMb: c.PAGE_BROWSER_MAX_RSS_MB,
    memoryCheckEvery: c.PAGE_MEMORY_CHECK_EVERY,
    callTimeoutMs: c.PAGE_BROWSER_CALL_TIMEOUT_MS,
  };
}
