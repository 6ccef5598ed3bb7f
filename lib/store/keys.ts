import crypto from "node:crypto";
import type { OperationName } from "@/lib/schemas/options";
import type { RunSpec } from "@/lib/schemas/run-spec";

/**
 * The keys a request's rows are stored under: the idempotency hash (Request.requestHash) and the
 * cache key of each operation's result (CacheEntry.cacheKey). Both are read by the pipeline and by
 * the runner, so they live below both.
 */

/** JSON with sorted keys, so equal requests hash equally whatever order the client wrote them in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");

/** Tells a replay (same hash) from a reuse of an Idempotency-Key with another request. */
export function requestHash(spec: RunSpec): string {
  return sha256(canonicalJson(spec));
}

/**
 * The cache key of one operation's result: the operation, the normalized URL and only the options
 * that change that operation's output (a screenshot's viewport does not change a page's Markdown).
 */
export function cacheKeyFor(op: OperationName, spec: RunSpec): string {
  const parts: Record<string, unknown> = {
    op,
    url: spec.url,
    page: spec.pageOptions,
    residential: spec.residential,
  };
  if (op === "screenshot") parts.screenshot = spec.screenshotOptions;
  if (op === "lighthouse") parts.lighthouse = spec.lighthouse;
  if (op === "markdown" && spec.markdown?.includeTitle) parts.markdown = spec.markdown;
  // A result's form changed: meta answers stored before dates and authors were always well-formed
  // (issue 23) may break the document's schema, so they are not reused.
  if (op === "meta") parts.form = 2;
  return `${op}:${sha256(canonicalJson(parts))}`;
}
