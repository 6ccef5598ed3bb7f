import { jobName } from "@/lib/jobs";
import type { VisitJobState } from "@/lib/requests/job";

/**
 * The crawl jobs' names and payloads, beside their definitions (./jobs.ts), in a module of their
 * own so the frontier and the map can enqueue them without loading the handlers (and without an
 * import circle); every `enqueue` of them is checked against the payload's type.
 */

/** What a crawl-page job carries: the page, and where its busy-host retries stand. */
export interface CrawlPageJob extends VisitJobState {
  pageId: string;
}

/** What a map's rendered look at its start page carries (./map-render.ts). */
export interface MapRenderJob {
  token: string;
  url: string;
  organization: string;
}

export const CRAWL_PAGE_JOB = jobName<CrawlPageJob>("crawl-page");
export const MAP_RENDER_JOB = jobName<MapRenderJob>("map-render");
