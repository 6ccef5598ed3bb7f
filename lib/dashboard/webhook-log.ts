import { db } from "@/lib/db";

/** One delivery of a project's webhook log, with every attempt (newest delivery first). */
export interface DeliveryEntry {
  id: string;
  url: string;
  state: "pending" | "delivered" | "failed";
  createdAt: Date;
  deliveredAt: Date | null;
  token: string;
  operation: string;
  attempts: {
    attempt: number;
    at: Date;
    status: number | null;
    error: string | null;
    durationMs: number;
    responseExcerpt: string | null;
  }[];
}

export const DELIVERIES_PER_PAGE = 20;

export async function webhookLog(
  projectId: string,
  page = 1,
): Promise<{ entries: DeliveryEntry[]; more: boolean }> {
  const rows = await db().webhookDelivery.findMany({
    where: { OR: [{ request: { projectId } }, { crawl: { projectId } }] },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: (page - 1) * DELIVERIES_PER_PAGE,
    take: DELIVERIES_PER_PAGE + 1,
    include: {
      request: { select: { token: true, operation: true } },
      crawl: { select: { token: true, kind: true } },
      log: { orderBy: { attempt: "asc" } },
    },
  });
  return {
    more: rows.length > DELIVERIES_PER_PAGE,
    entries: rows.slice(0, DELIVERIES_PER_PAGE).map((d) => ({
      id: d.id,
      url: d.url,
      state: d.state,
      createdAt: d.createdAt,
      deliveredAt: d.deliveredAt,
      // A crawl's deliveries: its pages (`crawl.page`) and its end (`crawl.completed`).
      token: d.request?.token ?? d.crawl!.token,
      operation: d.request?.operation ?? `${d.crawl!.kind}.${d.crawlPageId ? "page" : "completed"}`,
      attempts: d.log.map((a) => ({
        attempt: a.attempt,
        at: a.createdAt,
        status: a.status,
        error: a.error,
        durationMs: a.durationMs,
        responseExcerpt: a.responseExcerpt,
      })),
    })),
  };
}

export interface SecretState {
  /** When the previous secret stops signing; null when no rotation is in its grace window. */
  previousUntil: Date | null;
}

export async function secretState(projectId: string, now = new Date()): Promise<SecretState> {
  const p = await db().project.findUniqueOrThrow({
    where: { id: projectId },
    select: { previousWebhookSecret: true, previousWebhookSecretUntil: true },
  });
  const live = p.previousWebhookSecret && p.previousWebhookSecretUntil && p.previousWebhookSecretUntil > now;
  return { previousUntil: live ? p.previousWebhookSecretUntil : null };
}
