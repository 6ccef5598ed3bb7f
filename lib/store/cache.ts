import { db } from "@/lib/db";
import { encodeResult } from "./encode";

/**
 * Result cache, one entry per operation result (so a scrape can reuse a cached screenshot and run
 * only the rest). Shared across projects: only public pages are fetched, and labels never enter it.
 */
export async function readCache(cacheKey: string, maxAgeSeconds: number, now = new Date()) {
  if (maxAgeSeconds <= 0) return null; // max_age 0 bypasses the cache
  const entry = await db().cacheEntry.findUnique({ where: { cacheKey } });
  if (!entry) return null;
  if (now.getTime() - entry.createdAt.getTime() > maxAgeSeconds * 1000) return null;
  return entry;
}

export async function writeCache(
  cacheKey: string,
  operation: string,
  value: unknown,
  contentType: string,
  client: Pick<ReturnType<typeof db>, "cacheEntry"> = db(),
): Promise<void> {
  const body = encodeResult(value, contentType);
  await client.cacheEntry.upsert({
    where: { cacheKey },
    create: { cacheKey, operation, body, contentType },
    update: { body, contentType, createdAt: new Date() },
  });
}
