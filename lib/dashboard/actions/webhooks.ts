"use server";

import crypto from "node:crypto";
import { revalidatePath } from "next/cache";
import { db } from "@/lib/db";
import { transaction } from "@/lib/jobs";
import { newWebhookSecret } from "@/lib/admin/organizations";
import { enqueueDeliveryJob } from "@/lib/webhooks/enqueue";
import { postSigned } from "@/lib/webhooks/post";
import { SECRET_GRACE_MS } from "@/lib/webhooks/signing";
import { loggedPayload } from "@/lib/webhooks/deliver";
import { projectAccess } from "../access";
import { asUser, UserFacingError, type ActionResult } from "../action-result";

/**
 * Webhook actions of the project page (issue 10 §6). Each re-checks the session and the caller's
 * role; redelivery and the test event go through the same egress guard as real deliveries.
 */

/** Re-sends a delivery's request as a NEW delivery (new webhook-id: a receiver that de-duplicates
 * by id would otherwise drop exactly the message the user asked to send again). */
export async function redeliverAction(
  projectId: string,
  deliveryId: string,
): Promise<ActionResult<{ deliveryId: string }>> {
  return asUser(async (user) => {
    await projectAccess(user, projectId, "admin");
    const original = await db().webhookDelivery.findFirst({
      where: { id: deliveryId, request: { projectId } },
      select: {
        requestId: true,
        url: true,
        request: { select: { project: { select: { organizationId: true } } } },
      },
    });
    if (!original) throw new UserFacingError("No such delivery in this project.");
    const created = await transaction(async (tx) => {
      const d = await tx.webhookDelivery.create({
        data: { requestId: original.requestId, url: original.url },
      });
      const organizationId = original.request!.project.organizationId;
      await enqueueDeliveryJob(d.id, { organizationId, url: original.url }, { tx }); // the tenant's own lane
      return d;
    });
    revalidatePath(`/dashboard/projects/${projectId}/webhooks`);
    return { deliveryId: created.id };
  });
}

export interface TestEventOutcome {
  url: string;
  status: number | null;
  durationMs: number;
  excerpt: string | null;
  error: string | null;
}

/**
 * POSTs a signed `webhook.test` event to the project's default webhook now and reports the answer.
 * It is logged like any delivery (one attempt, never retried: the user is watching its answer).
 */
export async function sendTestEventAction(
  projectId: string,
): Promise<ActionResult<{ outcome: TestEventOutcome }>> {
  return asUser(async (user) => {
    await projectAccess(user, projectId, "admin");
    const project = await db().project.findUniqueOrThrow({
      where: { id: projectId },
      select: {
        webhookUrl: true,
        webhookSecret: true,
        previousWebhookSecret: true,
        previousWebhookSecretUntil: true,
      },
    });
    if (!project.webhookUrl)
      throw new UserFacingError("Set a default webhook URL first, then send a test event.");
    const msgId = `msg_test_${crypto.randomBytes(12).toString("hex")}`;
    const body = JSON.stringify({
      type: "webhook.test",
      timestamp: new Date().toISOString(),
      data: { project_id: projectId },
    });
    const sent = await postSigned(project.webhookUrl, msgId, body, project);
    await db().webhookDelivery.create({
      data: {
        projectId,
        event: "webhook.test",
        url: project.webhookUrl,
        state: sent.error === null ? "delivered" : "failed",
        attempts: 1,
        payload: loggedPayload(body),
        ...(sent.error === null && { deliveredAt: new Date() }),
        log: {
          create: {
            attempt: 1,
            status: sent.status,
            error: sent.error,
            durationMs: sent.durationMs,
            responseExcerpt: sent.excerpt,
            headers: { ...sent.headers },
          },
        },
      },
    });
    revalidatePath(`/dashboard/projects/${projectId}/webhooks`);
    const outcome: TestEventOutcome = {
      url: project.webhookUrl,
      status: sent.status,
      durationMs: sent.durationMs,
      excerpt: sent.excerpt,
      error: sent.error,
    };
    return { outcome };
  });
}

/**
 * Cancels every pending delivery of the project to one destination (a receiver that is gone for
 * good): they are marked cancelled and their queued attempts find nothing to send. Returns how many.
 */
export async function cancelPendingDeliveriesAction(
  projectId: string,
  url: string,
): Promise<ActionResult<{ cancelled: number }>> {
  return asUser(async (user) => {
    await projectAccess(user, projectId, "admin");
    if (typeof url !== "string" || !url) throw new UserFacingError("Name the destination to cancel.");
    const { count } = await db().webhookDelivery.updateMany({
      where: {
        url,
        state: "pending",
        OR: [{ request: { projectId } }, { crawl: { projectId } }, { projectId }],
      },
      data: { state: "cancelled", nextAttemptAt: null },
    });
    revalidatePath(`/dashboard/projects/${projectId}/webhooks`);
    return { cancelled: count };
  });
}

/**
 * New signing secret; the old one keeps signing beside it for SECRET_GRACE_MS so receivers can
 * switch without dropping deliveries. Rotating again inside the window drops the oldest secret.
 */
export async function rotateWebhookSecretAction(
  projectId: string,
): Promise<ActionResult<{ secret: string; previousUntil: string }>> {
  return asUser(async (user) => {
    await projectAccess(user, projectId, "admin");
    const current = await db().project.findUniqueOrThrow({
      where: { id: projectId },
      select: { webhookSecret: true },
    });
    const secret = newWebhookSecret();
    const previousUntil = new Date(Date.now() + SECRET_GRACE_MS);
    await db().project.update({
      where: { id: projectId },
      data: {
        webhookSecret: secret,
        previousWebhookSecret: current.webhookSecret,
        previousWebhookSecretUntil: previousUntil,
      },
    });
    revalidatePath(`/dashboard/projects/${projectId}/webhooks`);
    return { secret, previousUntil: previousUntil.toISOString() };
  });
}

/** Ends the grace window at once (the old secret may have leaked). */
export async function stopOldWebhookSecretAction(projectId: string): Promise<ActionResult> {
  return asUser(async (user) => {
    await projectAccess(user, projectId, "admin");
    await db().project.update({
      where: { id: projectId },
      data: { previousWebhookSecret: null, previousWebhookSecretUntil: null },
    });
    revalidatePath(`/dashboard/projects/${projectId}/webhooks`);
    return {};
  });
}
