/**
 * A global politeness cap per receiver, shared by every tenant and every process: at most
 * WEBHOOK_MAX_PER_RECEIVER (2) attempts in flight to one destination. The places are rows of
 * WebhookReceiverPlace (destination, slot 0…max−1), so worker processes on other machines count
 * against the same cap. Each tenant's lane to a receiver runs one delivery at a time
 * (destination.ts), so the attempts that find the receiver full are other tenants' turns: they step
 * back for a moment WITHOUT holding a worker or spending an attempt (deliver.ts re-enqueues them in
 * their own lane), and the next free place goes to whichever comes back first, so no tenant can
 * keep the receiver to itself.
 *
 * A place is held until its attempt ends, and never past `until`: a process that dies mid-attempt
 * frees its places by themselves once the delivery's timeout (plus a margin) has passed.
 */
import { randomUUID } from "node:crypto";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { DELIVERY_TIMEOUT_MS } from "./post";

/** How long a place outlives the attempt's own timeout before another may take it. */
const HOLD_MARGIN_MS = 5_000;

export function maxPerReceiver(): number {
  return config().WEBHOOK_MAX_PER_RECEIVER;
}

/**
 * One statement: the first slot that is free (no row, or its holder's time is up) becomes ours.
 * Two takers racing for the same slot: the second's conflict clause sees the first's fresh `until`
 * and takes nothing, so it steps back and comes again (never more than the cap at once).
 */
const TAKE = `
  WITH free AS (
    SELECT s AS slot FROM generate_series(0, $2::int - 1) AS s
    WHERE NOT EXISTS (
      SELECT 1 FROM "WebhookReceiverPlace" p
      WHERE p.destination = $1 AND p.slot = s AND p."until" > (now() AT TIME ZONE 'UTC'))
    ORDER BY s LIMIT 1)
  INSERT INTO "WebhookReceiverPlace" (destination, slot, holder, "until")
  SELECT $1, slot, $3, (now() AT TIME ZONE 'UTC') + make_interval(secs => $4::int / 1000.0) FROM free
  ON CONFLICT (destination, slot) DO UPDATE SET holder = EXCLUDED.holder, "until" = EXCLUDED."until"
    WHERE "WebhookReceiverPlace"."until" <= (now() AT TIME ZONE 'UTC')
  RETURNING slot`;

/** Take a place at `destination`; null when it is full (try again shortly). Release it when done. */
export async function tryTakeReceiverPlace(destination: string): Promise<(() => Promise<void>) | null> {
  const holder = randomUUID();
  const rows = await db().$queryRawUnsafe<{ slot: number }[]>(
    TAKE,
    destination,
    maxPerReceiver(),
    holder,
    DELIVERY_TIMEOUT_MS + HOLD_MARGIN_MS,
  );
  const slot = rows[0]?.slot;
  if (slot === undefined) return null;
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    await db()
      .$executeRawUnsafe(
        `DELETE FROM "WebhookReceiverPlace" WHERE destination = $1 AND slot = $2 AND holder = $3`,
        destination,
        slot,
        holder,
      )
      .catch((err: unknown) => console.error("[webhooks] releasing a receiver place failed:", err));
  };
}
