import type { OperationName } from "@/lib/schemas/options";
import type { Endpoint } from "@/lib/schemas/request";

/** Content type of each endpoint's sync result (spec §4: text results as text, the rest JSON). */
const CONTENT_TYPES: Record<Endpoint, string> = {
  html: "text/html; charset=utf-8",
  markdown: "text/markdown; charset=utf-8",
  screenshot: "text/plain; charset=utf-8",
  summarize: "text/plain; charset=utf-8",
  meta: "application/json; charset=utf-8",
  keywords: "application/json; charset=utf-8",
  lighthouse: "application/json; charset=utf-8",
  console: "application/json; charset=utf-8",
  scrape: "application/json; charset=utf-8",
};

export function contentTypeOf(endpoint: Endpoint): string {
  return CONTENT_TYPES[endpoint];
}

export interface ScrapeOperationResult {
  success: boolean;
  result?: unknown;
  error?: string;
  cached: boolean;
}

/** ScrapeResult (spec §2.6): one key per requested operation, in the order requested. */
export function scrapeEnvelope(
  url: string,
  operations: readonly OperationName[],
  entry: (op: OperationName) => ScrapeOperationResult,
): { url: string; operations: Record<string, ScrapeOperationResult> } {
  return { url, operations: Object.fromEntries(operations.map((op) => [op, entry(op)])) };
}
