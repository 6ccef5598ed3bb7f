/**
 * A global politeness cap per receiver, shared by every tenant: at most
 * WEBHOOK_MAX_PER_RECEIVER (2) attempts in flight to one destination from this process. Each
 * tenant's lane to a receiver runs one delivery at a time (destination.ts), so the attempts that
 * find the receiver full are other tenants' turns: they step back for a moment WITHOUT holding a
 * worker or spending an attempt (deliver.ts re-enqueues them in their own lane), and the next free
 * place goes to whichever comes back first, so no tenant can keep the receiver to itself.
 */
import { config } from "@/lib/config";
import { singleton } from "@/lib/singleton";

/** Attempts in flight per destination, one map per process (whichever bundle asks). */
const inFlightMap = () => singleton("webhooks.receiver-cap", () => new Map<string, number>());

export function maxPerReceiver(): number {
  return config().WEBHOOK_MAX_PER_RECEIVER;
}

/** Take a place at `destination`; null when it is full (try again shortly). */
export function tryTakeReceiverPlace(destination: string): (() => void) | null {
  const inFlight = inFlightMap();
  const now = inFlight.get(destination) ?? 0;
  if (now >= maxPerReceiver()) return null;
  inFlight.set(destination, now + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (inFlight.get(destination) ?? 1) - 1;
    if (left > 0) inFlight.set(destination, left);
    else inFlight.delete(destination);
  };
}
