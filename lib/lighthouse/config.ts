/**
 * Lighthouse runner settings from the environment, and the Lighthouse flags/config of one run.
 *
 * Sizing (docs/architecture.md §2, 2 cores): a full run is CPU-bound for 6–17 s and peaks at ~1.4 GB,
 * so runs go one at a time on their own browser, never inside the page pool.
 */
import type { Config, Flags } from "lighthouse";
import { config, type Config as Settings } from "@/lib/config";
import { CHROMIUM_ARGS } from "@/lib/page/config";
import type { LighthouseDevice } from "./types";

export interface LighthouseConfig {
  chromiumPath: string;
  /** A browser is replaced after this many runs: Chromium's memory grows run after run. */
  browserMaxRuns: number;
  /** Default budget of one run. LIGHTHOUSE_TIMEOUT_MS, default 45 s (the sync answer waits ≤ 60 s). */
  timeoutMs: number;
  /** How long Chromium may take to print its DevTools address. */
  launchTimeoutMs: number;
}

export function lighthouseConfigFromEnv(c: Settings = config()): LighthouseConfig {
  return {
    chromiumPath: c.CHROMIUM_PATH,
    browserMaxRuns: c.LIGHTHOUSE_BROWSER_MAX_RUNS,
    timeoutMs: c.LIGHTHOUSE_TIMEOUT_MS,
    launchTimeoutMs: 20_000,
  };
}

/**
 * The page pool's flags plus what keeps lab timings honest in a window nobody looks at: Chromium
 * otherwise throttles timers and rendering of "background" tabs, which Lighthouse reports as NO_FCP.
 */
export const LIGHTHOUSE_CHROMIUM_ARGS = [
  ...CHROMIUM_ARGS,
  "--disable-renderer-backgrounding",
  "--disable-background-timer-throttling",
  "--disable-backgrounding-occluded-windows",
  "--disable-extensions",
  "--disable-default-apps",
  "--mute-audio",
  "--password-store=basic",
] as const;

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

/** Screenshots nobody receives (the result has no images) cost 2–4 s per run. */
const SKIPPED_AUDITS = ["full-page-screenshot", "screenshot-thumbnails", "final-screenshot"];

/** Time kept after the page load for tracing, auditing and cleanup within the run's budget. */
const AFTER_LOAD_MS = 15_000;

export function lighthouseFlags(timeoutMs: number): Flags {
  // Lighthouse's own load limits sit inside our budget so a slow page still yields a result
  // (with a warning) rather than being cut off by our hard timeout.
  const maxWaitForLoad = Math.max(5_000, Math.min(35_000, timeoutMs - AFTER_LOAD_MS));
  return {
    output: "json",
    logLevel: "error",
    onlyCategories: CATEGORIES,
    skipAudits: SKIPPED_AUDITS,
    disableFullPageScreenshot: true,
    // Simulated throttling loads the page at full speed and models the slow network/CPU
    // afterwards: the fastest method, and independent of how busy this machine is.
    throttlingMethod: "simulate",
    maxWaitForLoad,
    maxWaitForFcp: Math.min(15_000, maxWaitForLoad),
  };
}

let lighthouseModule: Promise<typeof import("lighthouse")> | null = null;

/** Loaded on first use: importing Lighthouse takes about a second and most processes never run it. */
export function loadLighthouse(): Promise<typeof import("lighthouse")> {
  lighthouseModule ??= import("lighthouse");
  return lighthouseModule;
}

/** Lighthouse's own desktop preset (screen, UA, throttling); undefined = the default mobile config. */
export async function lighthouseConfig(device: LighthouseDevice): Promise<Config | undefined> {
  return device === "desktop" ? (await loadLighthouse()).desktopConfig : undefined;
}
