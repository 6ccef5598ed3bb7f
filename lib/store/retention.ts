import { db } from "@/lib/db";
import { MAX_AGE_LIMIT_S } from "@/lib/schemas/request";
import { purgeExpiredResults, RESULT_RETENTION_MS } from "./results";
import { singleton } from "@/lib/singleton";

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
