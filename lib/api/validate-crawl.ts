import type { z } from "zod";
import { checkPublicUrl, normalizeUrl } from "@/lib/net/url-policy";
import {
  batchRequestSchema,
  crawlRequestSchema,
  CRAWL_DEPTH_DEFAULT,
  CRAWL_LIMIT_DEFAULT,
  mapRequestSchema,
  MAP_LIMIT_MAX,
  BATCH_URLS_MAX,
  type CrawlSpec,
  type ScopeSpec,
} from "@/lib/schemas/crawl";
import { MAX_AGE_DEFAULT_S, parseMaxAge, type AnyRequest } from "@/lib/schemas/request";
import type { RunSpec } from "@/lib/schemas/run-spec";
import { clientError } from "@/lib/errors";
import { buildRunSpec, issueToError } from "./validate";

/**
 * POST /map, /crawl and /batch bodies → what lib/crawl runs, or the spec's 422 for the first
 * problem, with a message naming the field (docs/spec-extensions.md). Same order as the operation
 * endpoints: the body, the URL(s), then every other field.
 */

function asObject(body: unknown, what: string): Record<string, unknown> {
  if (body === null || typeof body !== "object" || Array.isArray(body))
    throw clientError.invalidBody(`The request body must be a JSON object with at least ${what}.`);
  return body as Record<string, unknown>;
}

function startUrl(raw: Record<string, unknown>): URL {
  const url = checkPublicUrl(raw.url, "url");
  if (!url.ok) throw clientError.invalidUrl(url.message);
  return new URL(normalizeUrl(url.url));
}

function parsed<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) throw issueToError(result.error.issues[0]);
  return result.data;
}

/** include_paths / exclude_paths must compile: a pattern that does not is named with its index. */
function scopeOf(req: { include_subdomains?: boolean; include_paths?: string[]; exclude_paths?: string[] }) {
  for (const field of ["include_paths", "exclude_paths"] as const) {
    (req[field] ?? []).forEach((pattern, i) => {
      try {
        new RegExp(pattern);
      } catch (err) {
        throw clientError.invalidOptions(
          `${field}[${i}] is not a valid regular expression (${(err as Error).message}). Patterns use JavaScript syntax and match the URL's path, such as "^/docs/".`,
        );
      }
    });
  }
  return {
    includeSubdomains: req.include_subdomains ?? false,
    includePaths: req.include_paths ?? [],
    excludePaths: req.exclude_paths ?? [],
  } satisfies ScopeSpec;
}

/** `sync: true` is a clear mistake here, answered as such rather than as a type error. */
function refuseSync(raw: Record<string, unknown>, endpoint: "crawl" | "batch"): void {
  if (raw.sync === true)
    throw clientError.invalidOptions(
      `sync: a ${endpoint} always runs asynchronously. Leave sync out, then follow the ${endpoint} with GET /${endpoint}/{token} or your webhook.`,
    );
}

function maxAgeOf(raw: Record<string, unknown>): number {
  if (raw.max_age === undefined) return MAX_AGE_DEFAULT_S;
  const maxAge = parseMaxAge(raw.max_age);
  if (!maxAge.ok) throw clientError.invalidMaxAge(maxAge.message);
  return maxAge.seconds;
}

function reportToOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const r = checkPublicUrl(value, "report_to");
  if (!r.ok) throw clientError.reportTo(r.code, r.message);
  return r.url.toString();
}

/** What every page runs: a scrape of the same operations, without a URL of its own yet. */
function pageSpec(req: AnyRequest, maxAgeSeconds: number): Omit<RunSpec, "url"> {
  const {
    url: _url,
    labels: _labels,
    reportTo: _reportTo,
    ...page
  } = buildRunSpec(
    "scrape",
    { ...req, url: "", sync: false, labels: undefined, report_to: undefined },
    "",
    maxAgeSeconds,
  );
  return page;
}

export interface ValidMap {
  start: URL;
  scope: ScopeSpec;
  limit: number;
}

export function validateMap(body: unknown): ValidMap {
  const raw = asObject(body, "a url field");
  const start = startUrl(raw);
  const req = parsed(mapRequestSchema, raw);
  return { start, scope: scopeOf(req), limit: req.limit ?? MAP_LIMIT_MAX };
}

export interface ValidCrawl {
  spec: CrawlSpec;
  urls: string[];
  labels?: Record<string, string>;
  reportTo?: string;
}

export function validateCrawl(body: unknown): ValidCrawl {
  const raw = asObject(body, "a url field");
  const start = startUrl(raw);
  refuseSync(raw, "crawl");
  const maxAge = maxAgeOf(raw);
  const req = parsed(crawlRequestSchema, raw);
  const reportTo = reportToOf(req.report_to);
  const limit = req.limit ?? CRAWL_LIMIT_DEFAULT;
  const spec: CrawlSpec = {
    kind: "crawl",
    page: pageSpec({ ...req, operations: req.operations ?? ["markdown"] } as AnyRequest, maxAge),
    scope: scopeOf(req),
    limit,
    maxDepth: req.max_depth ?? CRAWL_DEPTH_DEFAULT,
  };
  return {
    spec,
    urls: [start.href],
    ...(req.labels && { labels: req.labels }),
    ...(reportTo && { reportTo }),
  };
}

export function validateBatch(body: unknown): ValidCrawl {
  const raw = asObject(body, "a urls field");
  const list = raw.urls;
  if (!Array.isArray(list) || list.length === 0 || list.length > BATCH_URLS_MAX)
    throw clientError.invalidUrl(
      `urls must be an array of 1 to ${BATCH_URLS_MAX} public http or https addresses${
        Array.isArray(list) ? `; it has ${list.length}` : ""
      }.`,
    );
  // Every URL obeys the spec's URL rules; the first that does not is named by its index.
  const urls = list.map((u, i) => {
    const r = checkPublicUrl(u, `urls[${i}]`);
    if (!r.ok) throw clientError.invalidUrl(r.message);
    return normalizeUrl(r.url);
  });
  refuseSync(raw, "batch");
  const maxAge = maxAgeOf(raw);
  const req = parsed(batchRequestSchema, raw);
  const reportTo = reportToOf(req.report_to);
  const spec: CrawlSpec = {
    kind: "batch",
    page: pageSpec(req as unknown as AnyRequest, maxAge),
    scope: { includeSubdomains: false, includePaths: [], excludePaths: [] },
    limit: urls.length,
    maxDepth: 0,
  };
  return { spec, urls, ...(req.labels && { labels: req.labels }), ...(reportTo && { reportTo }) };
}
