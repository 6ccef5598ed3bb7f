import crypto from "node:crypto";
import { OPERATION_RECORDS, type OperationName, type OperationRecord } from "@/lib/schemas/operations";
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
 * The cache key of one operation's result: the operation, the normalized URL, the page options and
 * what the operation's record says also changes its output (`cacheInputs`).
 */
export function cacheKeyFor(op: OperationName, spec: RunSpec): string {
  const record: OperationRecord = OPERATION_RECORDS[op];
  const parts = {
    op,
    url: spec.url,
    page: spec.pageOptions,
    residential: spec.residential,
    ...record.cacheInputs?.(spec),
  };
  return `${op}:${sha256(canonicalJson(parts))}`;
}
