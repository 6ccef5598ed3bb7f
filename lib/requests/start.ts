import { db } from "@/lib/db";

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
 * loads what the run needs, in ONE statement. Null when the request has already ended.
 */
export async function startRequest(token: string, now = new Date()): Promise<StartedRun | null> {
  const rows = await db().$queryRaw<StartedRun[]>`
    UPDATE "Request" r
       SET "state" = 'processing', "startedAt" = COALESCE(r."startedAt", ${now}), "attempts" = r."attempts" + 1
      FROM "Project" p
     WHERE r."token" = ${token} AND r."state" IN ('queued', 'processing') AND p."id" = r."projectId"
 RETURNING r."organizationId", r."reserved", r."options", r."createdAt", r."startedAt", p."robotsPolicy"::text AS "robotsPolicy"`;
  if (rows[0]) return rows[0];
  // Not visible yet: with Inngest the event can arrive before the request's transaction commits.
  // Throwing makes the engine retry; with pg-boss the job commits with the row, so this never happens.
  if (!(await db().request.findUnique({ where: { token }, select: { id: true } })))
    throw new Error(`request ${token} not found (yet)`);
  return null;
}
