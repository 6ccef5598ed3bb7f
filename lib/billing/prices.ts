import { visitsFor, type OperationName } from "../schemas/operations";

/**
 * The one price list (docs/spec.md §1). Admission holds `priceOf`, the settlement charges `chargeFor`, and
 * the Playground, the sign-up page, the OpenAPI text and the schemas' descriptions print these
 * numbers rather than copies of them.
 */

/** Credits per successful, uncached operation (docs/spec.md §1). */
export const OPERATION_CREDITS: Record<OperationName, number> = {
  html: 1,
  markdown: 1,
  screenshot: 1,
  meta: 5,
  summarize: 17,
  keywords: 15,
  lighthouse: 2,
  console: 1,
};

/** `residential: true` adds this per page visit (docs/spec.md §1 rule 1). */
export const RESIDENTIAL_CREDITS_PER_VISIT = 25;

/** What admission holds: every operation as if it ran fresh, on the visits it would need. */
export function priceOf(ops: readonly OperationName[], residential: boolean): number {
  return chargeFor(ops, residential, visitsFor(ops));
}

/**
 * What a finished request is charged: the operations that ran fresh and succeeded, plus the
 * residential surcharge per visit made, when anything was charged at all.
 */
export function chargeFor(fresh: readonly OperationName[], residential: boolean, visits: number): number {
  const base = fresh.reduce((sum, op) => sum + OPERATION_CREDITS[op], 0);
  return base + (residential && fresh.length ? RESIDENTIAL_CREDITS_PER_VISIT * visits : 0);
}

/** "1 credit", "17 credits". */
export function creditsLabel(credits: number): string {
  return `${credits} credit${credits === 1 ? "" : "s"}`;
}
