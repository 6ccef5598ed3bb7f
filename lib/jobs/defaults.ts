import type { JobDefinition } from "./types";

/** The contract's defaults, applied in one place so both drivers agree. */
export const JOB_DEFAULTS = {
  retryLimit: 3,
  retryDelaySeconds: 1,
  retryBackoff: true,
  concurrency: 1,
} as const;

export interface ResolvedJobOptions {
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  retryDelayMaxSeconds?: number;
  concurrency: number;
  expireInSeconds?: number;
}

export function resolveJobOptions(def: JobDefinition<never>): ResolvedJobOptions {
  return {
    retryLimit: def.retryLimit ?? JOB_DEFAULTS.retryLimit,
    retryDelaySeconds: def.retryDelaySeconds ?? JOB_DEFAULTS.retryDelaySeconds,
    retryBackoff: def.retryBackoff ?? JOB_DEFAULTS.retryBackoff,
    retryDelayMaxSeconds: def.retryDelayMaxSeconds,
    concurrency: Math.max(1, Math.floor(def.concurrency ?? JOB_DEFAULTS.concurrency)),
    expireInSeconds: def.expireInSeconds,
  };
}

/**
 * What a driver stores as the job's data. The payload is wrapped, not spread, so any JSON value can
 * be a payload and driver bookkeeping (the Inngest concurrency key) never collides with its fields.
 */
export interface JobEnvelope<T> {
  payload: T;
  /** Inngest's per-key concurrency expression reads this; unique per job when no key was given. */
  __key?: string;
}

/**
 * Seconds to wait before retry number `retry` (1 = the first retry), as pg-boss schedules it:
 * `delay × 2^(retry-1)` stretched by a jitter factor in [1, 2) when backing off, capped at the max.
 * `jitter` is that factor's fraction in [0, 1): pg-boss draws it at random; the Inngest driver
 * derives it from the job id so a replayed function computes the same sleep.
 */
export function retryDelayFor(o: ResolvedJobOptions, retry: number, jitter: number): number {
  if (!o.retryBackoff) return o.retryDelaySeconds;
  const exponent = Math.min(16, Math.max(0, retry - 1));
  const delay = Math.max(1, o.retryDelaySeconds) * 2 ** exponent * (1 + jitter);
  return Math.min(o.retryDelayMaxSeconds ?? Infinity, delay);
}
