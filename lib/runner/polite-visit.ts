import { OperationFailure } from "@/lib/failures";
import { checkRobots } from "@/lib/page/robots";
import {
  afterFailure,
  afterSuccess,
  hostOf,
  isRetryable,
  knownHealthy,
  planTurn,
  type TurnContext,
} from "@/lib/page/politeness";
import { DEFAULT_LIMITS } from "@/lib/page/visit";
import { recordStage, timeStage } from "@/lib/stage-timings";
import type { VisitJobState } from "@/lib/requests/job";

/**
 * One page attempt under the busy-host rules (docs/spec.md §7.5), for every job that visits a page:
 * a single request (./run-request.ts) and a crawl's or batch's page (lib/crawl). robots → the
 * host's turn → its lane → the attempt; a busy host never holds a worker: waiting for a turn or a
 * retry ends this run and asks for another one (`again`), delayed, in the host's lane.
 */

/** Where a page job stands with its host: its payload's part that this module reads and writes. */
export type { VisitJobState };

/** Run again: at once outside any lane, or in `lane.host`'s lane at `lane.at` (or at once). */
export type RunAgain = (next: VisitJobState, lane?: { host: string; at?: number }) => Promise<void>;

export interface PoliteVisit<T> {
  url: string;
  job: VisitJobState;
  /** Epoch ms by which the page must have ended (acceptance + the retry window). */
  deadline: number;
  /** Check robots.txt first (a project that follows it; a crawl always). */
  robots: boolean;
  /** Least spacing between turns at this host (robots.txt Crawl-delay), ms. */
  spacingMs?: number;
  again: RunAgain;
  attempt: () => Promise<T>;
}

export type PoliteOutcome<T> =
  { kind: "done"; value: T } | { kind: "failed"; failure: OperationFailure } | { kind: "later" };

/** What one attempt may take (a navigation's limit and a margin): no retry starts that could end late. */
const ATTEMPT_RESERVE_MS = DEFAULT_LIMITS.navigationTimeoutMs + 5_000;

export async function visitPolitely<T>(v: PoliteVisit<T>): Promise<PoliteOutcome<T>> {
  const { job } = v;
  const turn: TurnContext = {
    host: hostOf(v.url),
    deadline: v.deadline,
    attemptReserveMs: ATTEMPT_RESERVE_MS,
    ...(v.spacingMs && { spacingMs: v.spacingMs }),
    ...(job.lastFailure && { lastFailure: new OperationFailure(job.lastFailure, "previous attempt") }),
  };
  let value: T;
  try {
    const politeness = performance.now();
    if (v.robots) await checkRobots(v.url, { policy: "follow" });
    // A run holding a reserved turn attempts now, unless it was picked up too late to end in time.
    const plan = await planTurn(turn, job.turnAt);
    if (plan.kind === "give-up") return { kind: "failed", failure: plan.failure };
    if (plan.kind === "wait") {
      await v.again({ ...job, turnAt: plan.until }, { host: turn.host, at: plan.until });
      return { kind: "later" };
    }
    const lane = await laneFor(job, turn.host);
    recordStage("politeness", performance.now() - politeness);
    if (lane === "enter") return await later(v.again({}, { host: turn.host }));
    if (lane === "leave") return await later(v.again({}));
    value = await v.attempt();
  } catch (err) {
    if (!isRetryable(err)) {
      // The host answered (a 404, a PDF…): as far as waiting goes, it is a responsive host.
      if (err instanceof OperationFailure && err.code !== "unexpected") await afterSuccess(turn.host);
      return { kind: "failed", failure: asFailure(err) };
    }
    const next = await afterFailure(turn, err);
    if (next.kind === "give-up") return { kind: "failed", failure: next.failure };
    return later(v.again({ lastFailure: err.code }, { host: turn.host, at: next.at }));
  }
  await timeStage("politeness", () => afterSuccess(turn.host));
  return { kind: "done", value };
}

async function later(rescheduled: Promise<void>): Promise<{ kind: "later" }> {
  await rescheduled;
  return { kind: "later" };
}

/**
 * Caution with hosts not known to be healthy: a first attempt at one enters the host's lane, so a
 * burst of requests to a host that never answers holds one worker, not all of them. Once the host
 * has answered, runs still waiting in its lane leave it and run side by side again.
 */
async function laneFor(job: VisitJobState, host: string): Promise<"stay" | "enter" | "leave"> {
  if (job.lastFailure) return "stay"; // a retry of a busy host stays in its lane
  const healthy = await knownHealthy(host);
  if (!job.lane) return healthy ? "stay" : "enter";
  return healthy && !job.turnAt ? "leave" : "stay";
}

/** Any error of an attempt as an operational failure ("unexpected" is logged: it is ours to fix). */
export function asFailure(err: unknown): OperationFailure {
  if (err instanceof OperationFailure) {
    // "Unexpected" is ours to fix: keep the detail for operators (it never reaches the client).
    if (err.code === "unexpected") console.error("[page job] unexpected failure:", err.detail ?? err.message);
    return err;
  }
  console.error("[page job] unexpected failure:", err instanceof Error ? err.stack : err);
  return new OperationFailure("unexpected", err instanceof Error ? err.message : String(err));
}
