import type { Prisma } from "@/lib/db";
import { settle, type OrgUsage } from "@/lib/billing/admission";
import { transaction } from "@/lib/jobs";
import { writeCache } from "@/lib/store/cache";
import { announceFinished, type Finished } from "./completion";
import { insertRequestRow, mayAnswerBeforeCommit } from "./hit-rows";
import { markStage } from "@/lib/stage-timings";
import { enqueueWebhookDelivery } from "@/lib/webhooks/enqueue";
import type { FailureCode } from "@/lib/failures";

/** A cache entry to write with a finished request. */
export interface CacheWrite {
  cacheKey: string;
  operation: string;
  contentType: string;
  /** The entry IS this request's stored result (no second copy of the body); else it keeps `value`. */
  isThisResult?: boolean;
  value?: unknown;
  /** How old the content is, when older than now. */
  createdAt?: Date;
}

export type RequestOutcome =
  | {
      ok: true;
      /**
       * The result as served, in its content type; absent only for a hit answered from a stored
       * result whose body was not read (then nothing is announced: nobody waits for a hit).
       */
      body?: string;
      contentType: string;
      cost: number;
      cached: boolean;
      producedBy: string | null;
      /** Answer from this stored result instead of storing the body again (a cache hit). */
      answeredFromId?: string;
      cacheWrites?: CacheWrite[];
    }
  | { ok: false; code: FailureCode; error: string; status: number };

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
 * THE completion of a request, for cache hits and finished jobs alike, in ONE transaction: the
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
  const usage = await transaction(async (tx): Promise<OrgUsage | undefined | null> => {
    const requestId = await writeFinalRow(tx, c, finishedAt);
    if (!requestId) return null; // another run of this job finished it first
    if (outcome.ok) {
      let resultId = outcome.answeredFromId;
      if (!resultId) {
        const { contentType } = outcome;
        const body = outcome.body ?? "";
        ({ id: resultId } = await tx.result.create({
          data: { requestId, body, contentType, bytes: Buffer.byteLength(body) },
          select: { id: true },
        }));
      }
      for (const w of outcome.cacheWrites ?? []) {
        await writeCache(w.cacheKey, w.operation, w.value ?? null, w.contentType, tx, {
          resultId: w.isThisResult ? resultId : undefined,
          createdAt: w.createdAt,
        });
      }
    }
    const settled =
      c.reserved === undefined
        ? undefined
        : await settle(c.organizationId, token, c.reserved, outcome.ok ? outcome.cost : 0, tx);
    if (!c.sync) await enqueueWebhookDelivery(tx, token);
    return settled;
  });
  if (usage === null) return null;
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

function finalState(outcome: RequestOutcome) {
  return outcome.ok
    ? {
        state: "complete" as const,
        cost: outcome.cost,
        cached: outcome.cached,
        producedBy: outcome.producedBy,
        answeredFromId: outcome.answeredFromId ?? null,
      }
    : {
        state: "failed" as const,
        error: outcome.error,
        errorCode: outcome.code,
        errorStatus: outcome.status,
      };
}

/** Writes the request's final state; its id, or null when a job's row had already left its running state. */
async function writeFinalRow(
  tx: Prisma.TransactionClient,
  c: CompleteRequest,
  finishedAt: Date,
): Promise<string | null> {
  const final = finalState(c.outcome);
  if ("create" in c.row) {
    const created = await tx.request.create({
      data: { ...c.row.create, ...final, startedAt: finishedAt, finishedAt, processingMs: 0 },
      select: { id: true },
    });
    return created.id;
  }
  const moved = await tx.request.updateManyAndReturn({
    where: { token: c.token, state: { in: ["queued", "processing"] } },
    data: { ...final, finishedAt, processingMs: c.row.running.processingMs },
    select: { id: true },
  });
  return moved[0]?.id ?? null;
}
