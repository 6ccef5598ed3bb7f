import { db } from "@/lib/db";
import type { FailureCode } from "@/lib/failures";
import { untilWritten } from "./request-rows";

/** Results are kept 30 days (docs/spec.md §4.2, §8); after that the body is purged and the record kept, so GET answers 410. */
export const RESULT_RETENTION_MS = 30 * 24 * 3600 * 1000;

/** An organization's usage as the quota headers of an answer need it (docs/spec.md §4.1). */
export interface QuotaUsage {
  monthlyCredits: number;
  creditsUsed: number;
  creditsReserved: number;
  concurrencyLimit: number;
}

export type ResultView =
  | { state: "unknown" }
  | { state: "processing"; token: string; labels: unknown }
  | { state: "expired"; token: string }
  | { state: "failed"; token: string; error: string; code?: FailureCode; status: number }
  | {
      state: "complete";
      token: string;
      body: string;
      contentType: string;
      cached: boolean;
      cost: number;
      producedBy: string | null;
    };

interface StoredResult {
  body: string | null;
  contentType: string;
}

/**
 * The stored result a request is answered with: its own, or, for a cache hit, the result row it
 * points at (hits store no copy of the body).
 */
export function servedResult<R extends StoredResult>(req: {
  result: R | null;
  answeredFrom: R | null;
}): R | null {
  return req.result ?? req.answeredFrom;
}

/** The result of `token` as the calling project may see it (another project's token is unknown). */
export async function readResult(projectId: string, token: string, now = new Date()): Promise<ResultView> {
  await untilWritten(token); // a cache hit answered before its row committed (./request-rows.ts)
  const req = await db().request.findUnique({
    where: { token },
    include: { result: true, answeredFrom: true },
  });
  if (!req || req.projectId !== projectId) return { state: "unknown" };
  const stored = servedResult(req);
  // A hit whose source went away (its project deleted) answers like a purged result: 410.
  const gone = req.state === "complete" && (!stored || stored.body == null);
  if (now.getTime() - req.createdAt.getTime() > RESULT_RETENTION_MS || gone) {
    return { state: "expired", token };
  }
  if (req.state === "queued" || req.state === "processing")
    return { state: "processing", token, labels: req.labels };
  if (req.state === "failed") {
    return {
      state: "failed",
      token,
      error: req.error ?? "",
      // Only the runner writes errorCode, always from the FAILURES table.
      code: (req.errorCode ?? undefined) as FailureCode | undefined,
      status: req.errorStatus ?? 422,
    };
  }
  return {
    state: "complete",
    token,
    body: stored!.body!,
    contentType: stored!.contentType,
    cached: req.cached,
    cost: req.cost,
    producedBy: req.producedBy,
  };
}

/**
 * Deletes result bodies past retention; the request rows stay so their tokens answer 410. A body
 * that a younger cache hit still answers from is kept until that hit's own 30 days are over, so
 * every token answers with its result for its full 30 days.
 */
export async function purgeExpiredResults(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - RESULT_RETENTION_MS);
  const { count } = await db().result.updateMany({
    where: {
      purgedAt: null,
      request: { createdAt: { lt: cutoff } },
      answers: { none: { createdAt: { gte: cutoff } } },
    },
    data: { body: null, purgedAt: now },
  });
  return count;
}
