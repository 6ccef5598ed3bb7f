import type { FailureCode, OperationFailure } from "@/lib/failures";
import { runOperations } from "@/lib/operations";
import type { ScrapeOperationResult } from "@/lib/operations/format";
import type { PageSnapshot } from "@/lib/page/types";
import type { OperationName } from "@/lib/schemas/options";
import type { RunSpec } from "@/lib/schemas/run-spec";
import { cachedBody, readCache } from "@/lib/store/cache";
import { decodeResult } from "@/lib/store/encode";
import { cacheKeyFor } from "@/lib/store/keys";
import { timeStage } from "@/lib/stage-timings";

/**
 * The operations of one page, as a single request and a crawl's page both run them: those fresh in
 * the cache are answered from it, the rest from one visit (lighthouse navigates on its own).
 */

export type OpOutcome = ScrapeOperationResult & { code?: FailureCode; fresh?: boolean; producedBy?: string };
export type Outcome =
  | { ok: true; results: Map<OperationName, OpOutcome>; visits: number }
  | { ok: false; failure: OperationFailure };

export async function executeOperations(
  spec: RunSpec,
  organizationId: string,
  onVisit?: (snap: PageSnapshot) => Promise<void>,
): Promise<Outcome> {
  const results = new Map<OperationName, OpOutcome>();
  const toRun: OperationName[] = [];
  for (const op of spec.operations) {
    const hit = await readCache(cacheKeyFor(op, spec), spec.maxAgeSeconds);
    const body = hit && (await cachedBody(hit));
    if (hit && body != null)
      results.set(op, { success: true, result: decodeResult(body, hit.contentType), cached: true });
    else toRun.push(op);
  }
  const { results: ran, visits } = await timeStage("visit", () =>
    runOperations(spec, toRun, organizationId, onVisit),
  );
  for (const [op, r] of ran) {
    results.set(
      op,
      r.ok
        ? { success: true, result: r.value, cached: false, fresh: true, producedBy: r.producedBy }
        : {
            success: false,
            error: r.failure.message,
            code: r.failure.code,
            cached: false,
          },
    );
  }
  // A single-operation request that failed is a failed request (422), not a result.
  if (spec.endpoint !== "scrape") {
    const only = ran.get(spec.operations[0]);
    if (only && !only.ok) return { ok: false, failure: only.failure };
  }
  return { ok: true, results, visits };
}
