import { config } from "@/lib/config";
import { db, type Prisma } from "@/lib/db";
import { transaction } from "@/lib/jobs";
import { decodeResult } from "@/lib/store/encode";
import { servedResult } from "@/lib/store/results";
import { closedAt, destinationOf, laneKey, recordOutcome, type DeliveryLane } from "./destination";
import { tryTakeReceiverPlace } from "./receiver-cap";
import { enqueueDeliveryJob } from "./enqueue";
import { crawlPayload } from "./crawl-payload";
import type { WebhookPayload } from "./payload";
import { postSigned } from "./post";
export { WEBHOOK_JOB } from "./enqueue";

/** After this many attempts a delivery is given up (with backoff capped at 1 h this spans > 24 h). */
export const MAX_DELIVERY_ATTEMPTS = 36;

/** Seconds before attempt `attempt + 1`: from WEBHOOK_RETRY_DELAY_SECONDS (10), doubling, capped at 1 h. */
export function retryDelaySeconds(attempt: number): number {
  const first = config().WEBHOOK_RETRY_DELAY_SECONDS;
  return Math.min(first * 2 ** (attempt - 1), 3600);
}

/** A delivery's payload as kept for the log: the body as sent, cut at 64 KB (a result can be 20 MB). */
export const LOGGED_PAYLOAD_CHARS = 64 * 1024;

export function loggedPayload(body: string): string {
  return body.length > LOGGED_PAYLOAD_CHARS ? body.slice(0, LOGGED_PAYLOAD_CHARS) : body;
}

/**
 * When a pending delivery whose next attempt (number `attempts + 1`) is due at `nextAttemptAt` gives
 * up if every attempt left fails: the last attempt's time, the retry delays added up. An estimate:
 * a destination's own backoff can push attempts later still.
 */
export function givesUpAt(attempts: number, nextAttemptAt: Date): Date {
  let at = nextAttemptAt.getTime();
  for (let attempt = attempts + 1; attempt < MAX_DELIVERY_ATTEMPTS; attempt++)
    at += retryDelaySeconds(attempt) * 1000;
  return new Date(at);
}

/**
 * One delivery attempt, signed per Standard Webhooks with the project's secret; every attempt is
 * logged. The next attempt is a delayed job of its own in the lane of the organization and
 * destination, no earlier than that lane's own backoff allows (destination.ts), and within the
 * receiver's cap shared by every tenant (receiver-cap.ts), so a failing receiver costs a worker only
 * for its attempts. The destination passes the egress guard at delivery time (safeFetch resolves
 * and checks it now, not when it was stored).
 */
export async function deliverWebhook(deliveryId: string): Promise<void> {
  const secrets = {
    select: {
      organizationId: true,
      webhookSecret: true,
      previousWebhookSecret: true,
      previousWebhookSecretUntil: true,
    },
  } as const;
  const delivery = await db().webhookDelivery.findUnique({
    where: { id: deliveryId },
    include: {
      request: { include: { result: true, answeredFrom: true, project: secrets } },
      crawl: { include: { project: secrets } },
      crawlPage: true,
    },
  });
  if (!delivery || delivery.state !== "pending") return;
  const project = delivery.request ? delivery.request.project : delivery.crawl!.project;
  const lane: DeliveryLane = { organizationId: project.organizationId, url: delivery.url };
  const key = laneKey(lane);
  const reopensAt = await closedAt(key);
  // This tenant's lane to the destination is backed off: wait for it without spending an attempt.
  if (reopensAt) {
    await db().webhookDelivery.update({
      where: { id: deliveryId },
      data: { nextAttemptAt: new Date(reopensAt) },
    });
    return void (await enqueueDeliveryJob(deliveryId, lane, { delaySeconds: secondsUntil(reopensAt) }));
  }
  // The receiver has all the attempts it takes at once (other tenants'): step back a moment.
  const release = await tryTakeReceiverPlace(destinationOf(delivery.url));
  if (!release) return void (await enqueueDeliveryJob(deliveryId, lane, { delaySeconds: 1 }));
  const attempt = delivery.attempts + 1;
  const payload = delivery.request
    ? requestPayload(delivery.request)
    : crawlPayload(delivery.crawl!, delivery.crawlPage);
  const body = JSON.stringify(payload);
  const msgId = `msg_${delivery.id}`; // stable across retries, so receivers can de-duplicate
  const { status, error, excerpt, durationMs, headers } = await postSigned(
    delivery.url,
    msgId,
    body,
    project,
  ).finally(release);
  const ok = error === null;
  const giveUp = !ok && attempt >= MAX_DELIVERY_ATTEMPTS;
  const reopens = await recordOutcome(key, ok);
  // The attempt's record and the next attempt's job commit together: a crash cannot lose the
  // retry, nor start a second chain of them.
  await transaction(async (tx) => {
    await tx.webhookAttempt.create({
      data: {
        deliveryId,
        attempt,
        status,
        error,
        durationMs,
        responseExcerpt: excerpt,
        headers: { ...headers },
      },
    });
    const due = ok || giveUp ? null : Math.max(Date.now() + retryDelaySeconds(attempt) * 1000, reopens);
    // Only while still pending: an admin may have cancelled it during the attempt (then it stays so).
    const moved = await tx.webhookDelivery.updateMany({
      where: { id: deliveryId, state: "pending" },
      data: {
        attempts: attempt,
        payload: loggedPayload(body),
        nextAttemptAt: due === null ? null : new Date(due),
        ...(ok && { state: "delivered", deliveredAt: new Date() }),
        ...(giveUp && { state: "failed" }),
      },
    });
    if (due === null || moved.count === 0) return;
    await enqueueDeliveryJob(deliveryId, lane, { delaySeconds: secondsUntil(due), tx });
  });
}

function secondsUntil(at: number): number {
  return Math.max(1, Math.ceil((at - Date.now()) / 1000));
}

type RequestWithResult = Prisma.RequestGetPayload<{ include: { result: true; answeredFrom: true } }>;

/** A single request's delivery: its result or its failure (docs/webhooks.md). */
function requestPayload(req: RequestWithResult): WebhookPayload {
  const stored = servedResult(req);
  return {
    type: req.state === "failed" ? "request.failed" : "request.completed",
    timestamp: new Date().toISOString(),
    data: {
      token: req.token,
      operation: req.operation,
      url: req.url,
      status: req.state === "failed" ? "failed" : "complete",
      ...(req.state === "failed"
        ? { error: req.error ?? "", error_code: req.errorCode ?? undefined }
        : {
            result: stored?.body != null ? decodeResult(stored.body, stored.contentType) : null,
          }),
      ...(req.labels ? { labels: req.labels as Record<string, string> } : {}),
      cost: req.cost,
      cached: req.cached,
      ...(req.producedBy ? { produced_by: req.producedBy } : {}),
      processing_time_ms: req.processingMs,
      created_at: req.createdAt.toISOString(),
      finished_at: req.finishedAt?.toISOString() ?? null,
    },
  };
}
