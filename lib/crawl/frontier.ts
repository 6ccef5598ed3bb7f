import type { Prisma } from "@/lib/db";
import { enqueue } from "@/lib/jobs";
import { releaseSlot, reserveCredits, settleCredits } from "@/lib/billing/admission";
import { priceOf } from "@/lib/billing/prices";
import type { CrawlSpec } from "@/lib/schemas/crawl";
import { enqueueCrawlDelivery } from "@/lib/webhooks/enqueue";
import { CRAWL_PAGE_JOB } from "./job-names";

/**
 * A crawl's frontier and its scheduling, in the database (docs/architecture.md, "Crawl"). Every
 * step runs in ONE transaction that first locks the crawl's row, so steps of one crawl never
 * interleave, whichever process or worker takes them, and a crash leaves either the whole step or
 * nothing:
 *  - the frontier holds at most `pageLimit` returned pages, each URL once (a unique index on the
 *    crawl and the URL's one form), so the limit is exact and no URL is ever taken twice;
 *  - `pump` starts queued pages shallowest first (breadth first), at most `concurrency` at a time,
 *    reserving each page's credits and enqueueing its job in the same transaction;
 *  - a finished page is numbered (`finishedSeq`) under the lock, so numbers follow commit order
 *    and a cursor walking them never skips a page that commits late.
 */

type Tx = Prisma.TransactionClient;

export interface LockedCrawl {
  id: string;
  token: string;
  kind: "crawl" | "batch";
  projectId: string;
  organizationId: string;
  options: CrawlSpec;
  reportTo: string | null;
  status: "processing" | "complete" | "cancelled" | "failed";
  stoppedReason: string | null;
  pageLimit: number;
  maxDepth: number;
  concurrency: number;
  discovered: number;
  positions: number;
  running: number;
  completed: number;
  failed: number;
  creditsUsed: number;
  finishedSeq: number;
  finishedAt: Date | null;
}

/** The crawl's row, locked until the transaction ends; null when it does not exist. */
export async function lockCrawl(tx: Tx, id: string): Promise<LockedCrawl | null> {
  const rows = await tx.$queryRaw<LockedCrawl[]>`
    SELECT "id", "token", "kind"::text AS "kind", "projectId", "organizationId", "options", "reportTo",
           "status"::text AS "status", "stoppedReason", "pageLimit", "maxDepth", "concurrency",
           "discovered", "positions", "running", "completed", "failed", "creditsUsed", "finishedSeq",
           "finishedAt"
      FROM "Crawl" WHERE "id" = ${id} FOR UPDATE`;
  const row = rows[0];
  if (!row) return null;
  // jsonb comes back parsed from PostgreSQL, as text from some drivers: one shape either way.
  if (typeof row.options === "string") row.options = JSON.parse(row.options) as CrawlSpec;
  return row;
}

/** Writes the counters a step changed back to the locked row. */
export async function saveCrawl(tx: Tx, c: LockedCrawl): Promise<void> {
  await tx.crawl.update({
    where: { id: c.id },
    data: {
      status: c.status,
      stoppedReason: c.stoppedReason,
      discovered: c.discovered,
      positions: c.positions,
      running: c.running,
      completed: c.completed,
      failed: c.failed,
      creditsUsed: c.creditsUsed,
      finishedSeq: c.finishedSeq,
      finishedAt: c.finishedAt,
    },
  });
}

export interface FrontierUrl {
  url: string;
  depth: number;
}

/**
 * Adds URLs (already in their one form, in scope and allowed) to the frontier in the order given,
 * skipping those it holds, up to the crawl's limit. Returns how many were added.
 */
export async function addToFrontier(tx: Tx, c: LockedCrawl, urls: FrontierUrl[]): Promise<number> {
  const room = c.pageLimit - c.discovered;
  if (room <= 0 || !urls.length) return 0;
  const unique = [...new Map(urls.map((u) => [u.url, u])).values()];
  const held = await tx.crawlPage.findMany({
    where: { crawlId: c.id, urlKey: { in: unique.map((u) => u.url) } },
    select: { urlKey: true },
  });
  const known = new Set(held.map((h) => h.urlKey));
  const fresh = unique.filter((u) => !known.has(u.url)).slice(0, room);
  if (!fresh.length) return 0;
  // The unique index (crawlId, urlKey) is what guarantees "never twice"; the lock makes it quiet.
  await tx.crawlPage.createMany({
    data: fresh.map((u, i) => ({
      crawlId: c.id,
      position: c.positions + i,
      url: u.url,
      urlKey: u.url,
      depth: u.depth,
    })),
  });
  c.positions += fresh.length;
  c.discovered += fresh.length;
  return fresh.length;
}

/** What one page of this crawl costs, reserved when it starts (as a scrape of the same operations). */
export function pagePrice(spec: CrawlSpec): number {
  return priceOf(spec.page.operations, spec.page.residential);
}

/**
 * Starts queued pages while the crawl has room (concurrency), shallowest first; ends the crawl
 * when nothing runs and nothing can start. A free organization that cannot afford the next page
 * stops the crawl there (`stoppedReason: quota_exceeded`): never an overdraft.
 */
export async function pump(tx: Tx, c: LockedCrawl): Promise<void> {
  if (c.finishedAt) return;
  if (c.status === "processing" && !c.stoppedReason && c.running < c.concurrency) {
    const next = await tx.crawlPage.findMany({
      where: { crawlId: c.id, state: "queued" },
      orderBy: [{ depth: "asc" }, { position: "asc" }],
      take: c.concurrency - c.running,
      select: { id: true, returned: true },
    });
    for (const page of next) {
      const price = page.returned ? pagePrice(c.options) : 0;
      if (price > 0 && !(await reserveCredits(c.organizationId, price, tx))) {
        c.stoppedReason = "quota_exceeded";
        break;
      }
      await tx.crawlPage.update({
        where: { id: page.id },
        data: { state: "running", reserved: price, startedAt: new Date() },
      });
      await enqueue(CRAWL_PAGE_JOB, { pageId: page.id }, { tx });
      c.running++;
    }
  }
  if (c.status !== "processing" || c.stoppedReason) {
    // Cancelled or stopped: what has not started never will.
    await tx.crawlPage.updateMany({
      where: { crawlId: c.id, state: "queued" },
      data: { state: "cancelled" },
    });
  }
  if (c.running > 0) return;
  const queued = await tx.crawlPage.count({ where: { crawlId: c.id, state: "queued" } });
  if (queued === 0) await finish(tx, c);
}

/**
 * The crawl's end, once: its status (a crawl none of whose pages succeeded has failed), its slot
 * back to the organization, its completion delivery.
 */
async function finish(tx: Tx, c: LockedCrawl): Promise<void> {
  if (c.status === "processing") c.status = c.completed === 0 && c.failed > 0 ? "failed" : "complete";
  c.finishedAt = new Date();
  await releaseSlot(c.organizationId, tx);
  await saveCrawl(tx, c);
  await enqueueCrawlDelivery(tx, c);
}

export interface PageOutcome {
  ok: boolean;
  /** The operations as JSON text. */
  body: string | null;
  error?: string;
  errorCode?: string;
  cost: number;
}

/**
 * One page finished (or failed): its result, its credits settled, the links it found added, its
 * delivery recorded and the next pages started, all in one transaction. Does nothing when another
 * run of the same page finished it first (a retried job after a crash).
 */
export async function finishPage(
  tx: Tx,
  crawlId: string,
  pageId: string,
  outcome: PageOutcome,
  links: FrontierUrl[],
): Promise<void> {
  const c = await lockCrawl(tx, crawlId);
  if (!c) return;
  const moved = await tx.crawlPage.updateManyAndReturn({
    where: { id: pageId, state: "running" },
    data: {
      state: outcome.ok ? "complete" : "failed",
      body: outcome.body,
      bytes: outcome.body ? Buffer.byteLength(outcome.body) : 0,
      error: outcome.error ?? null,
      errorCode: outcome.errorCode ?? null,
      cost: outcome.ok ? outcome.cost : 0,
      finishedAt: new Date(),
    },
    select: { reserved: true, returned: true },
  });
  const page = moved[0];
  if (!page) return;
  const cost = outcome.ok ? outcome.cost : 0;
  c.running = Math.max(0, c.running - 1);
  await settleCredits(c.organizationId, c.token, page.reserved, cost, tx);
  if (page.returned) {
    c.finishedSeq++;
    await tx.crawlPage.update({ where: { id: pageId }, data: { finishedSeq: c.finishedSeq } });
    if (outcome.ok) c.completed++;
    else c.failed++;
    c.creditsUsed += cost;
    await enqueueCrawlDelivery(tx, c, pageId);
  }
  if (c.status === "processing" && !c.stoppedReason) await addToFrontier(tx, c, links);
  await pump(tx, c);
  await saveCrawl(tx, c);
}

/**
 * DELETE /crawl/{token}: no new page starts; pages being attempted finish and stay readable; pages
 * waiting for a busy host's retry (or their turn) end now, so the crawl ends as soon as the pages
 * under way do, not when a retry planned minutes ahead comes round.
 */
export async function cancelCrawl(tx: Tx, c: LockedCrawl): Promise<void> {
  if (c.finishedAt || c.status !== "processing") return;
  c.status = "cancelled";
  await dropWaitingPages(tx, c);
  await pump(tx, c);
  await saveCrawl(tx, c);
}

/** The waiting pages of a crawl that no longer runs: never fetched, so no entry; reservations back. */
async function dropWaitingPages(tx: Tx, c: LockedCrawl, pageId?: string): Promise<number> {
  const dropped = await tx.crawlPage.updateManyAndReturn({
    where: {
      crawlId: c.id,
      state: "running",
      ...(pageId ? { id: pageId } : { waitingUntil: { not: null } }),
    },
    data: { state: "cancelled", waitingUntil: null, finishedAt: new Date() },
    select: { reserved: true },
  });
  for (const page of dropped) {
    await settleCredits(c.organizationId, c.token, page.reserved, 0, tx);
    c.running = Math.max(0, c.running - 1);
  }
  return dropped.length;
}

/**
 * A running page is about to wait for its host (its retry is enqueued in the same transaction).
 * Returns false, and ends the page instead, when its crawl no longer runs (cancelled, or stopped).
 */
export async function markWaiting(tx: Tx, crawlId: string, pageId: string, until: number): Promise<boolean> {
  const c = await lockCrawl(tx, crawlId);
  if (!c) return false;
  if (c.status === "processing" && !c.finishedAt) {
    await tx.crawlPage.updateMany({
      where: { id: pageId, state: "running" },
      data: { waitingUntil: new Date(until) },
    });
    return true;
  }
  if (await dropWaitingPages(tx, c, pageId)) {
    await pump(tx, c);
    await saveCrawl(tx, c);
  }
  return false;
}
