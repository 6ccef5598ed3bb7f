import { db } from "@/lib/db";
import { encodeResult } from "./encode";

/**
 * Result cache, one entry per operation result (so a scrape can reuse a cached screenshot and run
 * only the rest). Shared across projects: only public pages are fetched, and labels never enter it.
 *
 * An entry written by a single-operation request holds no body of its own: it points at that
 * request's stored Result (`resultId`), so a body is stored once, and a cache hit can point at the
 * same row instead of copying it. Entries from a scrape keep their own body (the scrape's Result is
 * the envelope of several operations).
 */
export interface CacheHit {
  cacheKey: string;
  operation: string;
  contentType: string;
  createdAt: Date;
  /** The stored Result this entry is, when it is one; a hit of a single operation answers from it. */
  resultId: string | null;
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

/** The body of a hit (its own, or its Result's); null when it went away meanwhile. */
export async function cachedBody(hit: CacheHit): Promise<string | null> {
  const entry = await db().cacheEntry.findUnique({
    where: { cacheKey: hit.cacheKey },
    select: { body: true, result: { select: { body: true } } },
  });
  return entry?.body ?? entry?.result?.body ?? null;
}

/** Stores an operation's fresh result: as a pointer to `resultId` when given, else as its own body. */
export async function writeCache(
  cacheKey: string,
  operation: string,
  value: unknown,
  contentType: string,
  client: Pick<ReturnType<typeof db>, "cacheEntry"> = db(),
  resultId?: string,
): Promise<void> {
  const body = resultId ? null : encodeResult(value, contentType);
  const data = { body, contentType, resultId: resultId ?? null };
  await client.cacheEntry.upsert({
    where: { cacheKey },
    create: { cacheKey, operation, ...data },
    update: { ...data, createdAt: new Date() },
  });
}
