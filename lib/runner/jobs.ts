import { defineJob } from "@/lib/jobs";
import { RUN_REQUEST_JOB } from "@/lib/api/pipeline";
import { runRequest } from "./run-request";
import { deliverWebhook, MAX_DELIVERY_ATTEMPTS, WEBHOOK_JOB } from "@/lib/webhooks/deliver";

/** Every job this app runs, registered once; both job drivers build their workers from this list. */
export const runRequestJob = defineJob<{ token: string }>({
  name: RUN_REQUEST_JOB,
  handler: async ({ token }) => runRequest(token),
  // A crash mid-visit is retried; page-level failures are handled (and retried) inside runRequest.
  retryLimit: 5,
  retryDelaySeconds: 2,
  retryBackoff: true,
  concurrency: Number(process.env.PAGE_CONCURRENCY ?? 2),
  expireInSeconds: 15 * 60,
});

export const deliverWebhookJob = defineJob<{ deliveryId: string }>({
  name: WEBHOOK_JOB,
  handler: async ({ deliveryId }, ctx) => deliverWebhook(deliveryId, ctx.attempt),
  // Exponential backoff from 10 s, capped at 1 hour: 35 retries span about 27 hours, so a receiver
  // that is down for a whole day still gets the result (docs/webhooks.md).
  retryLimit: MAX_DELIVERY_ATTEMPTS - 1,
  retryDelaySeconds: Number(process.env.WEBHOOK_RETRY_DELAY_SECONDS ?? 10),
  retryBackoff: true,
  retryDelayMaxSeconds: 3600,
  concurrency: 4,
  expireInSeconds: 60,
});
