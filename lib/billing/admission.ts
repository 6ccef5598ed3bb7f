import { db, newRowId, type Prisma } from "@/lib/db";

type Client = Prisma.TransactionClient | ReturnType<typeof db>;
import { clientError } from "@/lib/errors";
import { currentPeriodStart, periodEnd } from "./plans";

/**
 * Admission takes a concurrency slot and reserves the request's credits in ONE conditional UPDATE
 * of the organization row, so parallel requests can never overspend or exceed the plan's
 * parallelism, whichever process or database serves them. Settlement releases the slot and turns
 * the reservation into the credits actually spent (docs/spec.md §1, §7.1, §8).
 */

export interface OrgUsage {
  monthlyCredits: number;
  creditsUsed: number;
  creditsReserved: number;
  concurrencyLimit: number;
  running: number;
  plan: string;
  periodStart: Date;
}

export function remainingCredits(
  o: Pick<OrgUsage, "monthlyCredits" | "creditsUsed" | "creditsReserved">,
): number {
  return Math.max(0, o.monthlyCredits - o.creditsUsed - o.creditsReserved);
}

/** Starts a new billing period when the old one has ended: usage back to zero. */
export async function rollOverPeriod(organizationId: string, now = new Date()): Promise<void> {
  const org = await db().organization.findUniqueOrThrow({ where: { id: organizationId } });
  const start = currentPeriodStart(org.periodStart, now);
  if (start.getTime() === org.periodStart.getTime()) return;
  // Conditional on the old start so two racing requests roll over once.
  const { count } = await db().organization.updateMany({
    where: { id: organizationId, periodStart: org.periodStart },
    data: { periodStart: start, creditsUsed: 0 },
  });
  if (count) {
    await db().creditLedger.create({ data: { organizationId, kind: "grant", credits: org.monthlyCredits } });
  }
}

/**
 * Rolls the period over when due. `knownStart` is the organization's period start as read moments
 * ago (the authenticated caller's): while it is still the current period's start, no rollover can
 * be due (one only happens once that period has ended), and no read is needed.
 */
export async function rollOverPeriodIfDue(organizationId: string, knownStart?: Date, now = new Date()) {
  if (knownStart && currentPeriodStart(knownStart, now).getTime() === knownStart.getTime()) return;
  await rollOverPeriod(organizationId, now);
}

/**
 * Takes a slot and reserves `credits`; throws 429 `concurrency_limit` or `quota_exceeded`. Call
 * `rollOverPeriodIfDue` first. With `client` a transaction, the admission commits (or rolls back)
 * with the request it admits.
 */
export async function admit(
  organizationId: string,
  credits: number,
  client: Client = db(),
): Promise<OrgUsage> {
  const rows = await client.$queryRaw<OrgUsage[]>`
    UPDATE "Organization"
       SET "running" = "running" + 1, "creditsReserved" = "creditsReserved" + ${credits}
     WHERE "id" = ${organizationId}
       AND "running" < "concurrencyLimit"
       AND ("plan" <> 'free' OR "creditsUsed" + "creditsReserved" + ${credits} <= "monthlyCredits")
 RETURNING "monthlyCredits", "creditsUsed", "creditsReserved", "concurrencyLimit", "running", "plan"::text AS "plan", "periodStart"`;
  if (rows.length) return rows[0];

  const org = await client.organization.findUniqueOrThrow({ where: { id: organizationId } });
  if (org.plan === "free" && org.creditsUsed + org.creditsReserved + credits > org.monthlyCredits) {
    throw clientError.quotaExceeded({
      limit: org.monthlyCredits,
      used: org.creditsUsed + org.creditsReserved,
      needed: credits,
      resets_at: periodEnd(org.periodStart).toISOString(),
    });
  }
  throw clientError.concurrencyLimit({ limit: org.concurrencyLimit, running: org.running });
}

/**
 * Settlement as SQL, the one text of it: CTEs `settled` (releases the slot and the reservation,
 * records the credits spent; returns the usage after it) and `charged` (the ledger's charge, when
 * something was spent). The parameters are the caller's placeholders; `when` is a further
 * condition on settling (lib/requests/final-write.ts settles only a request its statement moved).
 * The usage's `periodStart` comes back as an instant (UTC), whichever driver reads it.
 */
export function settlementSql(p: {
  organizationId: string;
  requestToken: string;
  reserved: string;
  spent: string;
  ledgerId: string;
  at: string;
  when?: string;
}): string {
  return `settled AS (
  UPDATE "Organization"
     SET "running" = GREATEST("running" - 1, 0),
         "creditsReserved" = GREATEST("creditsReserved" - ${p.reserved}::int, 0),
         "creditsUsed" = "creditsUsed" + ${p.spent}::int
   WHERE "id" = ${p.organizationId}::text${p.when ? ` AND ${p.when}` : ""}
  RETURNING "monthlyCredits", "creditsUsed", "creditsReserved", "concurrencyLimit", "running",
            "plan"::text AS "plan", "periodStart" AT TIME ZONE 'UTC' AS "periodStart"
), charged AS (
  INSERT INTO "CreditLedger" ("id", "organizationId", "requestToken", "kind", "credits", "overage", "createdAt")
  SELECT ${p.ledgerId}::text, ${p.organizationId}::text, ${p.requestToken}::text, 'charge'::"LedgerKind",
         ${p.spent}::int, "creditsUsed" > "monthlyCredits", ${p.at}::timestamp(3)
    FROM settled WHERE ${p.spent}::int > 0
)`;
}

const SETTLE = `WITH ${settlementSql({
  organizationId: "$1",
  requestToken: "$2",
  reserved: "$3",
  spent: "$4",
  ledgerId: "$5",
  at: "$6",
})}
SELECT * FROM settled`;

/**
 * Releases the slot and the reservation and records `spent` credits (0 for failures and cache hits).
 * Returns the usage after settlement, for X-Quota-Remaining.
 */
export async function settle(
  organizationId: string,
  requestToken: string,
  reserved: number,
  spent: number,
  client: Client = db(),
): Promise<OrgUsage> {
  const [org] = await client.$queryRawUnsafe<OrgUsage[]>(
    SETTLE,
    organizationId,
    requestToken,
    reserved,
    spent,
    newRowId(),
    new Date().toISOString(),
  );
  return { ...org, periodStart: new Date(org.periodStart) };
}

export async function usageOf(organizationId: string): Promise<OrgUsage> {
  return db().organization.findUniqueOrThrow({ where: { id: organizationId } });
}

/*
 * A crawl or batch (lib/crawl) holds ONE slot for its whole run (admit() at acceptance,
 * releaseSlot() at its end) and reserves each page's credits as the page starts, settling them
 * when it ends: the same guarantees per page as per request, without a slot per page.
 */

/**
 * Reserves `credits` without a slot; false when a free organization cannot afford them (a paid
 * plan always can: it continues at the overage rate).
 */
export async function reserveCredits(organizationId: string, credits: number, client: Client = db()) {
  const count = await client.$executeRaw`
    UPDATE "Organization" SET "creditsReserved" = "creditsReserved" + ${credits}
     WHERE "id" = ${organizationId}
       AND ("plan" <> 'free' OR "creditsUsed" + "creditsReserved" + ${credits} <= "monthlyCredits")`;
  return count > 0;
}

/** Releases a reservation made by reserveCredits (or admit) and charges `spent`, keeping the slot. */
export async function settleCredits(
  organizationId: string,
  requestToken: string,
  reserved: number,
  spent: number,
  client: Client = db(),
): Promise<void> {
  const rows = await client.$queryRaw<Array<{ creditsUsed: number; monthlyCredits: number }>>`
    UPDATE "Organization"
       SET "creditsReserved" = GREATEST("creditsReserved" - ${reserved}, 0),
           "creditsUsed" = "creditsUsed" + ${spent}
     WHERE "id" = ${organizationId}
 RETURNING "creditsUsed", "monthlyCredits"`;
  if (spent > 0) {
    const overage = rows[0].creditsUsed > rows[0].monthlyCredits;
    await client.creditLedger.create({
      data: { organizationId, requestToken, kind: "charge", credits: spent, overage },
    });
  }
}

/** Gives back the slot admit() took, without touching credits. */
export async function releaseSlot(organizationId: string, client: Client = db()): Promise<void> {
  await client.$executeRaw`
    UPDATE "Organization" SET "running" = GREATEST("running" - 1, 0) WHERE "id" = ${organizationId}`;
}
