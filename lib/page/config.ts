/**
 * Page-engine settings from the environment, read once per pool. Defaults are sized for the
 * measured 2-core machine (ARCHITECTURE.md §2): 1–2 pages at a time saturate two cores.
 */
import os from "node:os";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  // QUIC is UDP and would bypass the egress proxy (which only speaks HTTP/CONNECT).
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
] as const;

export interface PoolConfig {
  chromiumPath: string;
  /** Pages open at once; the rest wait in FIFO order. */
  concurrency: number;
  /** A context is closed and replaced after this many pages (bounds leaked memory, cookies, cache). */
  contextMaxPages: number;
  /** The browser is relaunched after this many jobs (bounds Chromium's own memory growth). */
  browserMaxJobs: number;
  /** The browser is relaunched once its processes hold more than this many MB (0: never). */
  browserMaxRssMb: number;
  /** Memory is measured every this many jobs (reading /proc for every renderer is not free). */
  memoryCheckEvery: number;
  /** Idle contexts beyond this many are closed (each costs memory; creating one costs ~250 ms). */
  maxContexts: number;
}

/** An integer setting from the environment; a malformed value is an error, not the default. */
export function intEnv(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer ≥ ${min}; got '${raw}'.`);
  return n;
}

export function chromiumPathFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return env.CHROMIUM_PATH?.trim() || "/usr/lib/chromium/chromium";
}

export function poolConfigFromEnv(env: NodeJS.ProcessEnv = process.env): PoolConfig {
  const cores = os.availableParallelism?.() ?? os.cpus().length;
  return {
    chromiumPath: chromiumPathFromEnv(env),
    concurrency: intEnv(env, "PAGE_CONCURRENCY", Math.max(1, cores)),
    contextMaxPages: intEnv(env, "PAGE_CONTEXT_MAX_PAGES", 200),
    browserMaxJobs: intEnv(env, "PAGE_BROWSER_MAX_JOBS", 1000),
    maxContexts: intEnv(env, "PAGE_MAX_CONTEXTS", 4),
    browserMaxRssMb: intEnv(env, "PAGE_BROWSER_MAX_RSS_MB", 2048, 0),
    memoryCheckEvery: intEnv(env, "PAGE_MEMORY_CHECK_EVERY", 20),
  };
}
