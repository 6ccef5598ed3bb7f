import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { clientError } from "./errors";

/**
 * Per-project request rate (spec §7.1 `rate_limited`; the threshold is ours: docs/decisions.md).
 * In memory: one app process serves the embedded install. A fleet would swap in
 * rate-limiter-flexible's PostgreSQL or Redis store behind this same function.
 */
const g = globalThis as unknown as { __rateLimiter?: RateLimiterMemory };

function limiter(): RateLimiterMemory {
  return (g.__rateLimiter ??= new RateLimiterMemory({
    points: Number(process.env.RATE_LIMIT_REQUESTS ?? 600),
    duration: Number(process.env.RATE_LIMIT_WINDOW_SECONDS ?? 60),
  }));
}

export async function enforceRateLimit(projectId: string): Promise<void> {
  try {
    await limiter().consume(projectId);
  } catch (res) {
    if (res instanceof RateLimiterRes)
      throw clientError.rateLimited(Math.max(1, Math.ceil(res.msBeforeNext / 1000)));
    throw res;
  }
}
