import crypto from "node:crypto";
import { db, Prisma } from "@/lib/db";
import { enqueue, transaction } from "@/lib/jobs";
import { OperationFailure, type FailureCode } from "@/lib/failures";
import { visitPage } from "@/lib/page/visit";
import { MAP_RENDER_JOB, type MapRenderJob } from "./job-names";
import { linksInPage } from "./links";

/**
 * POST /map's fallback visit (a start page that builds its links with scripts) runs on the job
 * engine, like every other visit: on a worker of a PostgreSQL deployment, never in a web process
 * (which then needs no browser), in the organization's context and share of the browser slots.
 * The map waits for it within its own time budget, through a MapRender row (schema.prisma).
 */

export type { MapRenderJob };

/** How often the waiting map looks at the row: the path is rare, a look is one point query. */
const POLL_MS = 150;

/** The links of `url` as rendered in a browser on a worker; throws the visit's failure. */
export async function renderedLinks(url: string, organization: string, deadline: number): Promise<string[]> {
  const token = `maprender_${crypto.randomBytes(12).toString("base64url")}`;
  await transaction(async (tx) => {
    await tx.mapRender.create({ data: { token } });
    await enqueue(MAP_RENDER_JOB, { token, url, organization }, { tx });
  });
  try {
    while (Date.now() < deadline) {
      const row = await db().mapRender.findUnique({ where: { token } });
      if (row?.finishedAt) {
        if (row.errorCode) throw new OperationFailure(row.errorCode as FailureCode, "map render on a worker");
        return (row.links as string[] | null) ?? [];
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    throw new OperationFailure("timeout", "the map's rendered visit did not end within its budget");
  } finally {
    // Gone before the job ran (a map that gave up): the job then finds no row and visits nothing.
    await db()
      .mapRender.deleteMany({ where: { token } })
      .catch(() => {});
  }
}

/** The job: one text-policy visit reading the page's links, written to the map's row. */
export async function runMapRender(job: MapRenderJob): Promise<void> {
  const waiting = await db().mapRender.findUnique({ where: { token: job.token }, select: { token: true } });
  if (!waiting) return;
  let links: string[] | null = null;
  let errorCode: string | null = null;
  try {
    links = await visitPage({ url: job.url, organization: job.organization, loadPolicy: "text" }, (snap) =>
      linksInPage(snap.page),
    );
  } catch (err) {
    errorCode = err instanceof OperationFailure ? err.code : "unexpected";
    if (errorCode === "unexpected") console.error("[map render] unexpected failure:", err);
  }
  await db().mapRender.updateMany({
    where: { token: job.token },
    data: { links: links ?? Prisma.JsonNull, errorCode, finishedAt: new Date() },
  });
}
