import { db, type Prisma } from "@/lib/db";
import { givesUpAt, MAX_DELIVERY_ATTEMPTS } from "@/lib/webhooks/deliver";

export const DELIVERY_STATES = ["pending", "delivered", "failed", "cancelled"] as const;
export type DeliveryStateName = (typeof DELIVERY_STATES)[number];

/** One delivery of a project's webhook log, with every attempt (newest delivery first). */
export interface DeliveryEntry {
  id: string;
  url: string;
  state: DeliveryStateName;
  createdAt: Date;
  deliveredAt: Date | null;
  /** The request's or crawl's token; null for a dashboard test event. */
  token: string | null;
  operation: string;
  /** Whether it can be sent again as a new delivery (a request's result; not a test event). */
  redeliverable: boolean;
  /** While pending: when the next attempt is due, and when it gives up if every attempt fails. */
  nextAttemptAt: Date | null;
  givesUpAt: Date | null;
  maxAttempts: number;
  /** The latest attempt's body as sent (cut at 64 KB). */
  payload: string | null;
  attempts: {
    attempt: number;
    at: Date;
    status: number | null;
    error: string | null;
    durationMs: number;
    responseExcerpt: string | null;
    /** webhook-id, webhook-timestamp, webhook-signature as sent. */
    headers: Record<string, string> | null;
  }[];
}

export const DELIVERIES_PER_PAGE = 20;

/** `?state=` of the log's URL, read leniently: anything else means every state. */
export function parseDeliveryState(v: string | string[] | undefined): DeliveryStateName | undefined {
  const s = Array.isArray(v) ? v[0] : v;
  return (DELIVERY_STATES as readonly string[]).includes(s ?? "") ? (s as DeliveryStateName) : undefined;
}

/** Every delivery of a project: its requests', its crawls', and its test events. */
export function projectDeliveries(projectId: string): Prisma.WebhookDeliveryWhereInput {
  return { OR: [{ request: { projectId } }, { crawl: { projectId } }, { projectId }] };
}

function headersOf(v: Prisma.JsonValue | null): Record<string, string> | null {
  if (!v || typeof v !== "object" || Array.isArray(v)) return null;
  return Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === "string"));
}

/** Destinations with deliveries waiting, and how many: what "Cancel pending" offers. */
export async function pendingDestinations(projectId: string): Promise<{ url: string; pending: number }[]> {
  const groups = await db().webhookDelivery.groupBy({
    by: ["url"],
    where: { ...projectDeliveries(projectId), state: "pending" },
    _count: { _all: true },
  });
  return groups.map((g) => ({ url: g.url, pending: g._count._all })).sort((a, b) => b.pending - a.pending);
}

export async function webhookLog(
  projectId: string,
  page = 1,
  state?: DeliveryStateName,
): Promise<{ entries: DeliveryEntry[]; more: boolean }> {
  const rows = await db().webhookDelivery.findMany({
    where: { ...projectDeliveries(projectId), ...(state && { state }) },
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
      token: d.request?.token ?? d.crawl?.token ?? null,
      operation:
        d.request?.operation ??
        (d.crawl ? `${d.crawl.kind}.${d.crawlPageId ? "page" : "completed"}` : (d.event ?? "event")),
      redeliverable: Boolean(d.request),
      nextAttemptAt: d.state === "pending" ? d.nextAttemptAt : null,
      givesUpAt: d.state === "pending" && d.nextAttemptAt ? givesUpAt(d.attempts, d.nextAttemptAt) : null,
      maxAttempts: MAX_DELIVERY_ATTEMPTS,
      payload: d.payload,
      attempts: d.log.map((a) => ({
        headers: headersOf(a.headers),
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
