import { config } from "@/lib/config";
import { enqueue } from "@/lib/jobs";
import { encodeResult } from "@/lib/store/encode";
import { FAILURES } from "@/lib/failures";
import type { RunSpec } from "@/lib/schemas/run-spec";
import { cacheKeyFor } from "@/lib/store/keys";
import { chargeFor } from "@/lib/billing/prices";
import { contentTypeOf, scrapeEnvelope } from "@/lib/operations/format";
import { completeRequest } from "@/lib/requests/complete";
import { RUN_REQUEST_JOB, type RunRequestJob } from "@/lib/requests/job";
import { startRequest } from "@/lib/requests/start";
import { executeOperations, type OpOutcome, type Outcome } from "./execute";
import { visitPolitely } from "./polite-visit";
import type { OperationName } from "@/lib/schemas/options";
import { recordStage, stageSinceMark, timeStage, withStageTimings } from "@/lib/stage-timings";

/** Ten minutes from acceptance (docs/spec.md §7.5, §8); tests shorten it with POLITENESS_MAX_TOTAL_MS. */
export function retryWindowMs(): number {
  return config().POLITENESS_MAX_TOTAL_MS;
}

/**
 * The job body behind every operation request: robots → host turn → one visit feeding every
 * operation → store the result, settle credits, release the slot → webhook. Safe to run again after
 * a crash: a finished request is left alone, and settlement happens once, in the transaction that
 * moves the request out of its running state.
 *
 * A busy host (docs/spec.md §7.5) never holds a worker: waiting for its turn, or for a retry, ends this run
 * and enqueues a delayed one (`retryLater`), so the worker and its browser slot serve other
 * requests meanwhile. Every request ends within the retry window counted from its acceptance.
 */
export function runRequest(job: RunRequestJob): Promise<void> {
  return withStageTimings(() => {
    stageSinceMark(job.token, "enqueued", "pickup");
    return timeStage("job", () => runRequestTimed(job));
  }, job.token);
}

async function runRequestTimed(job: RunRequestJob): Promise<void> {
  const { token } = job;
  const loaded = performance.now();
  const req = await startRequest(token);
  if (!req) return; // already complete or failed
  recordStage("job_start", performance.now() - loaded);
  const spec = req.options as unknown as RunSpec;
  const startedAt = new Date(req.startedAt).getTime();
  const done = (outcome: Outcome) =>
    finish(token, req.organizationId, req.reserved, spec, outcome, Date.now() - startedAt);

  const step = await visitPolitely({
    url: spec.url,
    job,
    deadline: new Date(req.createdAt).getTime() + retryWindowMs(),
    robots: req.robotsPolicy === "follow",
    again: (next, lane) =>
      lane
        ? toLane({ token, ...next }, lane.host, lane.at)
        : enqueue(RUN_REQUEST_JOB, { token }).then(() => {}),
    attempt: () => executeOperations(spec, req.organizationId),
  });
  if (step.kind === "later") return;
  await done(step.kind === "done" ? step.value : { ok: false, failure: step.failure });
}

/**
 * Ends this run and enqueues the next one in its host's lane (per-key concurrency 1), at `at` or
 * at once. Waiting there holds no worker, and a host that never answers holds at most one.
 */
async function toLane(next: RunRequestJob, host: string, at?: number): Promise<void> {
  const delaySeconds = at === undefined ? 0 : Math.max(1, Math.ceil((at - Date.now()) / 1000));
  await enqueue(RUN_REQUEST_JOB, { ...next, lane: true }, { delaySeconds, singletonKey: `host:${host}` });
}

/** "summarize=llm:gpt-4o-mini, keywords=builtin", or null when no AI operation ran fresh. */
function producedByHeader(results: Map<OperationName, OpOutcome>): string | null {
  const parts = [...results].filter(([, r]) => r.producedBy).map(([op, r]) => `${op}=${r.producedBy}`);
  return parts.length ? parts.join(", ") : null;
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
    const fresh = [...outcome.results].filter(([, r]) => r.fresh).map(([op]) => op);
    cost = chargeFor(fresh, spec.residential, outcome.visits);
    data =
      spec.endpoint === "scrape"
        ? scrapeEnvelope(spec.url, spec.operations, (op) => {
            const { code: _code, fresh: _fresh, producedBy: _by, ...r } = outcome.results.get(op)!;
            return r;
          })
        : outcome.results.get(spec.operations[0])!.result;
  }
  const contentType = contentTypeOf(spec.endpoint);
  await timeStage("finish", () =>
    completeRequest({
      token,
      organizationId: orgId,
      sync: spec.sync,
      row: { running: { processingMs: elapsedMs } },
      reserved,
      outcome: outcome.ok
        ? {
            ok: true,
            body: encodeResult(data, contentType),
            contentType,
            cost,
            cached: cost === 0 && [...outcome.results.values()].every((r) => r.cached),
            producedBy: producedByHeader(outcome.results),
            // A single operation's result IS its cache entry's body: stored once, pointed at.
            cacheWrites: [...outcome.results]
              .filter(([, r]) => r.fresh)
              .map(([op, r]) => ({
                cacheKey: cacheKeyFor(op, spec),
                operation: op,
                contentType: contentTypeOf(op),
                ...(spec.endpoint === "scrape" ? { value: r.result } : { isThisResult: true }),
              })),
          }
        : {
            ok: false,
            code: outcome.failure.code,
            error: FAILURES[outcome.failure.code],
            status: 422,
          },
    }),
  );
}
