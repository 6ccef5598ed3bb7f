import type { OperationName } from "@/lib/schemas/options";

/** Credits per successful, uncached operation (spec §1). */
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

/** `residential: true` adds this per page visit (spec §1 rule 1). */
export const RESIDENTIAL_CREDITS_PER_VISIT = 25;

/** Lighthouse navigates on its own; every other operation shares one visit. */
export function visitsFor(ops: readonly OperationName[]): number {
  const shared = ops.some((op) => op !== "lighthouse") ? 1 : 0;
  return shared + (ops.includes("lighthouse") ? 1 : 0);
}

export function priceOf(ops: readonly OperationName[], residential: boolean): number {
  const base = ops.reduce((sum, op) => sum + OPERATION_CREDITS[op], 0);
  return base + (residential ? RESIDENTIAL_CREDITS_PER_VISIT * visitsFor(ops) : 0);
}
