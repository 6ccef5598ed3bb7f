import type { Prisma } from "@/lib/db";
import type { OrgUsage } from "@/lib/billing/admission";
import { transaction } from "@/lib/jobs";
import { finalState, writeFinal, type RequestOutcome } from "./final-write";
import { announceFinished, type Finished } from "./completion";
import { insertRequestRow, mayAnswerBeforeCommit } from "./hit-rows";
import { markStage } from "@/lib/stage-timings";
import { enqueueWebhookDelivery } from "@/lib/webhooks/enqueue";

export type { CacheWrite, RequestOutcome } from "./final-write";

export interface CompleteRequest {
  token: string;
  organizationId: string;
  /** Async requests are delivered by webhook once complete. */
  sync: boolean;
  /**
   * The request's row: created here in its final state (a cache hit, which never ran), or the
   * queued/processing row of a job, moved to its final state unless another run already did.
   */
  row: { create: Prisma.RequestCreateManyInput } | { running: { processingMs: number } };
  outcome: RequestOutcome;
  /** A job's admission: release its slot and reservation, charge `outcome.cost`. */
  reserved?: number;
}

/**
 * THE completion of a request, for cache hits and finished jobs alike, committed together: the
 * final state, the stored result (or the stored result it points at), cache entries, settlement
 * and the webhook delivery of an async request; then the sync waiter is woken with what was stored.
 * Returns null when another run of the same job completed the request first.
 */
export async function completeRequest(c: CompleteRequest): Promise<Finished | null> {
  const { token, outcome } = c;
  const finishedAt = new Date();
  if (isBareHit(c)) {
    // A sync hit pointing at a stored result writes one row and nothing else: no transaction, and
    // its INSERT shares a round trip with the hits arriving meanwhile (./hit-rows.ts).
    const written = insertRequestRow({
      ...c.row.create,
      ...finalState(outcome),
      startedAt: finishedAt,
      finishedAt,
      processingMs: 0,
    });
    if (mayAnswerBeforeCommit())
      written.catch((err: Error) => console.error(`[hit-rows] a cache hit's row was lost: ${err.message}`));
    else await written;
    return finishedOf(c, undefined);
  }
  const written = await writeCompletion(c, finishedAt);
  if (written === null) return null; // another run of this job finished it first
  const usage = written.usage;
  const finished = finishedOf(c, usage);
  markStage(token, "finished");
  announceFinished(token, finished ?? undefined);
  return finished;
}

function isBareHit(
  c: CompleteRequest,
): c is CompleteRequest & { row: { create: Prisma.RequestCreateManyInput } } {
  const { outcome } = c;
  return (
    "create" in c.row &&
    c.sync &&
    c.reserved === undefined &&
    outcome.ok &&
    outcome.answeredFromId !== undefined &&
    !outcome.cacheWrites?.length
  );
}

/** What the request was answered with; null when that is a result whose body was not read. */
function finishedOf(c: CompleteRequest, usage: OrgUsage | undefined): Finished | null {
  const { token, outcome } = c;
  if (outcome.ok && outcome.body === undefined) return null;
  return {
    view: outcome.ok
      ? {
          state: "complete",
          token,
          body: outcome.body!,
          contentType: outcome.contentType,
          cached: outcome.cached,
          cost: outcome.cost,
          producedBy: outcome.producedBy,
        }
      : { state: "failed", token, error: outcome.error, code: outcome.code, status: outcome.status },
    ...(usage && { usage }),
  };
}

/**
 * The final write (./final-write.ts): one statement, in a transaction only where more must commit
 * with it: a cache hit's row, created first, or an async request's webhook delivery.
 */
function writeCompletion(c: CompleteRequest, finishedAt: Date) {
  const processingMs = "running" in c.row ? c.row.running.processingMs : 0;
  const create = "create" in c.row ? c.row.create : undefined;
  if (!create && c.sync) return writeFinal("driver", c, finishedAt, processingMs);
  return transaction(async (tx) => {
    if (create) await tx.request.create({ data: { ...create, state: "processing", startedAt: finishedAt } });
    const written = await writeFinal(tx, c, finishedAt, processingMs);
    if (written && !c.sync) await enqueueWebhookDelivery(tx, c.token);
    return written;
  });
}
