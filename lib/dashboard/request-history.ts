import { db, type Prisma } from "@/lib/db";
import { ENDPOINTS } from "@/lib/schemas/operations";
import { REQUEST_ROW_SELECT } from "./projects";
import { untilAllWritten, untilWritten } from "@/lib/requests/hit-rows";

/**
 * A project's request history: filters from the page's query string, a page of rows, and usage by
 * operation. Filters are read leniently (an unknown value is ignored, not an error page): they come
 * from a URL the user may have edited or bookmarked.
 */
export const OUTCOMES = ["queued", "processing", "complete", "failed"] as const;
export type Outcome = (typeof OUTCOMES)[number];
export const SOURCES = ["api", "playground", "mcp"] as const;
export type Source = (typeof SOURCES)[number];
export const HISTORY_PAGE_SIZE = 25;

export interface HistoryFilters {
  operation?: string;
  outcome?: Outcome;
  source?: Source;
  /** UTC days, YYYY-MM-DD, both inclusive. */
  from?: string;
  to?: string;
  /** A URL fragment, a token, or `key=value` for a label. */
  q?: string;
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() || undefined;
const validDay = (v: string | undefined) =>
  v && DAY.test(v) && !Number.isNaN(Date.parse(v)) ? v : undefined;

export function parseHistoryFilters(sp: Record<string, string | string[] | undefined>): HistoryFilters {
  const operation = first(sp.operation);
  const outcome = first(sp.outcome);
  const source = first(sp.source);
  const page = Number.parseInt(first(sp.page) ?? "1", 10);
  return {
    ...(operation && (ENDPOINTS as readonly string[]).includes(operation) && { operation }),
    ...(outcome && (OUTCOMES as readonly string[]).includes(outcome) && { outcome: outcome as Outcome }),
    ...(source && (SOURCES as readonly string[]).includes(source) && { source: source as Source }),
    ...(validDay(first(sp.from)) && { from: first(sp.from) }),
    ...(validDay(first(sp.to)) && { to: first(sp.to) }),
    ...(first(sp.q) && { q: first(sp.q)!.slice(0, 500) }),
    page: Number.isFinite(page) && page > 0 ? Math.min(page, 10_000) : 1,
  };
}

/** The same filters as a query string (for paging links), without `page`. */
export function filterQuery(f: HistoryFilters, page?: number): string {
  const params = new URLSearchParams();
  for (const key of ["operation", "outcome", "source", "from", "to", "q"] as const)
    if (f[key]) params.set(key, f[key]!);
  if (page && page > 1) params.set("page", String(page));
  const s = params.toString();
  return s ? `?${s}` : "";
}

function search(q: string): Prisma.RequestWhereInput {
  const eq = q.indexOf("=");
  if (eq > 0) {
    // key=value: a label (docs/spec.md §2.1 labels are string → string).
    return { labels: { path: [q.slice(0, eq).trim()], equals: q.slice(eq + 1).trim() } };
  }
  return { OR: [{ url: { contains: q, mode: "insensitive" } }, { token: q }] };
}

export function historyWhere(projectId: string, f: HistoryFilters): Prisma.RequestWhereInput {
  const createdAt: Prisma.DateTimeFilter = {};
  if (f.from) createdAt.gte = new Date(`${f.from}T00:00:00Z`);
  if (f.to) createdAt.lt = new Date(Date.parse(`${f.to}T00:00:00Z`) + 24 * 3600 * 1000);
  return {
    projectId,
    ...(f.operation && { operation: f.operation }),
    ...(f.outcome && { state: f.outcome }),
    ...(f.source && { source: f.source }),
    ...((f.from || f.to) && { createdAt }),
    ...(f.q && search(f.q)),
  };
}

export async function requestHistory(projectId: string, f: HistoryFilters) {
  await untilAllWritten(); // cache hits answered before their rows committed (lib/requests/hit-rows.ts)
  const rows = await db().request.findMany({
    where: historyWhere(projectId, f),
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: (f.page - 1) * HISTORY_PAGE_SIZE,
    take: HISTORY_PAGE_SIZE + 1,
    select: { ...REQUEST_ROW_SELECT, labels: true },
  });
  return { rows: rows.slice(0, HISTORY_PAGE_SIZE), more: rows.length > HISTORY_PAGE_SIZE };
}

export interface OperationUsage {
  operation: string;
  requests: number;
  credits: number;
}

/** Requests and credits per operation over the last `days` days, most credits first. */
export async function usageByOperation(
  scope: { projectId: string } | { organizationId: string },
  days: number,
  now = new Date(),
): Promise<OperationUsage[]> {
  const since = new Date(now.getTime() - days * 24 * 3600 * 1000);
  await untilAllWritten();
  const groups = await db().request.groupBy({
    by: ["operation"],
    where: { ...scope, createdAt: { gte: since } },
    _count: { _all: true },
    _sum: { cost: true },
  });
  return groups
    .map((g) => ({ operation: g.operation, requests: g._count._all, credits: g._sum.cost ?? 0 }))
    .sort((a, b) => b.credits - a.credits || b.requests - a.requests);
}

/** Everything the detail view shows about one request of the project (null when not this project's). */
export async function requestDetail(projectId: string, token: string) {
  await untilWritten(token); // a cache hit may answer before its row commits (lib/requests/hit-rows.ts)
  return db().request.findFirst({
    where: { projectId, token },
    select: {
      token: true,
      operation: true,
      url: true,
      options: true,
      labels: true,
      reportTo: true,
      idempotencyKey: true,
      sync: true,
      state: true,
      reserved: true,
      cost: true,
      cached: true,
      producedBy: true,
      error: true,
      errorCode: true,
      errorStatus: true,
      attempts: true,
      createdAt: true,
      startedAt: true,
      finishedAt: true,
      processingMs: true,
      source: true,
      apiKey: { select: { name: true, prefix: true } },
      sentBy: { select: { name: true, email: true } },
      result: { select: { contentType: true, bytes: true, createdAt: true, purgedAt: true } },
      deliveries: {
        orderBy: { createdAt: "desc" },
        select: {
          id: true,
          url: true,
          state: true,
          attempts: true,
          createdAt: true,
          nextAttemptAt: true,
        },
      },
    },
  });
}
