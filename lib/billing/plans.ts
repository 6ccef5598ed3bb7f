import type { Plan } from "@/lib/generated/prisma/enums";

/**
 * Plan defaults (the spec leaves the numbers to us; docs/decisions.md). An organization row may
 * override both numbers (enterprise deals, tests).
 */
export const PLANS: Record<
  Plan,
  { monthlyCredits: number; concurrencyLimit: number; overageUsdPerCredit: number | null }
> = {
  free: { monthlyCredits: 500, concurrencyLimit: 2, overageUsdPerCredit: null },
  pro: { monthlyCredits: 50_000, concurrencyLimit: 10, overageUsdPerCredit: 0.0015 },
};

/** The end of the billing period that started at `periodStart` (one calendar month later). */
export function periodEnd(periodStart: Date): Date {
  const end = new Date(periodStart);
  end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/** The start of the period that contains `now`, stepping forward whole months from `periodStart`. */
export function currentPeriodStart(periodStart: Date, now: Date): Date {
  let start = periodStart;
  while (periodEnd(start) <= now) start = periodEnd(start);
  return start;
}
