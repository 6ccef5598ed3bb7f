import { config } from "@/lib/config";
import { db } from "@/lib/db";
import type { CrawlStatus } from "@/lib/schemas/crawl";
import { crawlCounts, crawlPageEntry } from "@/lib/store/crawl-pages";
import { RESULT_RETENTION_MS } from "@/lib/requests/retention";

/**
 * GET /crawl/{token} and GET /batch/{token}: the progress and the next finished pages after the
 * cursor, at most pageEntries() (100) or about MAX_RESPONSE_BYTES of results (always at least one page).
 *  - crawl: pages in the order they finished (their `finishedSeq`, handed out under the crawl's
 *    lock, so a page that commits late is never skipped);
 *  - batch: one entry per URL in the order given; an answer stops before the first URL still
 *    running, so the cursor never passes a page that has yet to finish.
 * `next` is null once the crawl has ended and every page was returned. A crawl that ended more than
 * 30 days ago is "expired" (its pages are purged, as results are: docs/spec.md §8).
 */

/** 100 pages an answer (CRAWL_RESPONSE_PAGES lowers it, so tests can page through a small crawl). */
export function pageEntries(): number {
  return config().CRAWL_RESPONSE_PAGES; // clamped to 1..100 by lib/config
}
export const MAX_RESPONSE_BYTES = 10 * 1024 * 1024;

/** The cursor is opaque to clients; it holds where the next answer starts. */
export function parseCursor(raw: string | null): number | null {
  if (raw === null || raw === "") return 0;
  return /^\d{1,10}$/.test(raw) ? Number(raw) : null;
}

const PAGE_COLUMNS = {
  url: true,
  position: true,
  depth: true,
  state: true,
  body: true,
  error: true,
  errorCode: true,
  cost: true,
  bytes: true,
  finishedSeq: true,
} as const;

export async function readCrawl(
  projectId: string,
  kind: "crawl" | "batch",
  token: string,
  cursor: number,
  now = new Date(),
): Promise<CrawlStatus | "expired" | null> {
  const crawl = await db().crawl.findUnique({ where: { token } });
  if (!crawl || crawl.projectId !== projectId || crawl.kind !== kind) return null;
  if (crawl.finishedAt && now.getTime() - crawl.finishedAt.getTime() > RESULT_RETENTION_MS) return "expired";
  const ended = crawl.finishedAt !== null;
  const take = pageEntries();
  const rows =
    kind === "crawl"
      ? await db().crawlPage.findMany({
          where: { crawlId: crawl.id, finishedSeq: { gt: cursor } },
          orderBy: { finishedSeq: "asc" },
          take,
          select: PAGE_COLUMNS,
        })
      : await db().crawlPage.findMany({
          where: { crawlId: crawl.id, position: { gte: cursor } },
          orderBy: { position: "asc" },
          take,
          select: PAGE_COLUMNS,
        });
  const data: CrawlStatus["data"] = [];
  let bytes = 0;
  let next = cursor;
  let cut = false;
  for (const row of rows) {
    if (row.state === "queued" || row.state === "running") {
      cut = true; // batch: wait for this one before any after it
      break;
    }
    if (data.length && bytes + row.bytes > MAX_RESPONSE_BYTES) {
      cut = true;
      break;
    }
    next = kind === "crawl" ? row.finishedSeq! : row.position + 1;
    if (row.state === "cancelled") continue; // never started: no entry
    bytes += row.bytes;
    data.push(crawlPageEntry(row, kind));
  }
  const more = cut || rows.length === take;
  return {
    token: crawl.token,
    status: crawl.status,
    ...crawlCounts(crawl),
    ...(crawl.labels ? { labels: crawl.labels as Record<string, string> } : {}),
    data,
    next: ended && !more ? null : String(next),
  };
}
