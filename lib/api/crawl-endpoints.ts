import crypto from "node:crypto";
import { transaction } from "@/lib/jobs";
import type { ApiCaller } from "@/lib/auth/authenticate";
import { admit, remainingCredits, rollOverPeriodIfDue, settle, usageOf } from "@/lib/billing/admission";
import { acceptCrawl } from "@/lib/crawl/accept";
import { mapSite } from "@/lib/crawl/discover";
import { cancelCrawl, lockCrawl } from "@/lib/crawl/frontier";
import { parseCursor, readCrawl } from "@/lib/crawl/read";
import { Scope } from "@/lib/crawl/urls";
import { db } from "@/lib/db";
import { OperationFailure } from "@/lib/failures";
import { clientError, failureBody } from "@/lib/errors";
import { readJsonBody } from "./read-body";
import { json } from "./respond";
import { validateIdempotencyKey } from "./validate";
import { validateBatch, validateCrawl, validateMap } from "./validate-crawl";
import { withApiKey } from "./with-api-key";

/**
 * The whole-site endpoints (docs/spec-extensions.md): POST /map (sync, 1 credit), POST /crawl and
 * POST /batch (always async), GET and DELETE /crawl/{token} and /batch/{token}. Same front door as
 * the operations (withApiKey: bearer key, rate limit, errors from the one table), JSON body.
 */

export type SiteKind = "crawl" | "batch";
type Kind = SiteKind;
type TokenContext = { params: Promise<{ token: string }> };

/** POST /map costs this, once the map is made. */
export const MAP_CREDITS = 1;
/** How long a map may look (robots.txt, sitemaps, the start page) before answering with what it found. */
const MAP_BUDGET_MS = 45_000;

function usageHeaders(
  cost: number,
  usage: { monthlyCredits: number; creditsUsed: number; creditsReserved: number; concurrencyLimit: number },
) {
  return {
    "X-Quota-Cost": String(cost),
    "X-Quota-Remaining": String(remainingCredits(usage)),
    "X-Concurrency-Limit": String(usage.concurrencyLimit),
  };
}

/** POST /map: the site's URLs, found without rendering where possible. */
export function mapEndpoint() {
  return withApiKey(async (who, req) => runMap(who, await readJsonBody(req)));
}

/** POST /map's work for an authenticated caller (also the Playground's, signed in by session). */
export async function runMap(who: ApiCaller, body: unknown): Promise<Response> {
  const { start, scope, limit } = validateMap(body);
  const organizationId = who.project.organizationId;
  await rollOverPeriodIfDue(organizationId, who.project.organization.periodStart);
  const token = `map_${crypto.randomBytes(16).toString("base64url")}`;
  // A parallel-request slot and the credit, like any request; settled whatever happens.
  await admit(organizationId, MAP_CREDITS);
  let links: string[];
  try {
    links = await mapSite({
      scope: new Scope(start, scope),
      limit,
      organization: organizationId,
      deadline: Date.now() + MAP_BUDGET_MS,
    });
  } catch (err) {
    await settle(organizationId, token, MAP_CREDITS, 0);
    if (err instanceof OperationFailure) return json(failureBody(err.code), 422);
    throw err;
  }
  const usage = await settle(organizationId, token, MAP_CREDITS, MAP_CREDITS);
  return json({ url: start.href, links }, 200, usageHeaders(MAP_CREDITS, usage));
}

/** POST /crawl and POST /batch: accepted at once, followed with GET /{kind}/{token}. */
export function startEndpoint(kind: Kind) {
  return withApiKey(async (who, req) => {
    const idempotencyKey = validateIdempotencyKey(req.headers.get("idempotency-key"));
    return runStart(kind, who, await readJsonBody(req), idempotencyKey);
  });
}

/** POST /{kind}'s work for an authenticated caller. */
export async function runStart(
  kind: Kind,
  who: ApiCaller,
  body: unknown,
  idempotencyKey: string | undefined,
): Promise<Response> {
  const valid = kind === "crawl" ? validateCrawl(body) : validateBatch(body);
  const accepted = await acceptCrawl(
    {
      projectId: who.projectId,
      organizationId: who.project.organizationId,
      periodStart: who.project.organization.periodStart,
    },
    valid,
    idempotencyKey,
  );
  // A replay started nothing: the usage is read as it stands.
  const usage = accepted.usage ?? (await usageOf(who.project.organizationId));
  return json(
    { token: accepted.token, status: "accepted", ...(valid.labels && { labels: valid.labels }) },
    200,
    usageHeaders(0, usage),
  );
}

/** GET /{kind}/{token}?cursor=…: progress and the next finished pages. */
export function statusEndpoint(kind: Kind) {
  return withApiKey<TokenContext>(async (who, req, ctx) => {
    const { token } = await ctx.params;
    return runStatus(kind, who.projectId, token, new URL(req.url).searchParams.get("cursor"));
  });
}

/** GET /{kind}/{token}'s work for a project already checked. */
export async function runStatus(
  kind: Kind,
  projectId: string,
  token: string,
  rawCursor: string | null,
): Promise<Response> {
  const cursor = parseCursor(rawCursor);
  if (cursor === null)
    throw clientError.invalidOptions(
      "cursor is not one this API gave out. Pass the `next` value of the previous answer, or leave it out to start from the first page.",
    );
  const status = await readCrawl(projectId, kind, token, cursor);
  if (!status) throw notFound(kind);
  if (status === "expired") throw clientError.expired(token);
  return json(status);
}

/** DELETE /{kind}/{token}: no new page starts; pages already fetched stay readable. */
export function cancelEndpoint(kind: Kind) {
  return withApiKey<TokenContext>(async (who, _req, ctx) => {
    const { token } = await ctx.params;
    return runCancel(kind, who.projectId, token);
  });
}

/** DELETE /{kind}/{token}'s work for a project already checked. */
export async function runCancel(kind: Kind, projectId: string, token: string): Promise<Response> {
  const row = await db().crawl.findUnique({
    where: { token },
    select: { id: true, projectId: true, kind: true },
  });
  if (!row || row.projectId !== projectId || row.kind !== kind) throw notFound(kind);
  const status = await transaction(async (tx) => {
    const c = (await lockCrawl(tx, row.id))!;
    await cancelCrawl(tx, c);
    return c.status;
  });
  return json({ token, status });
}

function notFound(kind: Kind) {
  return clientError.notFoundWith(`No ${kind} with this token under this project.`);
}
