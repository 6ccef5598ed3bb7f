import { db } from "@/lib/db";
import { enqueue } from "@/lib/jobs";
import { decodeResult, encodeResult } from "@/lib/store/encode";
import { OperationFailure, FAILURES, type FailureCode } from "@/lib/failures";
import type { RunSpec } from "@/lib/schemas/run-spec";
import { cacheKeyFor } from "@/lib/store/keys";
import { chargeFor } from "@/lib/billing/prices";
import { contentTypeOf, scrapeEnvelope, type ScrapeOperationResult } from "@/lib/operations/format";
import { runOperations } from "@/lib/operations";
import { checkRobots } from "@/lib/page/robots";
import {
  afterFailure,
  afterSuccess,
  DEFAULT_MAX_TOTAL_MS,
  hostOf,
  isRetryable,
  knownHealthy,
  planTurn,
  type TurnContext,
} from "@/lib/page/politeness";
import { DEFAULT_LIMITS } from "@/lib/page/visit";
import { RUN_REQUEST_JOB } from "./job-names";
import { cachedBody, readCache } from "@/lib/store/cache";
import { completeRequest } from "./complete-request";
import type { OperationName } from "@/lib/schemas/options";
import { recordStage, stageSinceMark, timeStage, withStageTimings } from "@/lib/stage-timings";

/** What a run-request job carries: the token, and where its busy-host retries stand (docs/spec.md §7.5). */
export interface RunRequestJob {
  token: string;
  /** Code of this request's last retryable failure, when this run is a retry. */
  lastFailure?: FailureCode;
  /** The host turn reserved for this run (epoch ms): attempt then without asking again. */
  turnAt?: number;
  /** This run is in its host's lane (one run of that host's lane at a time). */
  lane?: boolean;
}

/** Ten minutes from acceptance (docs/spec.md §7.5, §8); tests shorten it with POLITENESS_MAX_TOTAL_MS. */
function retryWindowMs(): number {
  return Number(process.env.POLITENESS_MAX_TOTAL_MS ?? DEFAULT_MAX_TOTAL_MS);
}

/** What one attempt may take (a navigation's limit and a margin): no retry starts that could end late. */
const ATTEMPT_RESERVE_MS = DEFAULT_LIMITS.navigationTimeoutMs + 5_000;

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
  const req = await startRun(token);
  if (!req) return; // already complete or failed
  recordStage("job_start", performance.now() - loaded);
  const spec = req.options as unknown as RunSpec;
  const startedAt = new Date(req.startedAt).getTime();
  const turn: TurnContext = {
    host: hostOf(spec.url),
    deadline: new Date(req.createdAt).getTime() + retryWindowMs(),
    attemptReserveMs: ATTEMPT_RESERVE_MS,
    ...(job.lastFailure && { lastFailure: new OperationFailure(job.lastFailure, "previous attempt") }),
  };
  const done = (outcome: Outcome) =>
    finish(token, req.organizationId, req.reserved, spec, outcome, Date.now() - startedAt);

  let outcome: Outcome;
  try {
    const politeness = performance.now();
    if (req.robotsPolicy === "follow") await checkRobots(spec.url, { policy: "follow" });
    // A run holding a reserved turn attempts now, unless it was picked up too late to end in time.
    const plan = await planTurn(turn, job.turnAt);
    if (plan.kind === "give-up") return await done({ ok: false, failure: plan.failure });
    if (plan.kind === "wait") return await toLane({ ...job, turnAt: plan.until }, turn.host, plan.until);
    const lane = await laneFor(job, turn.host);
    recordStage("politeness", performance.now() - politeness);
    if (lane === "enter") return await toLane({ token }, turn.host);
    if (lane === "leave") return void (await enqueue(RUN_REQUEST_JOB, { token }));
    outcome = await execute(spec, req.organizationId);
  } catch (err) {
    if (!isRetryable(err)) {
      // The host answered (a 404, a PDF…): as far as waiting goes, it is a responsive host.
      if (err instanceof OperationFailure && err.code !== "unexpected") await afterSuccess(turn.host);
      return await done({ ok: false, failure: asFailure(err) });
    }
    const next = await afterFailure(turn, err);
    if (next.kind === "give-up") return await done({ ok: false, failure: next.failure });
    return await toLane({ token, lastFailure: err.code }, turn.host, next.at);
  }
  await timeStage("politeness", () => afterSuccess(turn.host));
  await done(outcome);
}

interface StartedRun {
  organizationId: string;
  reserved: number;
  options: unknown;
  createdAt: Date;
  startedAt: Date;
  robotsPolicy: string;
}

/**
 * Marks the request processing (counting the attempt, keeping the first start) and loads what the
 * run needs, in ONE statement. Null when the request has already ended.
 */
async function startRun(token: string, now = new Date()): Promise<StartedRun | null> {
  const rows = await db().$queryRaw<StartedRun[]>`
    UPDATE "Request" r
       SET "state" = 'processing', "startedAt" = COALESCE(r."startedAt", ${now}), "attempts" = r."attempts" + 1
      FROM "Project" p
     WHERE r."token" = ${token} AND r."state" IN ('queued', 'processing') AND p."id" = r."projectId"
 RETURNING r."organizationId", r."reserved", r."options", r."createdAt", r."startedAt", p."robotsPolicy"::text AS "robotsPolicy"`;
  if (rows[0]) return rows[0];
  // Not visible yet: with Inngest the event can arrive before the request's transaction commits.
  // Throwing makes the engine retry; with pg-boss the job commits with the row, so this never happens.
  if (!(await db().request.findUnique({ where: { token }, select: { id: true } })))
    throw new Error(`request ${token} not found (yet)`);
  return null;
}

/**
 * Ends this run and enqueues the next one in its host's lane (per-key concurrency 1), at `at` or
 * at once. Waiting there holds no worker, and a host that never answers holds at most one.
 */
async function toLane(next: RunRequestJob, host: string, at?: number): Promise<void> {
  const delaySeconds = at === undefined ? 0 : Math.max(1, Math.ceil((at - Date.now()) / 1000));
  await enqueue(RUN_REQUEST_JOB, { ...next, lane: true }, { delaySeconds, singletonKey: `host:${host}` });
}

/**
 * Caution with hosts not known to be healthy: a first attempt at one enters the host's lane, so a
 * burst of requests to a host that never answers holds one worker, not all of them. Once the host
 * has answered, runs still waiting in its lane leave it and run side by side again.
 */
async function laneFor(job: RunRequestJob, host: string): Promise<"stay" | "enter" | "leave"> {
  if (job.lastFailure) return "stay"; // a retry of a busy host stays in its lane
  const healthy = await knownHealthy(host);
  if (!job.lane) return healthy ? "stay" : "enter";
  return healthy && !job.turnAt ? "leave" : "stay";
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
    const body = hit && (await cachedBody(hit));
    if (hit && body != null)
      results.set(op, { success: true, result: decodeResult(body, hit.contentType), cached: true });
    else toRun.push(op);
  }
  const { results: ran, visits } = await timeStage("visit", () => runOperations(spec, toRun, organizationId));
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
