import { db } from "@/lib/db";
import type { FailureCode } from "@/lib/failures";
import { servedResult } from "@/lib/store/results";
import { untilWritten } from "./hit-rows";
import { RESULT_RETENTION_MS } from "./retention";

/**
 * A request as its readers see it: GET /result/{token}, a sync request's answer, the MCP
 * get_result tool, the Playground's poll and the dashboard's request detail.
 */
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

/** The result of `token` as the calling project may see it (another project's token is unknown). */
export async function readResult(projectId: string, token: string, now = new Date()): Promise<ResultView> {
  await untilWritten(token); // a cache hit answered before its row committed (./hit-rows.ts)
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

/** What an async acknowledgement names of an existing request: only the small columns, never the body. */
export async function readAcknowledgement(
  token: string,
): Promise<{ labels: Record<string, string> | undefined; cached: boolean; cost: number }> {
  const row = await db().request.findUniqueOrThrow({
    where: { token },
    select: { labels: true, cached: true, cost: true },
  });
  return {
    labels: (row.labels as Record<string, string> | null) ?? undefined,
    cached: row.cached,
    cost: row.cost,
  };
}
