import { driverQuery, newRowId, type Prisma } from "@/lib/db";
import { settlementSql, type OrgUsage } from "@/lib/billing/admission";
import { encodeResult } from "@/lib/store/encode";
import type { FailureCode } from "@/lib/failures";

/**
 * A request's completion as ONE statement: the row moved to its final state, the stored result,
 * its cache entries, the settlement and the charge in the ledger. It was five Prisma queries in an
 * interactive transaction (seven round trips with BEGIN and COMMIT, ~2 ms of Prisma's CPU each on
 * the embedded database); a statement is atomic by itself, so a sync request's completion needs
 * no transaction at all, and where one is still open (a webhook to record with it, a cache hit's
 * row created first) it runs inside it.
 *
 * Every step after `moved` depends on it: when another run of the job already ended the request,
 * the statement changes nothing and answers a null `requestId`.
 */
const FINAL_WRITE = `
WITH moved AS (
  UPDATE "Request"
     SET "state" = $2::"RequestState", "cost" = $3::int, "cached" = $4::boolean, "producedBy" = $5::text,
         "answeredFromId" = $6::text, "error" = $7::text, "errorCode" = $8::text, "errorStatus" = $9::int,
         "finishedAt" = $10::timestamp(3), "processingMs" = $11::int
   WHERE "token" = $1::text AND "state" IN ('queued', 'processing')
  RETURNING "id"
), stored AS (
  INSERT INTO "Result" ("id", "requestId", "body", "contentType", "bytes", "createdAt")
  SELECT $12::text, "id", $13::text, $14::text, $15::int, $10::timestamp(3) FROM moved WHERE $12::text IS NOT NULL
), cached AS (
  INSERT INTO "CacheEntry" ("id", "cacheKey", "operation", "body", "resultId", "contentType", "createdAt")
  SELECT e.* FROM unnest($19::text[], $20::text[], $21::text[], $22::text[], $23::text[], $24::text[], $25::timestamp(3)[])
         AS e("id", "cacheKey", "operation", "body", "resultId", "contentType", "createdAt")
   WHERE EXISTS (SELECT 1 FROM moved)
  ON CONFLICT ("cacheKey") DO UPDATE
     SET "body" = EXCLUDED."body", "resultId" = EXCLUDED."resultId",
         "contentType" = EXCLUDED."contentType", "createdAt" = EXCLUDED."createdAt"
), ${settlementSql({
  organizationId: "$16",
  requestToken: "$1",
  reserved: "$17",
  spent: "$18",
  ledgerId: "$26",
  at: "$10",
  when: `$17::int IS NOT NULL AND EXISTS (SELECT 1 FROM moved)`,
})}
SELECT (SELECT "id" FROM moved) AS "requestId", s.* FROM (SELECT 1) AS one LEFT JOIN settled AS s ON true`;

/** What the final write needs of a request's completion (./complete.ts's CompleteRequest). */
interface Completion {
  token: string;
  organizationId: string;
  outcome: RequestOutcome;
  /** A job's admission: release its slot and reservation, charge `outcome.cost`. */
  reserved?: number;
}

type Row = { requestId: string | null } & (
  { [K in keyof OrgUsage]: OrgUsage[K] } | { [K in keyof OrgUsage]: null }
);

/** Where the statement runs: the driver (no transaction), or the client of an open transaction. */
export type FinalWriteClient = Prisma.TransactionClient | "driver";

/**
 * Writes `c`'s completion; the usage after settlement (undefined without one), or null when the
 * request had already left its running state.
 */
export async function writeFinal(
  client: FinalWriteClient,
  c: Completion,
  finishedAt: Date,
  processingMs: number,
): Promise<{ usage: OrgUsage | undefined } | null> {
  const params = finalWriteParams(c, finishedAt, processingMs);
  const rows =
    client === "driver"
      ? await driverQuery<Row>(FINAL_WRITE, params)
      : await client.$queryRawUnsafe<Row[]>(FINAL_WRITE, ...params);
  const row = rows[0];
  if (!row?.requestId) return null;
  if (row.plan === null) return { usage: undefined };
  const { requestId: _id, ...usage } = row;
  return { usage: { ...usage, periodStart: new Date(usage.periodStart) } };
}

/** A finished request's own columns: a success's or a failure's (the bare hit's INSERT uses them too). */
export function finalState(outcome: RequestOutcome) {
  return outcome.ok
    ? {
        state: "complete" as const,
        cost: outcome.cost,
        cached: outcome.cached,
        producedBy: outcome.producedBy,
        answeredFromId: outcome.answeredFromId ?? null,
      }
    : {
        state: "failed" as const,
        error: outcome.error,
        errorCode: outcome.code,
        errorStatus: outcome.status,
      };
}

/** The columns the other kind of outcome leaves as a running row has them. */
const UNSET = {
  cost: 0,
  cached: false,
  producedBy: null,
  answeredFromId: null,
  error: null,
  errorCode: null,
  errorStatus: null,
};

function finalWriteParams(c: Completion, finishedAt: Date, processingMs: number): unknown[] {
  const { outcome } = c;
  const ok = outcome.ok ? outcome : undefined;
  const final = { ...UNSET, ...finalState(outcome) };
  // A request answered from a stored result points at it; any other success stores its own body.
  const newResultId = ok && !ok.answeredFromId ? newRowId() : null;
  const resultId = ok?.answeredFromId ?? newResultId;
  const body = ok?.body ?? "";
  const writes = ok?.cacheWrites ?? [];
  const now = finishedAt.toISOString();
  return [
    c.token,
    final.state,
    final.cost,
    final.cached,
    final.producedBy,
    final.answeredFromId,
    final.error,
    final.errorCode,
    final.errorStatus,
    now,
    processingMs,
    newResultId,
    body,
    ok?.contentType ?? null,
    Buffer.byteLength(body),
    c.organizationId,
    c.reserved ?? null,
    ok ? ok.cost : 0,
    writes.map(() => newRowId()),
    writes.map((w) => w.cacheKey),
    writes.map((w) => w.operation),
    writes.map((w) => (w.isThisResult ? null : encodeResult(w.value ?? null, w.contentType))),
    writes.map((w) => (w.isThisResult ? resultId : null)),
    writes.map((w) => w.contentType),
    writes.map((w) => (w.createdAt ?? finishedAt).toISOString()),
    newRowId(),
  ];
}

/** A cache entry to write with a finished request. */
export interface CacheWrite {
  cacheKey: string;
  operation: string;
  contentType: string;
  /** The entry IS this request's stored result (no second copy of the body); else it keeps `value`. */
  isThisResult?: boolean;
  value?: unknown;
  /** How old the content is, when older than now. */
  createdAt?: Date;
}

export type RequestOutcome =
  | {
      ok: true;
      /**
       * The result as served, in its content type; absent only for a hit answered from a stored
       * result whose body was not read (then nothing is announced: nobody waits for a hit).
       */
      body?: string;
      contentType: string;
      cost: number;
      cached: boolean;
      producedBy: string | null;
      /** Answer from this stored result instead of storing the body again (a cache hit). */
      answeredFromId?: string;
      cacheWrites?: CacheWrite[];
    }
  | { ok: false; code: FailureCode; error: string; status: number };
