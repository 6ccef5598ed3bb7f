import crypto from "node:crypto";
import { db, Prisma } from "@/lib/db";
import { clientError } from "@/lib/errors";
import { transaction } from "@/lib/jobs";
import { admit, rollOverPeriodIfDue, settleCredits, type OrgUsage } from "@/lib/billing/admission";
import type { CrawlSpec } from "@/lib/schemas/crawl";
import { lockCrawl, pagePrice, pump, saveCrawl } from "./frontier";
import { Scope } from "./urls";

/**
 * POST /crawl and POST /batch after validation: the crawl takes ONE of the organization's
 * parallel-request slots for its whole run (a free organization must also afford its first page,
 * else 429 quota_exceeded), its row and its first pages are written and those pages' jobs enqueued,
 * all in one transaction.
 */

export interface CrawlCaller {
  projectId: string;
  organizationId: string;
  periodStart: Date;
}

export interface NewCrawl {
  spec: CrawlSpec;
  /** crawl: the start URL (one form); batch: the URLs in the order given. */
  urls: string[];
  labels?: Record<string, string>;
  reportTo?: string;
}

/** As for the operations (docs/spec.md §3 rule 2): a key sent again within 24 h answers the first crawl. */
const IDEMPOTENCY_WINDOW_MS = 24 * 3600 * 1000;

function requestHash(c: NewCrawl): string {
  return crypto.createHash("sha256").update(JSON.stringify(c)).digest("hex");
}

/** The crawl an earlier POST with this key started (null when none in the window); 422 on a reuse. */
async function replayOf(projectId: string, key: string, hash: string): Promise<string | null> {
  const prior = await db().crawl.findUnique({
    where: { projectId_idempotencyKey: { projectId, idempotencyKey: key } },
    select: { id: true, token: true, requestHash: true, createdAt: true },
  });
  if (!prior) return null;
  if (Date.now() - prior.createdAt.getTime() > IDEMPOTENCY_WINDOW_MS) {
    // Past the window the key may start a new crawl: detach it from the old one.
    await db().crawl.update({ where: { id: prior.id }, data: { idempotencyKey: null } });
    return null;
  }
  if (prior.requestHash !== hash) throw clientError.idempotencyKeyReused();
  return prior.token;
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === "P2002" || /Unique constraint|duplicate key/i.test(e?.message ?? "");
}

export function newCrawlToken(kind: "crawl" | "batch"): string {
  return `${kind}_${crypto.randomBytes(16).toString("base64url")}`;
}

export async function acceptCrawl(
  caller: CrawlCaller,
  c: NewCrawl,
  idempotencyKey?: string,
): Promise<{ token: string; usage?: OrgUsage }> {
  const hash = requestHash(c);
  if (idempotencyKey) {
    const replay = await replayOf(caller.projectId, idempotencyKey, hash);
    if (replay) return { token: replay };
  }
  try {
    return await startCrawl(caller, c, idempotencyKey, hash);
  } catch (err) {
    // Another POST with the same key won the race: answer as its replay.
    if (idempotencyKey && isUniqueViolation(err)) {
      const replay = await replayOf(caller.projectId, idempotencyKey, hash);
      if (replay) return { token: replay };
    }
    throw err;
  }
}

async function startCrawl(
  caller: CrawlCaller,
  c: NewCrawl,
  idempotencyKey: string | undefined,
  hash: string,
): Promise<{ token: string; usage: OrgUsage }> {
  const { spec } = c;
  const token = newCrawlToken(spec.kind);
  const price = pagePrice(spec);
  await rollOverPeriodIfDue(caller.organizationId, caller.periodStart);
  const usage = await transaction(async (tx) => {
    const admitted = await admit(caller.organizationId, price, tx);
    // The check is what admit was for: each page reserves its own credits when it starts.
    await settleCredits(caller.organizationId, token, price, 0, tx);
    // The start page is always read for links; it is returned only when include/exclude take it.
    const start = new URL(c.urls[0]);
    const startReturned = spec.kind === "batch" || new Scope(start, spec.scope).pathWanted(start);
    const pages: Prisma.CrawlPageCreateWithoutCrawlInput[] =
      spec.kind === "crawl"
        ? [{ position: 0, url: c.urls[0], urlKey: c.urls[0], depth: 0, returned: startReturned }]
        : c.urls.map((url, position) => ({ position, url }));
    const discovered = pages.filter((p) => p.returned !== false).length;
    const row = await tx.crawl.create({
      data: {
        token,
        kind: spec.kind,
        projectId: caller.projectId,
        organizationId: caller.organizationId,
        url: spec.kind === "crawl" ? c.urls[0] : null,
        options: spec as unknown as Prisma.InputJsonValue,
        labels: c.labels ?? Prisma.JsonNull,
        reportTo: c.reportTo ?? null,
        idempotencyKey: idempotencyKey ?? null,
        requestHash: hash,
        pageLimit: spec.limit,
        maxDepth: spec.maxDepth,
        concurrency: Math.max(1, admitted.concurrencyLimit),
        discovered,
        positions: pages.length,
        pages: { create: pages },
      },
      select: { id: true },
    });
    const locked = (await lockCrawl(tx, row.id))!;
    await pump(tx, locked);
    await saveCrawl(tx, locked);
    return admitted;
  });
  return { token, usage };
}
