import { db } from "@/lib/db";

/**
 * Webhook deliveries are laned and backed off per ORGANIZATION and destination (scheme://host:port):
 * one tenant's failing deliveries to a receiver that many share (hooks.zapier.com) never delay
 * another tenant's (issue 27). A lane that keeps failing is backed off on its own, so its deliveries
 * stop costing attempts and worker time while it is down: after CIRCUIT_THRESHOLD consecutive
 * failed attempts no attempt goes there for 30 s, doubling per further failure up to an hour. The
 * first attempt after that window probes it; one success closes the circuit.
 */
export const CIRCUIT_THRESHOLD = 5;
const FIRST_OPEN_MS = 30_000;
const MAX_OPEN_MS = 3_600_000;

/** The destination of a delivery URL: the receiver whose politeness cap every tenant shares. */
export function destinationOf(url: string): string {
  return new URL(url).origin;
}

/** Whose deliveries to where: the organization and the delivery URL. */
export interface DeliveryLane {
  organizationId: string;
  url: string;
}

/**
 * The lane and circuit key: organization and destination. Stored in WebhookDestination.origin
 * (the row's id), so rows written before issue 27 (a bare origin) are simply never read again.
 */
export function laneKey(lane: DeliveryLane): string {
  return `${lane.organizationId} ${destinationOf(lane.url)}`;
}

/** When the lane takes attempts again (epoch ms), or null when it does now. */
export async function closedAt(key: string, now = Date.now()): Promise<number | null> {
  const row = await db().webhookDestination.findUnique({
    where: { origin: key },
    select: { openUntil: true },
  });
  const until = row?.openUntil?.getTime() ?? 0;
  return until > now ? until : null;
}

/** Records an attempt's outcome; returns when the lane next takes attempts (0 = now). */
export async function recordOutcome(key: string, ok: boolean, now = Date.now()): Promise<number> {
  if (ok) {
    await db().webhookDestination.upsert({
      where: { origin: key },
      create: { origin: key },
      update: { failures: 0, openUntil: null },
    });
    return 0;
  }
  const row = await db().webhookDestination.upsert({
    where: { origin: key },
    create: { origin: key, failures: 1 },
    update: { failures: { increment: 1 } },
  });
  if (row.failures < CIRCUIT_THRESHOLD) return 0;
  const openMs = Math.min(FIRST_OPEN_MS * 2 ** (row.failures - CIRCUIT_THRESHOLD), MAX_OPEN_MS);
  const openUntil = now + openMs;
  await db().webhookDestination.update({ where: { origin: key }, data: { openUntil: new Date(openUntil) } });
  return openUntil;
}
