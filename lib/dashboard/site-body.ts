import { OPERATIONS, type OperationName } from "@/lib/schemas/operations";

/**
 * The Playground's Map, Crawl and Batch tabs: form → API body, and the shapes of the answers they read.
 * Pure and client-safe (no zod at run time). As in playground-body.ts, what the user typed is sent
 * as typed, so the API's own 422 messages are what the Playground shows.
 */
export type SiteEndpoint = "map" | "crawl" | "batch";

/** Every operation a crawl may run (lib/schemas/crawl.ts CRAWL_OPERATIONS, without its zod). */
export const CRAWL_FORM_OPERATIONS: OperationName[] = OPERATIONS.filter((op) => op !== "lighthouse");

/** A batch may run all nine, as scrape does. */
export const BATCH_FORM_OPERATIONS: OperationName[] = [...OPERATIONS];

/** The operations the tab offers. */
export function formOperations(endpoint: SiteEndpoint): OperationName[] {
  return endpoint === "batch" ? BATCH_FORM_OPERATIONS : CRAWL_FORM_OPERATIONS;
}

export interface SiteForm {
  url: string;
  /** Batch: one URL per line. */
  urls: string;
  limit: string;
  maxDepth: string;
  includePaths: string;
  excludePaths: string;
  operations: OperationName[];
}

export const DEFAULT_SITE_FORM: SiteForm = {
  url: "https://example.com/",
  urls: "https://example.com/\nhttps://example.org/",
  limit: "10",
  maxDepth: "2",
  includePaths: "",
  excludePaths: "",
  operations: ["markdown"],
};

/** One pattern per line; blank lines dropped. */
function lines(raw: string): string[] | undefined {
  const list = raw
    .split("\n")
    .map((s) => s.trim())
    .filter(Boolean);
  return list.length ? list : undefined;
}

function whole(raw: string): number | string | undefined {
  const s = raw.trim();
  if (!s) return undefined;
  return /^-?\d+$/.test(s) ? Number(s) : s;
}

export function buildSiteBody(endpoint: SiteEndpoint, form: SiteForm): Record<string, unknown> {
  // Sent as typed: an empty list or a bad line gets the API's own 422 naming its index.
  if (endpoint === "batch") return { urls: lines(form.urls) ?? [], operations: [...form.operations] };
  const body: Record<string, unknown> = { url: form.url.trim() };
  const entries: [string, unknown][] = [
    ["limit", whole(form.limit)],
    ["include_paths", lines(form.includePaths)],
    ["exclude_paths", lines(form.excludePaths)],
  ];
  if (endpoint === "crawl")
    entries.push(["max_depth", whole(form.maxDepth)], ["operations", [...form.operations]]);
  for (const [key, value] of entries) if (value !== undefined) body[key] = value;
  return body;
}

/** GET /crawl/{token}'s answer (docs/spec-extensions.md), as far as the dashboard reads it. */
export interface CrawlStatusAnswer {
  token: string;
  status: "processing" | "complete" | "cancelled" | "failed";
  stopped_reason?: string;
  total: number;
  completed: number;
  failed: number;
  credits_used: number;
  labels?: Record<string, string>;
  data: CrawlPageAnswer[];
  next: string | null;
}

export interface CrawlPageAnswer {
  url: string;
  depth?: number;
  index?: number;
  status: "complete" | "failed";
  operations?: Record<string, { success: boolean; result?: unknown; error?: string; code?: string }>;
  error?: string;
  code?: string;
  cost: number;
}

/** The page's Markdown, when its markdown operation succeeded. */
export function pageMarkdown(page: CrawlPageAnswer): string | null {
  const md = page.operations?.markdown;
  return md?.success && typeof md.result === "string" ? md.result : null;
}

/** Done share 0..100: a complete crawl is full; one still running, cancelled or failed shows how far it got. */
export function progressPercent(a: { status: string; total: number; completed: number; failed: number }) {
  if (a.status === "complete") return 100;
  return a.total ? Math.min(100, Math.round(((a.completed + a.failed) / a.total) * 100)) : 0;
}
