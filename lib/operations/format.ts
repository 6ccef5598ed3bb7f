import type { OperationName } from "@/lib/schemas/operations";

export { contentTypeOf } from "@/lib/schemas/operations";

export interface ScrapeOperationResult {
  success: boolean;
  result?: unknown;
  error?: string;
  cached: boolean;
}

/** ScrapeResult (docs/spec.md §2.6): one key per requested operation, in the order requested. */
export function scrapeEnvelope(
  url: string,
  operations: readonly OperationName[],
  entry: (op: OperationName) => ScrapeOperationResult,
): { url: string; operations: Record<string, ScrapeOperationResult> } {
  return { url, operations: Object.fromEntries(operations.map((op) => [op, entry(op)])) };
}
