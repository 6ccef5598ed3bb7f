import type { CrawlPageEntry } from "@/lib/schemas/crawl";

/**
 * How a crawl's or batch's finished page is stored and shown: one shape for GET /crawl/{token},
 * GET /batch/{token} and the `crawl.page` / `batch.page` webhook deliveries.
 */

/** The columns of a finished CrawlPage an entry is made of. */
export interface StoredCrawlPage {
  url: string;
  position: number;
  depth: number;
  state: string;
  /** The operations as JSON text ({<op>: {success, result, error, cached}}). */
  body: string | null;
  error: string | null;
  errorCode: string | null;
  cost: number;
}

export function crawlPageEntry(page: StoredCrawlPage, kind: "crawl" | "batch"): CrawlPageEntry {
  const failed = page.state !== "complete";
  return {
    url: page.url,
    ...(kind === "crawl" ? { depth: page.depth } : { index: page.position }),
    status: failed ? "failed" : "complete",
    operations: page.body ? (JSON.parse(page.body) as CrawlPageEntry["operations"]) : {},
    ...(failed && page.error ? { error: page.error } : {}),
    ...(failed && page.errorCode ? { code: page.errorCode } : {}),
    cost: page.cost,
  };
}

/** The counters of a Crawl row an answer or a delivery reports. */
export interface StoredCrawlCounts {
  status: string;
  stoppedReason: string | null;
  discovered: number;
  completed: number;
  failed: number;
  creditsUsed: number;
}

/** total, completed, failed, credits_used (and why it stopped early) as the API reports them. */
export function crawlCounts(c: StoredCrawlCounts) {
  const done = c.completed + c.failed;
  return {
    ...(c.stoppedReason === "quota_exceeded" && { stopped_reason: "quota_exceeded" as const }),
    // While it runs, every page in the frontier will be returned; once ended, those that were.
    total: c.status === "processing" ? Math.max(c.discovered, done) : done,
    completed: c.completed,
    failed: c.failed,
    credits_used: c.creditsUsed,
  };
}
