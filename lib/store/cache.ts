import { db } from "@/lib/db";
import { encodeResult } from "./encode";
import { hotGeneration, hotHit, hotHitsUsable, keepHotHit, type HotEntry } from "./hot-hits";
import type { QuotaUsage } from "./results";

/**
 * Result cache, one entry per operation result (so a scrape can reuse a cached screenshot and run
 * only the rest). Shared across projects: only public pages are fetched, and labels never enter it.
 *
 * An entry written by a single-operation request holds no body of its own: it points at that
 * request's stored Result (`resultId`), so a body is stored once, and a cache hit can point at the
 * same row instead of copying it. Entries from a scrape keep their own body (the scrape's Result is
 * the envelope of several operations); a scrape answered wholly from the cache is itself stored
 * once as an entry of its own (`scrapeCacheKey`), so the same scrape hit again points at it too.
 */
export interface CacheHit {
  cacheKey: string;
  operation: string;
  contentType: string;
  createdAt: Date;
  /** The stored Result this entry is, when it is one; a hit of a single operation answers from it. */
  resultId: string | null;
}

/** The entry of a whole scrape envelope, keyed by its operations' own keys in the order requested. */
export function scrapeCacheKey(operationKeys: string[]): string {
  return `scrape|${operationKeys.join(",")}`;
}

/** A fresh entry for `cacheKey`, without its body (a hit usually needs none). */
export async function readCache(
  cacheKey: string,
  maxAgeSeconds: number,
  now = new Date(),
): Promise<CacheHit | null> {
  if (maxAgeSeconds <= 0) return null; // max_age 0 bypasses the cache
  const entry = await db().cacheEntry.findUnique({
    where: { cacheKey },
    select: {
      cacheKey: true,
      operation: true,
      contentType: true,
      createdAt: true,
      resultId: true,
      result: { select: { purgedAt: true } },
    },
  });
  if (!entry || entry.result?.purgedAt) return null;
  if (now.getTime() - entry.createdAt.getTime() > maxAgeSeconds * 1000) return null;
  const { result: _result, ...hit } = entry;
  return hit;
}

/** A fresh entry that is a stored result, with that result's body and its reader's usage. */
export interface StoredHit extends HotEntry {
  usage: QuotaUsage;
}

/**
 * The hot path of a cache hit: from this process's memory when it holds the entry and the
 * organization's usage (./hot-hits.ts), else in ONE indexed read (the entry, the body of the result
 * it is, and the usage, for the quota headers the answer carries), which is then kept. Null when
 * there is no fresh entry, or the entry is not a stored result (a scrape's part keeps a body of its
 * own: the general path handles those).
 */
export async function readStoredHit(
  cacheKey: string,
  maxAgeSeconds: number,
  organizationId: string,
  now = new Date(),
): Promise<StoredHit | null> {
  if (maxAgeSeconds <= 0) return null;
  const usable = await hotHitsUsable();
  const hit =
    (usable && hotHit(cacheKey, organizationId)) || (await readHit(cacheKey, organizationId, usable));
  if (!hit || now.getTime() - hit.entry.createdAt > maxAgeSeconds * 1000) return null;
  return { ...hit.entry, usage: hit.usage };
}

/** The entry, its result's body and the organization's usage from the database; kept when `keep`. */
async function readHit(
  cacheKey: string,
  organizationId: string,
  keep: boolean,
): Promise<{ entry: HotEntry; usage: QuotaUsage } | null> {
  const generation = hotGeneration();
  const rows = await db().$queryRaw<Array<Omit<HotEntry, "createdAt"> & QuotaUsage & { createdAt: Date }>>`
    SELECT c."resultId", c."contentType", c."createdAt", r."body", q."producedBy",
           o."monthlyCredits", o."creditsUsed", o."creditsReserved", o."concurrencyLimit"
      FROM "CacheEntry" c
      JOIN "Result" r ON r."id" = c."resultId" AND r."purgedAt" IS NULL AND r."body" IS NOT NULL
      JOIN "Request" q ON q."id" = r."requestId"
      JOIN "Organization" o ON o."id" = ${organizationId}
     WHERE c."cacheKey" = ${cacheKey}`;
  const row = rows[0];
  if (!row) return null;
  const { resultId, contentType, body, producedBy } = row;
  const { monthlyCredits, creditsUsed, creditsReserved, concurrencyLimit } = row;
  const entry = { resultId, contentType, body, producedBy, createdAt: new Date(row.createdAt).getTime() };
  const usage = { monthlyCredits, creditsUsed, creditsReserved, concurrencyLimit };
  if (keep) keepHotHit(generation, cacheKey, entry, organizationId, usage);
  return { entry, usage };
}

/** Which method produced a stored result (summarize, keywords): what a cache hit of it reports. */
export async function producedByOf(resultId: string): Promise<string | null> {
  const row = await db().result.findUnique({
    where: { id: resultId },
    select: { request: { select: { producedBy: true } } },
  });
  return row?.request.producedBy ?? null;
}

/** The body of a hit (its own, or its Result's); null when it went away meanwhile. */
export async function cachedBody(hit: CacheHit): Promise<string | null> {
  const entry = await db().cacheEntry.findUnique({
    where: { cacheKey: hit.cacheKey },
    select: { body: true, result: { select: { body: true } } },
  });
  return entry?.body ?? entry?.result?.body ?? null;
}

/** Where a cache entry's body lives, and how old its content is. */
export interface CacheWriteOptions {
  /** The stored Result this entry is (no body of its own is written). */
  resultId?: string;
  /** How old the content is, when older than now (a composed scrape is as old as its oldest part). */
  createdAt?: Date;
}

/** Stores a fresh result: as a pointer to a stored Result when given, else as its own body. */
export async function writeCache(
  cacheKey: string,
  operation: string,
  value: unknown,
  contentType: string,
  client: Pick<ReturnType<typeof db>, "cacheEntry"> = db(),
  options: CacheWriteOptions = {},
): Promise<void> {
  const body = options.resultId ? null : encodeResult(value, contentType);
  const data = {
    body,
    contentType,
    resultId: options.resultId ?? null,
    createdAt: options.createdAt ?? new Date(),
  };
  await client.cacheEntry.upsert({
    where: { cacheKey },
    create: { cacheKey, operation, ...data },
    update: data,
  });
}
