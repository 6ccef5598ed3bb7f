import { config } from "@/lib/config";
import { limiter } from "@/lib/limits";
import { clientError } from "@/lib/errors";

/**
 * Per-project request rate (docs/spec.md §7.1 `rate_limited`; the threshold is ours: docs/decisions.md).
 * Shared by every process of a deployment (lib/limits picks Redis, PostgreSQL or memory).
 */
const requestRate = () =>
  limiter({
    name: "request_rate",
    points: config().RATE_LIMIT_REQUESTS,
    windowSeconds: config().RATE_LIMIT_WINDOW_SECONDS,
  });

/** `points`: how many requests this call counts as (an MCP message with several tool calls: one each). */
export async function enforceRateLimit(projectId: string, points = 1): Promise<void> {
  const verdict = await requestRate().consume(projectId, points);
  if (!verdict.allowed) throw clientError.rateLimited(verdict.retryAfterSeconds);
}
