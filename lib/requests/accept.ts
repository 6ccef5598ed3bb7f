import type { ApiCaller } from "@/lib/auth/authenticate";
import { admit, rollOverPeriodIfDue, settle, type OrgUsage } from "@/lib/billing/admission";
import { priceOf } from "@/lib/billing/prices";
import { db } from "@/lib/db";
import { enqueue, transaction } from "@/lib/jobs";
import type { RunSpec } from "@/lib/schemas/run-spec";
import { bindStageTimings, markStage, recordStage, timeStage } from "@/lib/stage-timings";
import { readCache, readStoredHit, type CacheHit, type StoredHit } from "@/lib/store/cache";
import { cacheKeyFor, requestHash } from "@/lib/store/keys";
import { recordCacheHit, recordStoredHit } from "./cache-hit";
import { watchFinish, type FinishWatch } from "./completion";
import { clearExpiredIdempotencyKey, findReplay, isUniqueViolation } from "./idempotency";
import { RUN_REQUEST_JOB } from "./job";
import { newToken, requestRow } from "./row";

/** How a request was taken in, for the HTTP layer to answer (lib/api/pipeline.ts). */
export type Acceptance =
  /** A sync hit of one operation, its row written: answer with `hit`'s body. */
  | { kind: "stored-hit"; token: string; hit: StoredHit }
  /** An earlier request with this Idempotency-Key, or a cache hit just recorded: this call spent nothing. */
  | { kind: "existing"; token: string }
  /** Admitted, recorded and enqueued; `finish` (sync only) wakes when its job ends. */
  | { kind: "queued"; token: string; cost: number; usage: OrgUsage; finish?: FinishWatch };

/**
 * A request's acceptance (docs/architecture.md §1): idempotency → cache → admission, the request
 * row and its job in ONE transaction. `spec` is validated; the caller is authenticated and within
 * its rate limit.
 */
export async function acceptRequest(
  caller: ApiCaller,
  spec: RunSpec,
  idempotencyKey?: string,
): Promise<Acceptance> {
  const started = performance.now();
  const hash = requestHash(spec);
  recordStage("validate", performance.now() - started);
  const organizationId = caller.project.organizationId;

  if (idempotencyKey) {
    const replay = await timeStage("lookup", () => findReplay(caller, idempotencyKey, hash));
    if (replay) return { kind: "existing", token: replay.token };
  } else if (spec.sync && spec.endpoint !== "scrape") {
    // The commonest hit (one operation, sync, no key): one read, one row, no transaction.
    const key = cacheKeyFor(spec.operations[0], spec);
    const stored = await timeStage("lookup", () => readStoredHit(key, spec.maxAgeSeconds, organizationId));
    if (stored) {
      const token = await timeStage("hit_record", () => recordStoredHit(caller, spec, hash, stored));
      return { kind: "stored-hit", token, hit: stored };
    }
  }

  // Cache: every operation already fresh in the cache → answer without a visit, for 0 credits.
  const cached = await timeStage("lookup", () =>
    Promise.all(spec.operations.map((op) => readCache(cacheKeyFor(op, spec), spec.maxAgeSeconds))),
  );
  if (cached.every(Boolean)) {
    const token = await timeStage("hit_record", () =>
      recordCacheHit(caller, spec, hash, idempotencyKey, cached as CacheHit[]),
    );
    if (token) return { kind: "existing", token };
    cached.fill(null); // an entry went away meanwhile: run (and price) every operation
  }

  const uncachedOps = spec.operations.filter((_, i) => !cached[i]);
  const price = priceOf(uncachedOps, spec.residential);
  await rollOverPeriodIfDue(organizationId, caller.project.organization.periodStart);

  const token = newToken();
  bindStageTimings(token);
  // Watching before the job exists: its finish can then never be missed, and the wait needs no
  // first look at the database.
  const finish = spec.sync ? watchFinish(token) : undefined;
  try {
    // Admission, the request row and its job commit together, or not at all.
    const usage = await timeStage("admit_record_enqueue", () =>
      transaction(async (tx) => {
        const admitted = await admit(organizationId, price, tx);
        await clearExpiredIdempotencyKey(tx, caller.projectId, idempotencyKey);
        await tx.request.create({ data: requestRow(caller, spec, hash, token, idempotencyKey, price) });
        await enqueue(RUN_REQUEST_JOB, { token }, { tx });
        return admitted;
      }),
    );
    markStage(token, "enqueued");
    return { kind: "queued", token, cost: price, usage, finish };
  } catch (err) {
    finish?.cancel();
    // Committed, then a step after the commit failed (an Inngest send): the slot and the reservation go back.
    if (await db().request.findUnique({ where: { token }, select: { id: true } }))
      await settle(organizationId, token, price, 0);
    if (idempotencyKey && isUniqueViolation(err)) {
      // Another request with the same key won the race: answer as its replay.
      const replay = await findReplay(caller, idempotencyKey, hash);
      if (replay) return { kind: "existing", token: replay.token };
    }
    throw err;
  }
}
