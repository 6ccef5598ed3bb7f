import { db, driverQuery } from "@/lib/db";

/** What a run of a request's job needs, as its start loads it. */
export interface StartedRun {
  organizationId: string;
  reserved: number;
  options: unknown;
  createdAt: Date;
  startedAt: Date;
  robotsPolicy: string;
}

/**
 * A request's start: marks it processing (counting the attempt, keeping the first start) and
 * loads what the run needs, in ONE statement, through the driver (Prisma's own work per query
 * costs more than this statement: lib/db's driverQuery). Times cross as epoch milliseconds, so no
 * driver's reading of a zone-less timestamp is involved. Null when the request has already ended.
 */
const START = `
  UPDATE "Request" r
     SET "state" = 'processing', "startedAt" = COALESCE(r."startedAt", $2::timestamp(3)), "attempts" = r."attempts" + 1
    FROM "Project" p
   WHERE r."token" = $1 AND r."state" IN ('queued', 'processing') AND p."id" = r."projectId"
  RETURNING r."organizationId", r."reserved", r."options", p."robotsPolicy"::text AS "robotsPolicy",
            (extract(epoch FROM r."createdAt") * 1000)::float8 AS "createdAtMs",
            (extract(epoch FROM r."startedAt") * 1000)::float8 AS "startedAtMs"`;

interface StartRow extends Record<string, unknown> {
  organizationId: string;
  reserved: number;
  options: unknown;
  robotsPolicy: string;
  createdAtMs: number;
  startedAtMs: number;
}

export async function startRequest(token: string, now = new Date()): Promise<StartedRun | null> {
  const [row] = await driverQuery<StartRow>(START, [token, now.toISOString()]);
  if (row) {
    const { createdAtMs, startedAtMs, ...rest } = row;
    return { ...rest, createdAt: new Date(Number(createdAtMs)), startedAt: new Date(Number(startedAtMs)) };
  }
  // Not visible yet: with Inngest the event can arrive before the request's transaction commits.
  // Throwing makes the engine retry; with pg-boss the job commits with the row, so this never happens.
  if (!(await db().request.findUnique({ where: { token }, select: { id: true } })))
    throw new Error(`request ${token} not found (yet)`);
  return null;
}
