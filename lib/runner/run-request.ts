import { db } from "@/lib/db";
import { transaction } from "@/lib/jobs";
import { decodeResult, encodeResult } from "@/lib/store/encode";
import { OperationFailure, FAILURES, type FailureCode } from "@/lib/api/errors";
import type { RunSpec } from "@/lib/api/run-spec";
import { cacheKeyFor } from "@/lib/api/run-spec";
import { settle } from "@/lib/billing/admission";
import { OPERATION_CREDITS, RESIDENTIAL_CREDITS_PER_VISIT } from "@/lib/billing/prices";
import { contentTypeOf, scrapeEnvelope, type ScrapeOperationResult } from "@/lib/operations/format";
import { runOperations } from "@/lib/operations";
import { checkRobots } from "@/lib/page/robots";
import { withHostPoliteness } from "@/lib/page/politeness";
import { readCache, writeCache } from "@/lib/store/cache";
import { announceFinished } from "@/lib/store/completion";
import { enqueueWebhookDelivery } from "@/lib/webhooks/enqueue";
import type { OperationName } from "@/lib/schemas/options";

/**
 * The job body behind every operation request: robots → host politeness → one visit feeding every
 * operation → store the result, settle credits, release the slot → webhook. Safe to run again after
 * a crash: a finished request is left alone, and settlement happens once, in the transaction that
 * moves the request out of its running state.
 */
export async function runRequest(token: string): Promise<void> {
  const req = await db().request.findUnique({ where: { token }, include: { project: true } });
  // Not visible yet: with Inngest the event can arrive before the request's transaction commits.
  // Throwing makes the engine retry; with pg-boss the job commits with the row, so this never happens.
  if (!req) throw new Error(`request ${token} not found (yet)`);
  if (req.state === "complete" || req.state === "failed") return;
  await db().request.update({
    where: { token },
    data: { state: "processing", startedAt: req.startedAt ?? new Date(), attempts: { increment: 1 } },
  });
  const spec = req.options as unknown as RunSpec;
  const startedAt = (req.startedAt ?? new Date()).getTime();

  let outcome: Outcome;
  try {
    if (req.project.robotsPolicy === "follow") await checkRobots(spec.url, { policy: "follow" });
    const { value } = await withHostPoliteness(spec.url, () => execute(spec, req.organizationId));
    outcome = value;
  } catch (err) {
    outcome = { ok: false, failure: asFailure(err) };
  }
  await finish(token, req.organizationId, req.reserved, spec, outcome, Date.now() - startedAt);
}

type OpOutcome = ScrapeOperationResult & { code?: FailureCode; fresh?: boolean; producedBy?: string };
type Outcome =
  | { ok: true; results: Map<OperationName, OpOutcome>; visits: number }
  | { ok: false; failure: OperationFailure };

/** Runs the operations not already fresh in the cache, from one visit (lighthouse navigates on its own). */
async function execute(spec: RunSpec, organizationId: string): Promise<Outcome> {
  const results = new Map<OperationName, OpOutcome>();
  const toRun: OperationName[] = [];
  for (const op of spec.operations) {
    const hit = await readCache(cacheKeyFor(op, spec), spec.maxAgeSeconds);
    if (hit)
      results.set(op, { success: true, result: decodeResult(hit.body, hit.contentType), cached: true });
    else toRun.push(op);
  }
  const { results: ran, visits } = await runOperations(spec, toRun, organizationId);
  for (const [op, r] of ran) {
    results.set(
      op,
      r.ok
        ? { success: true, result: r.value, cached: false, fresh: true, producedBy: r.producedBy }
        : {
            success: false,
            error: r.failure.message,
            code: r.failure.code,
            cached: false,
          },
    );
  }
  // A single-operation request that failed is a failed request (422), not a result.
  if (spec.endpoint !== "scrape") {
    const only = ran.get(spec.operations[0]);
    if (only && !only.ok) return { ok: false, failure: only.failure };
  }
  return { ok: true, results, visits };
}

/** "summarize=llm:gpt-4o-mini, keywords=builtin", or null when no AI operation ran fresh. */
function producedByHeader(results: Map<OperationName, OpOutcome>): string | null {
  const parts = [...results].filter(([, r]) => r.producedBy).map(([op, r]) => `${op}=${r.producedBy}`);
  return parts.length ? parts.join(", ") : null;
}

function asFailure(err: unknown): OperationFailure {
  if (err instanceof OperationFailure) {
    // "Unexpected" is ours to fix: keep the detail for operators (it never reaches the client).
    if (err.code === "unexpected")
      console.error("[run-request] unexpected failure:", err.detail ?? err.message);
    return err;
  }
  console.error("[run-request] unexpected failure:", err instanceof Error ? err.stack : err);
  return new OperationFailure("unexpected", err instanceof Error ? err.message : String(err));
}

async function finish(
  token: string,
  orgId: string,
  reserved: number,
  spec: RunSpec,
  outcome: Outcome,
  elapsedMs: number,
) {
  let cost = 0;
  let data: unknown = null;
  if (outcome.ok) {
    const fresh = [...outcome.results].filter(([, r]) => r.fresh);
    cost = fresh.reduce((sum, [op]) => sum + OPERATION_CREDITS[op], 0);
    if (spec.residential && fresh.length) cost += RESIDENTIAL_CREDITS_PER_VISIT * outcome.visits;
    data =
      spec.endpoint === "scrape"
        ? scrapeEnvelope(spec.url, spec.operations, (op) => {
            const { code: _code, fresh: _fresh, producedBy: _by, ...r } = outcome.results.get(op)!;
            return r;
          })
        : outcome.results.get(spec.operations[0])!.result;
  }
  const settled = await transaction(async (tx) => {
    const moved = await tx.request.updateMany({
      where: { token, state: { in: ["queued", "processing"] } },
      data: outcome.ok
        ? {
            state: "complete",
            cost,
            finishedAt: new Date(),
            processingMs: elapsedMs,
            cached: cost === 0 && [...outcome.results.values()].every((r) => r.cached),
            producedBy: producedByHeader(outcome.results),
          }
        : {
            state: "failed",
            error: FAILURES[outcome.failure.code],
            errorCode: outcome.failure.code,
            errorStatus: 422,
            finishedAt: new Date(),
            processingMs: elapsedMs,
          },
    });
    if (!moved.count) return false; // another run of this job finished it first
    if (outcome.ok) {
      const contentType = contentTypeOf(spec.endpoint);
      const body = encodeResult(data, contentType);
      const { id: requestId } = await tx.request.findUniqueOrThrow({
        where: { token },
        select: { id: true },
      });
      await tx.result.create({ data: { requestId, body, contentType, bytes: Buffer.byteLength(body) } });
      for (const [op, r] of outcome.results) {
        if (r.fresh) await writeCache(cacheKeyFor(op, spec), op, r.result, contentTypeOf(op), tx);
      }
    }
    await settle(orgId, token, reserved, cost, tx);
    if (!spec.sync) await enqueueWebhookDelivery(tx, token);
    return true;
  });
  if (settled) announceFinished(token);
}
