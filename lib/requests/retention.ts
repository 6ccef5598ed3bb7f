import { db } from "@/lib/db";
import { MAX_AGE_LIMIT_S } from "@/lib/schemas/request";
import { singleton } from "@/lib/singleton";

/** Results are kept 30 days (docs/spec.md §4.2, §8); after that the body is purged and the record kept, so GET answers 410. */
export const RESULT_RETENTION_MS = 30 * 24 * 3600 * 1000;

/**
 * Housekeeping: result bodies past 30 days are purged (their tokens then answer 410), so are the
 * pages of crawls and batches that ended more than 30 days ago, and cache entries older than the
 * largest max_age any request may ask for are deleted (and maps' render rows left by a crash).
 */
export async function runRetention(
  now = new Date(),
): Promise<{ purgedResults: number; purgedCrawlPages: number; deletedCacheEntries: number }> {
  const purgedResults = await purgeExpiredResults(now);
  const { count: purgedCrawlPages } = await db().crawlPage.updateMany({
    where: {
      body: { not: null },
      crawl: { finishedAt: { lt: new Date(now.getTime() - RESULT_RETENTION_MS) } },
    },
    data: { body: null, bytes: 0 },
  });
  const { count: deletedCacheEntries } = await db().cacheEntry.deleteMany({
    where: { createdAt: { lt: new Date(now.getTime() - MAX_AGE_LIMIT_S * 1000) } },
  });
  // A map's render row outlives its map only when the map's process died while waiting (lib/crawl/map-render.ts).
  await db().mapRender.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - 3600_000) } } });
  return { purgedResults, purgedCrawlPages, deletedCacheEntries };
}

/** Runs retention now and then hourly in this process (every process may; the work is idempotent). */
export function scheduleRetention(intervalMs = 3600_000): void {
  singleton("retentionTimer", () => {
    const run = () => void runRetention().catch((err) => console.error("[retention]", err));
    run();
    return setInterval(run, intervalMs).unref();
  });
}

/**
 * Deletes result bodies past retention; the request rows stay so their tokens answer 410. A body
 * that a younger cache hit still answers from is kept until that hit's own 30 days are over, so
 * every token answers with its result for its full 30 days.
 */
export async function purgeExpiredResults(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - RESULT_RETENTION_MS);
  const { count } = await db().result.updateMany({
    where: {
      purgedAt: null,
      request: { createdAt: { lt: cutoff } },
      answers: { none: { createdAt: { gte: cutoff } } },
    },
    data: { body: null, purgedAt: now },
  });
  return count;
}
