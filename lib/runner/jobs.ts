import { defineJob } from "@/lib/jobs";
import { poolConfigFromEnv } from "@/lib/page/config";
import { RUN_REQUEST_JOB, type RunRequestJob } from "@/lib/requests/job";
import { runRequest } from "./run-request";
import { deliverWebhook, WEBHOOK_JOB } from "@/lib/webhooks/deliver";

/**
 * Every job this app runs, registered once when the composition root (lib/server/job-catalog.ts)
 * loads this module; both job drivers build their workers from the registry.
 */
export const runRequestJob = defineJob<RunRequestJob>({
  name: RUN_REQUEST_JOB,
  handler: async (job) => runRequest(job),
  // A crash mid-visit is retried; page-level failures are handled (and retried) inside runRequest.
  retryLimit: 5,
  retryDelaySeconds: 2,
  retryBackoff: true,
  // As many as the browser pool has slots: fewer would leave slots idle; the pool's fair queue
  // orders the jobs beyond them.
  concurrency: poolConfigFromEnv().concurrency,
  expireInSeconds: 15 * 60,
});

export const deliverWebhookJob = defineJob<{ deliveryId: string }>({
  name: WEBHOOK_JOB,
  handler: async ({ deliveryId }) => deliverWebhook(deliveryId),
  // Delivery retries are delayed jobs of their own (deliver.ts: backoff per delivery and per
  // destination, 36 attempts ≈ 27 h); the engine's retries only cover a crash mid-attempt.
  retryLimit: 3,
  retryDelaySeconds: 5,
  retryBackoff: true,
  concurrency: 4,
  expireInSeconds: 60,
});
