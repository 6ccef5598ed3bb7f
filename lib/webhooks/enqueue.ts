import { config } from "@/lib/config";
import type { Prisma } from "@/lib/db";
import { enqueue, jobName, type EnqueueOptions } from "@/lib/jobs";
import { laneKey, type DeliveryLane } from "./destination";

export const WEBHOOK_JOB = jobName<{ deliveryId: string }>("deliver-webhook");

/** Deliveries a project may have waiting; more are recorded as failed unsent (docs/webhooks.md). */
export function maxPendingPerProject(): number {
  return config().WEBHOOK_MAX_PENDING_PER_PROJECT;
}

/**
 * Records a delivery of a finished async result and enqueues it in the caller's transaction, so a
 * result is never stored without its delivery (or the reverse), crash or not. Goes to `report_to`,
 * else the project's default webhook, else nowhere (docs/spec.md §6.1).
 *
 * A project with `maxPendingPerProject()` deliveries already waiting gets this one recorded as
 * failed without an attempt: a receiver that is down cannot grow an unbounded backlog that
 * every other project's deliveries would queue behind. The result stays available at GET /result.
 */
export async function enqueueWebhookDelivery(tx: Prisma.TransactionClient, token: string): Promise<void> {
  const req = await tx.request.findUniqueOrThrow({
    where: { token },
    select: {
      id: true,
      projectId: true,
      reportTo: true,
      project: { select: { webhookUrl: true, organizationId: true } },
    },
  });
  const url = req.reportTo ?? req.project.webhookUrl;
  if (!url) return;
  await recordDelivery(
    tx,
    req.projectId,
    { organizationId: req.project.organizationId, url },
    { requestId: req.id },
  );
}

/**
 * Records a delivery of one finished page of a crawl or batch (`crawlPageId`), or of the crawl's
 * end (no page), in the caller's transaction; same destination rule and backlog limit as above.
 */
export async function enqueueCrawlDelivery(
  tx: Prisma.TransactionClient,
  crawl: { id: string; projectId: string; reportTo: string | null },
  crawlPageId?: string,
): Promise<void> {
  const project = await tx.project.findUniqueOrThrow({
    where: { id: crawl.projectId },
    select: { webhookUrl: true, organizationId: true },
  });
  const url = crawl.reportTo ?? project.webhookUrl;
  if (!url) return;
  await recordDelivery(
    tx,
    crawl.projectId,
    { organizationId: project.organizationId, url },
    { crawlId: crawl.id, crawlPageId: crawlPageId ?? null },
  );
}

async function recordDelivery(
  tx: Prisma.TransactionClient,
  projectId: string,
  lane: DeliveryLane,
  owner: { requestId: string } | { crawlId: string; crawlPageId: string | null },
): Promise<void> {
  const { url } = lane;
  const pending = await tx.webhookDelivery.count({
    where: { state: "pending", OR: [{ request: { projectId } }, { crawl: { projectId } }] },
  });
  if (pending >= maxPendingPerProject()) {
    await tx.webhookDelivery.create({
      data: {
        ...owner,
        url,
        state: "failed",
        log: {
          create: {
            attempt: 0,
            durationMs: 0,
            error: `not sent: the project already has ${pending} deliveries waiting (limit ${maxPendingPerProject()})`,
          },
        },
      },
    });
    return;
  }
  const delivery = await tx.webhookDelivery.create({ data: { ...owner, url } });
  await enqueueDeliveryJob(delivery.id, lane, { tx });
}

/**
 * Every job of one organization to one destination runs in that lane (per-key concurrency 1): a
 * receiver that never answers holds one worker per tenant sending there at most, and deliveries
 * elsewhere, or another tenant's to the same receiver, never queue behind it.
 */
export function enqueueDeliveryJob(
  deliveryId: string,
  lane: DeliveryLane,
  options: Omit<EnqueueOptions, "singletonKey"> = {},
): Promise<string> {
  return enqueue(WEBHOOK_JOB, { deliveryId }, { ...options, singletonKey: `webhook:${laneKey(lane)}` });
}
