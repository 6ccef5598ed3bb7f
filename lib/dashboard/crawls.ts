import { db, type Prisma } from "@/lib/db";

/**
 * A project's crawls and batches for the dashboard (table Crawl, lib/crawl): newest first, with
 * what the list shows; and one crawl's pages with their state for its detail page.
 */
export const CRAWL_LIST_SIZE = 50;
export const CRAWL_DETAIL_PAGES = 500;

export interface CrawlRow {
  token: string;
  kind: "crawl" | "batch";
  url: string | null;
  urlCount: number;
  status: string;
  stoppedReason: string | null;
  total: number;
  completed: number;
  failed: number;
  creditsUsed: number;
  labels: Record<string, string> | null;
  createdAt: Date;
  finishedAt: Date | null;
}

const ROW_SELECT = {
  token: true,
  kind: true,
  url: true,
  status: true,
  stoppedReason: true,
  pageLimit: true,
  discovered: true,
  completed: true,
  failed: true,
  creditsUsed: true,
  labels: true,
  createdAt: true,
  finishedAt: true,
} satisfies Prisma.CrawlSelect;

type Selected = Prisma.CrawlGetPayload<{ select: typeof ROW_SELECT }>;

function toRow(c: Selected): CrawlRow {
  return {
    token: c.token,
    kind: c.kind,
    url: c.url,
    // A batch's pages are all known at once (discovered = its URL count).
    urlCount: c.discovered,
    status: c.status,
    stoppedReason: c.stoppedReason,
    total: c.discovered,
    completed: c.completed,
    failed: c.failed,
    creditsUsed: c.creditsUsed,
    labels: (c.labels as Record<string, string> | null) ?? null,
    createdAt: c.createdAt,
    finishedAt: c.finishedAt,
  };
}

export async function projectCrawls(projectId: string): Promise<CrawlRow[]> {
  const rows = await db().crawl.findMany({
    where: { projectId },
    orderBy: { createdAt: "desc" },
    take: CRAWL_LIST_SIZE,
    select: ROW_SELECT,
  });
  return rows.map(toRow);
}

export async function projectCrawl(projectId: string, token: string) {
  const crawl = await db().crawl.findUnique({
    where: { token },
    select: { ...ROW_SELECT, id: true, projectId: true },
  });
  if (!crawl || crawl.projectId !== projectId) return null;
  const pages = await db().crawlPage.findMany({
    where: { crawlId: crawl.id, returned: true },
    orderBy: { position: "asc" },
    take: CRAWL_DETAIL_PAGES,
    select: { position: true, url: true, depth: true, state: true, cost: true, error: true, errorCode: true },
  });
  return { crawl: toRow(crawl), pages };
}
