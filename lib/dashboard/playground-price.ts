import { OPERATION_CREDITS, priceOf, RESIDENTIAL_CREDITS_PER_VISIT } from "@/lib/billing/prices";
import { visitsFor, type OperationName } from "@/lib/schemas/operations";
import type { PlaygroundForm } from "./playground-body";

/**
 * What a request costs before it is sent (issue 26 §8), from the price list admission itself holds
 * (lib/billing/prices.ts `priceOf`): the sum of the operations, plus the residential surcharge per
 * visit. The most it can cost: what the cache answers costs nothing, a failed operation nothing.
 */
export interface PriceQuote {
  total: number;
  /** "markdown 1 + meta 5 + residential 25 × 1 visit". */
  breakdown: string;
}

export function quote(form: Pick<PlaygroundForm, "endpoint" | "scrapeOperations" | "values">): PriceQuote {
  const ops: OperationName[] = form.endpoint === "scrape" ? form.scrapeOperations : [form.endpoint];
  const residential = form.values.residential === "true";
  const parts = ops.map((op) => `${op} ${OPERATION_CREDITS[op]}`);
  if (residential && ops.length) {
    const visits = visitsFor(ops);
    parts.push(`residential ${RESIDENTIAL_CREDITS_PER_VISIT} × ${visits} visit${visits === 1 ? "" : "s"}`);
  }
  return { total: priceOf(ops, residential), breakdown: parts.join(" + ") };
}
