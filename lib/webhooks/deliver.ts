import { db } from "@/lib/db";
import { decodeResult } from "@/lib/store/encode";
import { safeFetch } from "@/lib/net/safe-fetch";
import type { WebhookPayload } from "./payload";
import { activeSecrets, responseExcerpt, signatureHeader } from "./signing";
export { WEBHOOK_JOB } from "./enqueue";

/** After this many attempts a delivery is given up (with backoff capped at 1 h this spans > 24 h). */
export const MAX_DELIVERY_ATTEMPTS = 36;

/**
 * One delivery attempt, signed per Standard Webhooks with the project's secret. Throws on failure
 * so the job engine retries it with backoff; every attempt is logged. The destination passes the
 * egress guard at delivery time (safeFetch resolves and checks it now, not when it was stored).
 */
export async function deliverWebhook(deliveryId: string, attempt: number): Promise<void> {
  const delivery = await db().webhookDelivery.findUnique({
    where: { id: deliveryId },
    include: {
      request: {
        include: {
          result: true,
          project: {
            select: { webhookSecret: true, previousWebhookSecret: true, previousWebhookSecretUntil: true },
          },
        },
      },
    },
  });
  if (!delivery || delivery.state !== "pending") return;
  const req = delivery.request;
  const payload: WebhookPayload = {
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
            result: req.result?.body != null ? decodeResult(req.result.body, req.result.contentType) : null,
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
  const body = JSON.stringify(payload);
  const msgId = `msg_${delivery.id}`; // stable across retries, so receivers can de-duplicate
  const sentAt = new Date();
  const signature = signatureHeader(activeSecrets(req.project, sentAt), msgId, sentAt, body);
  const started = Date.now();
  let status: number | null = null;
  let error: string | null = null;
  let excerpt: string | null = null;
  try {
    const res = await safeFetch(delivery.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "PageToData-Webhooks/1.0",
        "webhook-id": msgId,
        "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
        "webhook-signature": signature,
      },
      body,
      timeoutMs: 15_000,
      maxBytes: 64 * 1024,
      maxRedirects: 0, // a redirecting receiver is a misconfiguration; never re-POST a result elsewhere
    });
    status = res.status;
    excerpt = responseExcerpt(res.body);
    if (status < 200 || status >= 300) error = `receiver answered ${status}`;
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
  }
  const ok = error === null;
  const giveUp = !ok && attempt >= MAX_DELIVERY_ATTEMPTS;
  await db().$transaction([
    db().webhookAttempt.create({
      data: {
        deliveryId,
        attempt,
        status,
        error,
        durationMs: Date.now() - started,
        responseExcerpt: excerpt,
      },
    }),
    db().webhookDelivery.update({
      where: { id: deliveryId },
      data: {
        attempts: attempt,
        ...(ok && { state: "delivered", deliveredAt: new Date() }),
        ...(giveUp && { state: "failed" }),
      },
    }),
  ]);
  if (!ok && !giveUp) throw new Error(`Webhook delivery ${deliveryId} attempt ${attempt} failed: ${error}`);
}
