import { config } from "@/lib/config";
import type { ApiCaller } from "@/lib/auth/authenticate";
import { remainingCredits, usageOf } from "@/lib/billing/admission";
import { clientError } from "@/lib/errors";
import { acceptRequest } from "@/lib/requests/accept";
import { waitForFinish, type WaitOutcome } from "@/lib/requests/completion";
import { readAcknowledgement, readResult } from "@/lib/requests/read";
import type { Endpoint } from "@/lib/schemas/request";
import type { StoredHit } from "@/lib/store/cache";
import { readJsonBody } from "./read-body";
import { json, quotaHeaders, resultResponse } from "./respond";
import { answerWithResult } from "./result-answer";
import { validateIdempotencyKey, validateRequest } from "./validate";
import { withApiKey } from "./with-api-key";
import {
  recordStage,
  serverTimingHeader,
  stageSinceMark,
  timeStage,
  withStageTimings,
} from "@/lib/stage-timings";

/**
 * THE request pipeline behind all nine operation endpoints (docs/architecture.md §1), HTTP only:
 * authenticate and rate limit (withApiKey) → parse → validate → hand the request to its life
 * (lib/requests: idempotency → cache → admit → record + enqueue) → (sync) wait ≤ 60 s → answer.
 * An endpoint differs only in its schema and its operation name.
 */

function syncWaitMs(): number {
  return config().SYNC_TIMEOUT_MS;
}

export function operationEndpoint(endpoint: Endpoint) {
  const handle = withApiKey(async (caller, req) => {
    const idempotencyKey = validateIdempotencyKey(req.headers.get("idempotency-key"));
    const body = await timeStage("body", () => readJsonBody(req));
    return processOperation(caller, endpoint, body, idempotencyKey);
  });
  return (req: Request) =>
    withStageTimings(async () => {
      const res = await timeStage("handler", () => handle(req));
      const timing = serverTimingHeader(res.headers.get("X-Result-Token") ?? undefined);
      for (const [name, value] of Object.entries(timing)) res.headers.set(name, value);
      return res;
    });
}

/**
 * Everything after authentication. The Playground calls this with the signed-in admin's project
 * as the caller (the dashboard is not gated by email confirmation, docs/spec.md §5.4).
 */
export async function processOperation(
  caller: ApiCaller,
  endpoint: Endpoint,
  body: unknown,
  idempotencyKey?: string,
): Promise<Response> {
  const started = performance.now();
  const spec = validateRequest(endpoint, body);
  recordStage("validate", performance.now() - started);

  const accepted = await acceptRequest(caller, spec, idempotencyKey);
  switch (accepted.kind) {
    case "stored-hit":
      return answerStoredHit(accepted.token, accepted.hit);
    case "existing":
      return respondWithRequest(caller, accepted.token, spec.sync, 0);
    case "queued": {
      const { token, finish, usage } = accepted;
      if (finish) return answerWhenFinished(caller, token, () => finish.wait(syncWaitMs()), null);
      return json(
        acknowledgement(token, spec.labels),
        200,
        quotaHeaders({
          token,
          cache: "miss",
          cost: accepted.cost,
          remaining: remainingCredits(usage),
          concurrencyLimit: usage.concurrencyLimit,
        }),
      );
    }
  }
}

function acknowledgement(token: string, labels?: Record<string, string>) {
  return { token, status: "accepted", ...(labels && { labels }) };
}

/**
 * A sync hit of one operation whose cache entry is a stored result, its row already written
 * (lib/requests/cache-hit.ts): answered with the body and usage read with the entry.
 */
function answerStoredHit(token: string, hit: StoredHit): Response {
  return resultResponse(hit.body, hit.contentType, {
    ...quotaHeaders({
      token,
      cache: "hit",
      cost: 0,
      remaining: remainingCredits(hit.usage),
      concurrencyLimit: hit.usage.concurrencyLimit,
    }),
    ...(hit.producedBy ? { "X-Produced-By": hit.producedBy } : {}),
  });
}

/**
 * Answers with whatever state the request is in: waits (sync) up to the sync limit, then the
 * result, the failure, or 504 with the token. `costOverride` is 0 for replays and cache hits
 * (this call spent nothing), null to report what the request itself spent.
 */
async function respondWithRequest(
  caller: ApiCaller,
  token: string,
  sync: boolean,
  costOverride: number | null,
): Promise<Response> {
  if (!sync) {
    // The acknowledgement needs only the small columns, never the (possibly large) result body.
    const row = await readAcknowledgement(token);
    const usage = await usageOf(caller.project.organizationId);
    return json(
      acknowledgement(token, row.labels),
      200,
      quotaHeaders({
        token,
        cache: row.cached ? "hit" : "miss",
        cost: costOverride ?? row.cost,
        remaining: remainingCredits(usage),
        concurrencyLimit: usage.concurrencyLimit,
      }),
    );
  }
  return answerWhenFinished(caller, token, () => waitForFinish(token, syncWaitMs()), costOverride);
}

/**
 * A sync request's answer once `wait` ends: from what the job announced when it ran in this
 * process (no read at all), else from the stored request; 504 with the token if it did not end.
 */
async function answerWhenFinished(
  caller: ApiCaller,
  token: string,
  wait: () => Promise<WaitOutcome>,
  costOverride: number | null,
): Promise<Response> {
  const outcome = await timeStage("wait", wait);
  stageSinceMark(token, "finished", "wakeup");
  if (outcome === false) throw clientError.processingTimeout(token);
  const view =
    outcome === true
      ? await timeStage("read_result", () => readResult(caller.projectId, token))
      : outcome.view;
  let usage = outcome === true ? undefined : outcome.usage;
  if (view.state === "complete" && !usage)
    usage = await timeStage("usage", () => usageOf(caller.project.organizationId));
  return answerWithResult(view, {
    whileProcessing: "timed-out",
    completeHeaders: (v) =>
      quotaHeaders({
        token,
        cache: v.cached ? "hit" : "miss",
        cost: costOverride ?? v.cost,
        remaining: remainingCredits(usage!),
        concurrencyLimit: usage!.concurrencyLimit,
      }),
  });
}

/** GET /result/{token} (docs/spec.md §4.2). */
export function resultEndpoint() {
  return withApiKey<{ params: Promise<{ token: string }> }>(async (caller, _req, ctx) =>
    collectResult(caller, (await ctx.params).token),
  );
}

/** The answer of GET /result/{token} for an authenticated caller (also the MCP get_result tool). */
export async function collectResult(caller: ApiCaller, token: string): Promise<Response> {
  return answerWithResult(await readResult(caller.projectId, token), { whileProcessing: "accepted" });
}
