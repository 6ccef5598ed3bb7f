import type { Prisma } from "@/lib/db";
import { enqueue } from "@/lib/jobs";

export const WEBHOOK_JOB = "deliver-webhook";

/**
 * Records a delivery of a finished async result and enqueues it in the caller's transaction, so a
 * result is never stored without its delivery (or the reverse), crash or not. Goes to `report_to`,
 * else the project's default webhook, else nowhere (spec §6.1).
 */
export async function enqueueWebhookDelivery(tx: Prisma.TransactionClient, token: string): Promise<void> {
  const req = await tx.request.findUniqueOrThrow({
    where: { token },
    select: { id: true, reportTo: true, project: { select: { webhookUrl: true } } },
  });
  const url = req.reportTo ?? req.project.webhookUrl;
  if (!url) return;
  const delivery = await tx.webhookDelivery.create({ data: { requestId: req.id, url } });
  await enqueue(WEBHOOK_JOB, { deliveryId: delivery.id }, { tx });
}
