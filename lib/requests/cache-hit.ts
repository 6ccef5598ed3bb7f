import type { ApiCaller } from "@/lib/auth/authenticate";
import { transaction } from "@/lib/jobs";
import { contentTypeOf, scrapeEnvelope } from "@/lib/operations/format";
import { ENDPOINT_RECORDS } from "@/lib/schemas/operations";
import type { OperationName } from "@/lib/schemas/options";
import type { RunSpec } from "@/lib/schemas/run-spec";
import {
  cachedBody,
  producedByOf,
  readCache,
  scrapeCacheKey,
  type CacheHit,
  type StoredHit,
} from "@/lib/store/cache";
import { decodeResult, encodeResult } from "@/lib/store/encode";
import { completeRequest } from "./complete";
import { clearExpiredIdempotencyKey, findReplay, isUniqueViolation } from "./idempotency";
import { newToken, requestRow } from "./row";

/**
 * Requests answered from the cache: accepted and completed at once, for 0 credits, without a job.
 */

/**
 * A sync hit of one operation whose cache entry is a stored result (read by readStoredHit: the
 * entry, the result's body and the organization's usage, from memory or in one read): the request
 * row is written pointing at that result, before the answer leaves, so its token is retrievable at
 * once; no transaction. Returns the new request's token.
 */
export async function recordStoredHit(
  caller: ApiCaller,
  spec: RunSpec,
  hash: string,
  hit: StoredHit,
): Promise<string> {
  const token = newToken();
  await completeRequest({
    token,
    organizationId: caller.project.organizationId,
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
  return token;
}

/**
 * Records a request answered entirely from the cache, pointing at a stored result (no copy of the
 * body: a hit costs a small row whatever the result's size). A single operation points at the
 * result its cache entry is; a scrape at the envelope an identical scrape hit stored before.
 * Null when an entry went away meanwhile (the request then runs).
 */
export async function recordCacheHit(
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
