import { db } from "@/lib/db";

/**
 * A destination (scheme://host:port) that keeps failing is backed off on its own, so its deliveries
 * stop costing attempts and worker time while it is down: after CIRCUIT_THRESHOLD consecutive
 * failed attempts no attempt goes there for 30 s, doubling per further failure up to an hour. The
 * first attempt after that window probes it; one success closes the circuit.
 */
export const CIRCUIT_THRESHOLD = 5;
const FIRST_OPEN_MS = 30_000;
const MAX_OPEN_MS = 3_600_000;

/** The lane and circuit key of a delivery URL: deliveries to one origin share both. */
export function destinationOf(url: string): string {
  return new URL(url).origin;
}

/** When the destination takes attempts again (epoch ms), or null when it does now. */
export async function closedAt(origin: string, now = Date.now()): Promise<number | null> {
  const row = await db().webhookDestination.findUnique({ where: { origin }, select: { openUntil: true } });
  const until = row?.openUntil?.getTime() ?? 0;
  return until > now ? until : null;
}

/** Records an attempt's outcome; returns when the destination next takes attempts (0 = now). */
export async function recordOutcome(origin: string, ok: boolean, now = Date.now()): Promise<number> {
  if (ok) {
    await db().webhookDestination.upsert({
      where: { origin },
      create: { origin },
      update: { failures: 0, openUntil: null },
    });
    return 0;
  }
  const row = await db().webhookDestination.upsert({
    where: { origin },
    create: { origin, failures: 1 },
    update: { failures: { increment: 1 } },
  });
  if (row.failures < CIRCUIT_THRESHOLD) return 0;
  const openMs = Math.min(FIRST_OPEN_MS * 2 ** (row.failures - CIRCUIT_THRESHOLD), MAX_OPEN_MS);
  const openUntil = now + openMs;
  await db().webhookDestination.update({ where: { origin }, data: { openUntil: new Date(openUntil) } });
  return openUntil;
}
