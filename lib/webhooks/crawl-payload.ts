import type { CrawlCompletedWebhook, CrawlPageWebhook } from "@/lib/schemas/crawl";
import {
  crawlCounts,
  crawlPageEntry,
  type StoredCrawlCounts,
  type StoredCrawlPage,
} from "@/lib/store/crawl-pages";

/**
 * A crawl's or batch's deliveries (docs/spec-extensions.md): `crawl.page` / `batch.page` for each
 * finished page, as GET /crawl/{token} lists it; `crawl.completed` / `batch.completed` at the end
 * with the token, the status, the counts and the labels.
 */

interface CrawlRow extends StoredCrawlCounts {
  token: string;
  kind: "crawl" | "batch";
  labels: unknown;
}

export function crawlPayload(
  crawl: CrawlRow,
  page: StoredCrawlPage | null,
): CrawlPageWebhook | CrawlCompletedWebhook {
  const labels = crawl.labels ? { labels: crawl.labels as Record<string, string> } : {};
  const timestamp = new Date().toISOString();
  if (page) {
    return {
      type: `${crawl.kind}.page`,
      timestamp,
      data: { token: crawl.token, ...crawlPageEntry(page, crawl.kind), ...labels },
    };
  }
  return {
    type: `${crawl.kind}.completed`,
    timestamp,
    data: {
      token: crawl.token,
      status:
        crawl.status === "processing" ? "complete" : (crawl.status as "complete" | "cancelled" | "failed"),
      ...crawlCounts(crawl),
      ...labels,
    },
  };
}
