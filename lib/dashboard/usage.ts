import { db } from "@/lib/db";
import { remainingCredits, usageOf } from "@/lib/billing/admission";
import { currentPeriodStart, periodEnd } from "@/lib/billing/plans";

export interface DayUsage {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  credits: number;
}

const DAY_MS = 24 * 3600 * 1000;

/** Credits spent per UTC day over the last `days` days (today included), zero-filled. */
export async function dailyUsage(organizationId: string, days = 30, now = new Date()): Promise<DayUsage[]> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (days - 1) * DAY_MS);
  const rows = await db().creditLedger.findMany({
    where: { organizationId, kind: "charge", createdAt: { gte: since } },
    select: { credits: true, createdAt: true },
  });
  return bucketByDay(rows, since, days);
}

export function bucketByDay(
  rows: { credits: number; createdAt: Date }[],
  since: Date,
  days: number,
): DayUsage[] {
  const buckets = new Map<string, number>();
  for (let i = 0; i < days; i++)
    buckets.set(new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10), 0);
  for (const row of rows) {
    const day = row.createdAt.toISOString().slice(0, 10);
    if (buckets.has(day)) buckets.set(day, buckets.get(day)! + row.credits);
  }
  return [...buckets].map(([day, credits]) => ({ day, credits }));
}

export interface OrganizationOverview {
  plan: string;
  monthlyCredits: number;
  used: number;
  reserved: number;
  remaining: number;
  concurrencyLimit: number;
  running: number;
  periodStart: Date;
  resetsAt: Date;
}

export async function organizationOverview(
  organizationId: string,
  now = new Date(),
): Promise<OrganizationOverview> {
  const org = await usageOf(organizationId);
  // The stored period rolls over lazily at the next request; show the period that is current now.
  const start = currentPeriodStart(org.periodStart, now);
  const rolled = start.getTime() !== org.periodStart.getTime();
  const used = rolled ? 0 : org.creditsUsed;
  return {
    plan: org.plan,
    monthlyCredits: org.monthlyCredits,
    used,
    reserved: org.creditsReserved,
    remaining: remainingCredits({ ...org, creditsUsed: used }),
    concurrencyLimit: org.concurrencyLimit,
    running: org.running,
    periodStart: start,
    resetsAt: periodEnd(start),
  };
}
