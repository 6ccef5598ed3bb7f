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
