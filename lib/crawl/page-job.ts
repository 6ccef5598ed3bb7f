import { db } from "@/lib/db";
import { enqueue, transaction } from "@/lib/jobs";
import { failureSentence, OperationFailure } from "@/lib/failures";
import { chargeFor } from "@/lib/billing/prices";
import { contentTypeOf } from "@/lib/operations/format";
import { executeOperations, type Outcome } from "@/lib/runner/execute";
import { asFailure, visitPolitely } from "@/lib/runner/polite-visit";
import { retryWindowMs } from "@/lib/runner/run-request";
import type { CrawlSpec } from "@/lib/schemas/crawl";
import type { RunSpec } from "@/lib/schemas/run-spec";
import { writeCache } from "@/lib/store/cache";
import { cacheKeyFor } from "@/lib/store/keys";
import { pageLinks, RobotsBook, sitemapLinks } from "./discover";
import { finishPage, markWaiting, type FrontierUrl, type PageOutcome } from "./frontier";
import { CRAWL_PAGE_JOB, type CrawlPageJob } from "./job-names";
import { linksInPage } from "./links";
import { Scope } from "./urls";

export type { CrawlPageJob };

interface StartedPage {
  crawlId: string;
  url: string;
  depth: number;
  returned: boolean;
  startedAt: Date;
  kind: "crawl" | "batch";
  startUrl: string | null;
  options: CrawlSpec | string;
  organizationId: string;
  robotsPolicy: string;
}

/** Counts the attempt and loads what the run needs; null when the page is no longer running. */
async function startPage(pageId: string): Promise<StartedPage | null> {
  // A run is under way: the page no longer waits (cancel now lets it finish, as any running page).
  const rows = await db().$queryRaw<StartedPage[]>`
    UPDATE "CrawlPage" p SET "attempts" = p."attempts" + 1, "waitingUntil" = NULL
      FROM "Crawl" c, "Project" pr
     WHERE p."id" = ${pageId} AND p."state" = 'running' AND c."id" = p."crawlId" AND pr."id" = c."projectId"
 RETURNING p."crawlId", p."url", p."depth", p."returned", p."startedAt", c."kind"::text AS "kind",
           c."url" AS "startUrl", c."options", c."organizationId", pr."robotsPolicy"::text AS "robotsPolicy"`;
  return rows[0] ?? null;
}

/** The engine's own retries of a crashed attempt (./jobs.ts); the last one records the page as failed. */
export const CRAWL_PAGE_RETRIES = 5;

/**
 * One page of a crawl or batch: the same busy-host rules, visit and operations as a single scrape
 * (lib/runner), in the organization's own browser context and fair share of the slots; then its
 * result, charge and links go to the frontier in one transaction (./frontier.ts). A crawl always
 * obeys robots.txt (and its Crawl-delay); a batch follows the project's setting, as its single
 * requests would.
 */
export async function runCrawlPage(job: CrawlPageJob, attempt = 1): Promise<void> {
  const page = await startPage(job.pageId);
  if (!page) return; // finished by an earlier run, or never started
  try {
    await runStartedPage(job, page);
  } catch (err) {
    // Ours, not the page's (the database went away mid-step…): the engine retries the job; the
    // last retry records the page as failed so the crawl can still end.
    if (attempt <= CRAWL_PAGE_RETRIES) throw err;
    const failure = asFailure(err);
    await transaction((tx) =>
      finishPage(tx, page.crawlId, job.pageId, failedOutcome(failure, specOf(page)), []),
    );
  }
}

function specOf(page: StartedPage): CrawlSpec {
  return typeof page.options === "string" ? (JSON.parse(page.options) as CrawlSpec) : page.options;
}

async function runStartedPage(job: CrawlPageJob, page: StartedPage): Promise<void> {
  const spec = specOf(page);
  const crawling = page.kind === "crawl";
  const scope = crawling ? new Scope(new URL(page.startUrl!), spec.scope) : null;
  const robots = new RobotsBook();
  const target = new URL(page.url);
  const followLinks = crawling && page.depth < spec.maxDepth;
  let found: string[] = [];

  if (!page.returned) {
    // The start page that include/exclude leave out: read for its links only, never returned.
    found = followLinks ? await pageLinks(target, page.organizationId).catch(() => []) : [];
    const links = followLinks ? await frontierUrls(scope!, robots, page, spec, found) : [];
    return transaction((tx) =>
      finishPage(tx, page.crawlId, job.pageId, { ok: true, body: null, cost: 0 }, links),
    );
  }

  const runSpec: RunSpec = { ...spec.page, url: page.url };
  const spacingMs = crawling ? (await robots.rules(target)).crawlDelayMs : 0;
  const step = await visitPolitely({
    url: page.url,
    job,
    deadline: new Date(page.startedAt).getTime() + retryWindowMs(),
    robots: crawling || page.robotsPolicy === "follow",
    spacingMs,
    again: async (next, lane) => {
      const delaySeconds = lane?.at === undefined ? 0 : Math.max(1, Math.ceil((lane.at - Date.now()) / 1000));
      await transaction(async (tx) => {
        // Marked as waiting under the crawl's lock: a cancel either came first (the page ends now,
        // no retry is queued) or comes later and sees the mark (./frontier.ts dropWaitingPages).
        if (!(await markWaiting(tx, page.crawlId, job.pageId, lane?.at ?? Date.now()))) return;
        await enqueue(
          CRAWL_PAGE_JOB,
          { pageId: job.pageId, ...next, lane: Boolean(lane) },
          lane ? { delaySeconds, singletonKey: `host:${lane.host}`, tx } : { tx },
        );
      });
    },
    attempt: () =>
      executeOperations(
        runSpec,
        page.organizationId,
        followLinks ? async (snap) => void (found = await linksInPage(snap.page)) : undefined,
      ),
  });
  if (step.kind === "later") return;
  const outcome: Outcome = step.kind === "done" ? step.value : { ok: false, failure: step.failure };
  const links = followLinks ? await frontierUrls(scope!, robots, page, spec, found) : [];
  if (!outcome.ok) {
    return transaction((tx) =>
      finishPage(tx, page.crawlId, job.pageId, failedOutcome(outcome.failure, spec), links),
    );
  }
  await writeFreshToCache(runSpec, outcome);
  const fresh = [...outcome.results].filter(([, r]) => r.fresh).map(([op]) => op);
  const operations = Object.fromEntries(
    runSpec.operations.map((op) => {
      const { code: _code, fresh: _fresh, producedBy: _by, ...r } = outcome.results.get(op)!;
      return [op, r];
    }),
  );
  const result: PageOutcome = {
    ok: true,
    body: JSON.stringify(operations),
    cost: chargeFor(fresh, runSpec.residential, outcome.visits),
  };
  await transaction((tx) => finishPage(tx, page.crawlId, job.pageId, result, links));
}

/** A page that failed: every operation carries the failure's sentence (docs/spec.md §7.4). */
function failedOutcome(failure: OperationFailure, spec: CrawlSpec): PageOutcome {
  const error = failureSentence(failure.code, spec.kind);
  const each = { success: false, error, code: failure.code, cached: false };
  return {
    ok: false,
    body: JSON.stringify(Object.fromEntries(spec.page.operations.map((op) => [op, each]))),
    error,
    errorCode: failure.code,
    cost: 0,
  };
}

/**
 * The links a page found, as frontier entries one level deeper: in scope, in their one form,
 * allowed by robots.txt. The start page adds its site's sitemap (its pages count as depth 1).
 */
async function frontierUrls(
  scope: Scope,
  robots: RobotsBook,
  page: StartedPage,
  spec: CrawlSpec,
  found: string[],
): Promise<FrontierUrl[]> {
  let candidates = found;
  if (page.depth === 0) {
    const deadline = Date.now() + 30_000;
    const listed = await sitemapLinks(scope.start, robots, Math.min(spec.limit * 4, 50_000), deadline);
    candidates = [...found, ...listed];
  }
  const out: FrontierUrl[] = [];
  const seen = new Set<string>();
  for (const href of candidates) {
    if (out.length >= spec.limit) break;
    const url = scope.take(href, page.url);
    if (!url || seen.has(url.href)) continue;
    seen.add(url.href);
    if (await robots.allowed(url)) out.push({ url: url.href, depth: page.depth + 1 });
  }
  return out;
}

/** Fresh results serve later requests from the cache, as a scrape's do (best effort). */
async function writeFreshToCache(spec: RunSpec, outcome: Extract<Outcome, { ok: true }>): Promise<void> {
  for (const [op, r] of outcome.results) {
    if (!r.fresh) continue;
    await writeCache(cacheKeyFor(op, spec), op, r.result, contentTypeOf(op)).catch((err: Error) =>
      console.error(`[crawl] cache write failed: ${err.message}`),
    );
  }
}
