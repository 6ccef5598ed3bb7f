import { defineJob } from "@/lib/jobs";
import { poolConfigFromEnv } from "@/lib/page/config";
import { CRAWL_PAGE_JOB, MAP_RENDER_JOB } from "./job-names";
import { runMapRender, type MapRenderJob } from "./map-render";
import { CRAWL_PAGE_RETRIES, runCrawlPage, type CrawlPageJob } from "./page-job";

/** One page of a crawl or batch (./page-job.ts), registered by the composition root (lib/server/job-catalog.ts). */
export const crawlPageJob = defineJob<CrawlPageJob>({
  name: CRAWL_PAGE_JOB,
  handler: async (job, ctx) => runCrawlPage(job, ctx.attempt),
  // A crash mid-visit is retried (the heartbeat brings a dead worker's page back); page-level
  // failures are handled, and busy hosts retried, inside runCrawlPage.
  retryLimit: CRAWL_PAGE_RETRIES,
  retryDelaySeconds: 2,
  retryBackoff: true,
  // As many as the browser pool has slots; the pool's fair queue shares them between organizations.
  concurrency: poolConfigFromEnv().concurrency,
  expireInSeconds: 15 * 60,
});

/** POST /map's rendered look at a start page (./map-render.ts): once, no retry (the map waits for it). */
export const mapRenderJob = defineJob<MapRenderJob>({
  name: MAP_RENDER_JOB,
  handler: async (job) => runMapRender(job),
  retryLimit: 0,
  concurrency: poolConfigFromEnv().concurrency,
  expireInSeconds: 120,
});
