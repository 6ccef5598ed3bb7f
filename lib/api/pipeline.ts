import crypto from "node:crypto";
import { config } from "@/lib/config";
import { db, Prisma } from "@/lib/db";
import { authenticate, type ApiCaller } from "@/lib/auth/authenticate";
import {
  admit,
  remainingCredits,
  rollOverPeriodIfDue,
  settle,
  usageOf,
  type OrgUsage,
} from "@/lib/billing/admission";
import { priceOf } from "@/lib/billing/prices";
import { enqueue, transaction } from "@/lib/jobs";
import { RUN_REQUEST_JOB } from "@/lib/runner/job-names";
import { ensureBooted } from "@/lib/server/boot";
import {
  cachedBody,
  readCache,
  readStoredHit,
  scrapeCacheKey,
  type CacheHit,
  type StoredHit,
  producedByOf,
} from "@/lib/store/cache";
import { decodeResult, encodeResult } from "@/lib/store/encode";
import { waitForFinish, watchFinish, type WaitOutcome } from "@/lib/store/completion";
import { completeRequest } from "@/lib/runner/complete-request";
import { readResult } from "@/lib/store/results";
import type { Endpoint } from "@/lib/schemas/request";
import { ENDPOINT_RECORDS } from "@/lib/schemas/operations";
import type { OperationName } from "@/lib/schemas/options";
import { contentTypeOf, scrapeEnvelope } from "@/lib/operations/format";
import { clientError } from "./errors";
import { enforceRateLimit } from "./rate-limit";
import { readJsonBody } from "./read-body";
import { guard, json, quotaHeaders, resultResponse } from "./respond";
import { answerWithResult } from "./result-answer";
import type { RunSpec } from "@/lib/schemas/run-spec";
import { cacheKeyFor, requestHash } from "@/lib/store/keys";
import { validateIdempotencyKey, validateRequest } from "./validate";
import {
  bindStageTimings,
  markStage,
  recordStage,
  serverTimingHeader,
  stageSinceMark,
  timeStage,
  withStageTimings,
} from "@/lib/stage-timings";

/**
 * THE request pipeline behind all nine operation endpoints (docs/architecture.md §1):
 * authenticate → rate limit → parse → validate → idempotency → cache → admit → record + enqueue
 * → (sync) wait ≤ 60 s. An endpoint differs only in its schema and its operation name.
 */
const IDEMPOTENCY_WINDOW_MS = 24 * 3600 * 1000;

function syncWaitMs(): number {
  return config().SYNC_TIMEOUT_MS;
}

export function operationEndpoint(endpoint: Endpoint) {
  return (req: Request) =>
    withStageTimings(async () => {
      const res = await timeStage("handler", () => guard(() => handleOperation(endpoint, req)));
      const timing = serverTimingHeader(res.headers.get("X-Result-Token") ?? undefined);
      for (const [name, value] of Object.entries(timing)) res.headers.set(name, value);
      return res;
    });
}

async function handleOperation(endpoint: Endpoint, req: Request): Promise<Response> {
  await ensureBooted();
  const caller = await timeStage("auth", () => authenticate(req.headers.get("authorization")));
  await timeStage("ratelimit", () => enforceRateLimit(caller.projectId));
  const idempotencyKey = validateIdempotencyKey(req.headers.get("idempotency-key"));
  const body = await timeStage("body", () => readJsonBody(req));
  return processOperation(caller, endpoint, body, idempotencyKey);
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
  const hash = requestHash(spec);
  recordStage("validate", performance.now() - started);

  if (idempotencyKey) {
    const replay = await timeStage("lookup", () => findReplay(caller, idempotencyKey, hash));
    if (replay) return respondWithRequest(caller, replay.token, spec.sync, 0);
  } else if (spec.sync && spec.endpoint !== "scrape") {
    // The commonest hit (one operation, sync, no key): one read, one row, no transaction.
    const organizationId = caller.project.organizationId;
    const key = cacheKeyFor(spec.operations[0], spec);
    const stored = await timeStage("lookup", () => readStoredHit(key, spec.maxAgeSeconds, organizationId));
    if (stored) return timeStage("hit_record", () => answerStoredHit(caller, spec, hash, stored));
  }

  // Cache: every operation already fresh in the cache → answer without a visit, for 0 credits.
  const cached = await timeStage("lookup", () =>
    Promise.all(spec.operations.map((op) => readCache(cacheKeyFor(op, spec), spec.maxAgeSeconds))),
  );
  if (cached.every(Boolean)) {
    const token = await timeStage("hit_record", () =>
      recordCacheHit(caller, spec, hash, idempotencyKey, cached as CacheHit[]),
    );
    if (token) return respondWithRequest(caller, token, spec.sync, 0);
    cached.fill(null); // an entry went away meanwhile: run (and price) every operation
  }

  const uncachedOps = spec.operations.filter((_, i) => !cached[i]);
  const price = priceOf(uncachedOps, spec.residential);
  const organizationId = caller.project.organizationId;
  await rollOverPeriodIfDue(organizationId, caller.project.organization.periodStart);

  const token = newToken();
  bindStageTimings(token);
  // Watching before the job exists: its finish can then never be missed, and the wait needs no
  // first look at the database.
  const watch = spec.sync ? watchFinish(token) : undefined;
  let usage: OrgUsage;
  try {
    // Admission, the request row and its job commit together, or not at all.
    usage = await timeStage("admit_record_enqueue", () =>
      transaction(async (tx) => {
        const admitted = await admit(organizationId, price, tx);
        await clearExpiredIdempotencyKey(tx, caller.projectId, idempotencyKey);
        await tx.request.create({ data: requestRow(caller, spec, hash, token, idempotencyKey, price) });
        await enqueue(RUN_REQUEST_JOB, { token }, { tx });
        return admitted;
      }),
    );
    markStage(token, "enqueued");
  } catch (err) {
    watch?.cancel();
    // Committed, then a step after the commit failed (an Inngest send): the slot and the reservation go back.
    if (await db().request.findUnique({ where: { token }, select: { id: true } }))
      await settle(organizationId, token, price, 0);
    if (idempotencyKey && isUniqueViolation(err)) {
      // Another request with the same key won the race: answer as its replay.
      const replay = await findReplay(caller, idempotencyKey, hash);
      if (replay) return respondWithRequest(caller, replay.token, spec.sync, 0);
    }
    throw err;
  }

  if (!watch) {
    return json(
      accepted(token, spec.labels),
      200,
      quotaHeaders({
        token,
        cache: "miss",
        cost: price,
        remaining: remainingCredits(usage),
        concurrencyLimit: usage.concurrencyLimit,
      }),
    );
  }
  return answerWhenFinished(caller, token, () => watch.wait(syncWaitMs()), null);
}

function accepted(token: string, labels?: Record<string, string>) {
  return { token, status: "accepted", ...(labels && { labels }) };
}

/**
 * A sync hit of one operation whose cache entry is a stored result (read by readStoredHit: the
 * entry, the result's body and the organization's usage, from memory or in one read): the request
 * row is written pointing at that result, before the answer leaves, so its token is retrievable at
 * once; no transaction. A hit that is not that simple (an entry with a body of its own) takes the
 * general path.
 */
async function answerStoredHit(
  caller: ApiCaller,
  spec: RunSpec,
  hash: string,
  hit: StoredHit,
): Promise<Response> {
  const organizationId = caller.project.organizationId;
  const token = newToken();
  await completeRequest({
    token,
    organizationId,
    sync: true,
    row: { create: requestRow(caller, spec, hash, token, undefined, 0) },
    outcome: {
      ok: true,
      answeredFromId: hit.resultId,
      contentType: hit.contentType,
      cost: 0,
      cached: true,
      // A summary or keywords from the cache says which method wrote it, as the first answer did.
      producedBy: hit.producedBy ?? null,
    },
  });
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
    const row = await db().request.findUniqueOrThrow({
      where: { token },
      select: { labels: true, cached: true, cost: true },
    });
    const labels = (row.labels as Record<string, string> | null) ?? undefined;
    const usage = await usageOf(caller.project.organizationId);
    return json(
      accepted(token, labels),
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

async function findReplay(caller: ApiCaller, key: string, hash: string) {
  const prior = await db().request.findUnique({
    where: { projectId_idempotencyKey: { projectId: caller.projectId, idempotencyKey: key } },
    select: { token: true, requestHash: true, createdAt: true },
  });
  if (!prior || Date.now() - prior.createdAt.getTime() > IDEMPOTENCY_WINDOW_MS) return null;
  if (prior.requestHash !== hash) throw clientError.idempotencyKeyReused();
  return prior;
}

/** A key older than the 24-hour window may be used again: detach it from the old request. */
async function clearExpiredIdempotencyKey(tx: Prisma.TransactionClient, projectId: string, key?: string) {
  if (!key) return;
  await tx.request.updateMany({
    where: {
      projectId,
      idempotencyKey: key,
      createdAt: { lt: new Date(Date.now() - IDEMPOTENCY_WINDOW_MS) },
    },
    data: { idempotencyKey: null },
  });
}

/**
 * Records a request answered entirely from the cache, pointing at a stored result (no copy of the
 * body: a hit costs a small row whatever the result's size). A single operation points at the
 * result its cache entry is; a scrape at the envelope an identical scrape hit stored before.
 */
async function recordCacheHit(
  caller: ApiCaller,
  spec: RunSpec,
  hash: string,
  idempotencyKey: string | undefined,
  hits: CacheHit[],
): Promise<string | null> {
  const token = newToken();
  const answer = await hitAnswer(spec, hits);
  if (!answer) return null; // an entry went away meanwhile: run the request instead
  try {
    if (idempotencyKey) {
      await transaction((tx) => clearExpiredIdempotencyKey(tx, caller.projectId, idempotencyKey));
    }
    const producedBy =
      "answeredFromId" in answer &&
      ENDPOINT_RECORDS[spec.endpoint].reportsProducer &&
      spec.endpoint !== "scrape"
        ? await producedByOf(answer.answeredFromId)
        : null;
    const common = { ok: true as const, cost: 0, cached: true, producedBy };
    await completeRequest({
      token,
      organizationId: caller.project.organizationId,
      sync: spec.sync,
      row: { create: requestRow(caller, spec, hash, token, idempotencyKey, 0) },
      outcome:
        "answeredFromId" in answer
          ? { ...common, answeredFromId: answer.answeredFromId, contentType: contentTypeOf(spec.endpoint) }
          : {
              ...common,
              body: answer.body,
              contentType: answer.contentType,
              // The entry now points at this stored body, so the next hit stores none.
              cacheWrites: [
                {
                  cacheKey: answer.cacheKey,
                  operation: answer.operation,
                  contentType: answer.contentType,
                  isThisResult: true,
                  createdAt: answer.contentAt,
                },
              ],
            },
    });
  } catch (err) {
    if (idempotencyKey && isUniqueViolation(err)) {
      const replay = await findReplay(caller, idempotencyKey, hash);
      if (replay) return replay.token;
    }
    throw err;
  }
  return token;
}

type HitAnswer =
  | { answeredFromId: string }
  | { body: string; contentType: string; cacheKey: string; operation: string; contentAt: Date };

/**
 * What a cache hit is answered with: a stored result to point at, or (the first hit of an entry
 * that is no stored result: a scrape's envelope, an operation cached by a scrape) a body to store
 * once, which the entry then points at.
 */
async function hitAnswer(spec: RunSpec, hits: CacheHit[]): Promise<HitAnswer | null> {
  const scrape = spec.endpoint === "scrape";
  const cacheKey = scrape ? scrapeCacheKey(hits.map((h) => h.cacheKey)) : hits[0].cacheKey;
  const whole = scrape ? await readCache(cacheKey, spec.maxAgeSeconds) : hits[0];
  if (whole?.resultId) return { answeredFromId: whole.resultId };
  const bodies = await Promise.all(hits.map(cachedBody));
  if (bodies.some((b) => b == null)) return null;
  const decoded = new Map(
    spec.operations.map((op, i) => [op, decodeResult(bodies[i]!, hits[i].contentType)]),
  );
  const data = scrape
    ? scrapeEnvelope(spec.url, spec.operations, (op: OperationName) => ({
        success: true,
        result: decoded.get(op),
        cached: true,
      }))
    : decoded.get(spec.operations[0]);
  const contentType = contentTypeOf(spec.endpoint);
  // As fresh as its oldest part: that is what a later max_age is checked against.
  const contentAt = new Date(Math.min(...hits.map((h) => h.createdAt.getTime())));
  const operation = scrape ? "scrape" : spec.operations[0];
  return { body: encodeResult(data, contentType), contentType, cacheKey, operation, contentAt };
}

function requestRow(
  caller: ApiCaller,
  spec: RunSpec,
  hash: string,
  token: string,
  idempotencyKey: string | undefined,
  reserved: number,
) {
  return {
    token,
    projectId: caller.projectId,
    organizationId: caller.project.organizationId,
    operation: spec.endpoint,
    url: spec.url,
    options: spec as unknown as Prisma.InputJsonValue,
    labels: spec.labels ?? Prisma.JsonNull,
    reportTo: spec.reportTo ?? null,
    idempotencyKey: idempotencyKey ?? null,
    requestHash: hash,
    sync: spec.sync,
    reserved,
    cacheKey: spec.operations.map((op) => cacheKeyFor(op, spec)).join(","),
    source: caller.sentBy.source,
    apiKeyId: caller.sentBy.apiKeyId,
    sentById: caller.sentBy.userId,
  };
}

function newToken(): string {
  return "req_" + crypto.randomBytes(16).toString("base64url");
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === "P2002" || /Unique constraint|duplicate key/i.test(e?.message ?? "");
}

/** GET /result/{token} (docs/spec.md §4.2). */
export function resultEndpoint() {
  return (req: Request, ctx: { params: Promise<{ token: string }> }) =>
    guard(async () => {
      await ensureBooted();
      const caller = await authenticate(req.headers.get("authorization"));
      await enforceRateLimit(caller.projectId);
      return collectResult(caller, (await ctx.params).token);
    });
}

/** The answer of GET /result/{token} for an authenticated caller (also the MCP get_result tool). */
export async function collectResult(caller: ApiCaller, token: string): Promise<Response> {
  return answerWithResult(await readResult(caller.projectId, token), { whileProcessing: "accepted" });
}
