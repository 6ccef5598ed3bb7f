/**
 * Stored results as the cache and the webhooks read them. A request's own view of its result
 * (`readResult`) is lib/requests/read.ts; this folder never writes a `Request` row.
 */

/** An organization's usage as the quota headers of an answer need it (docs/spec.md §4.1). */
export interface QuotaUsage {
  monthlyCredits: number;
  creditsUsed: number;
  creditsReserved: number;
  concurrencyLimit: number;
}

interface StoredResult {
  body: string | null;
  contentType: string;
}

/**
 * The stored result a request is answered with: its own, or, for a cache hit, the result row it
 * points at (hits store no copy of the body).
 */
export function servedResult<R extends StoredResult>(req: {
  result: R | null;
  answeredFrom: R | null;
}): R | null {
  return req.result ?? req.answeredFrom;
}
