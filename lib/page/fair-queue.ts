/**
 * Browser slots shared fairly between organizations and hosts (replaces a FIFO semaphore, under
 * which one organization's burst, or its slow hosts, could take every slot while others waited).
 *
 * Rules, applied each time a slot is free and someone waits:
 *  1. Host cap: a host holding `hostCap` slots gets another only while at least one slot would
 *     still stay free for anyone else. So one host (a slow one, or one organization's hanging
 *     hosts) never holds the whole pool: with 2 slots, one host holds at most 1 at a time.
 *  2. Organizations: the slot goes to the waiting organization holding the FEWEST slots; ties go to
 *     the one served least recently (round-robin). So an organization only gets a slot beyond its
 *     fair share when nobody with fewer slots waits.
 *  3. Within an organization, first come, first served.
 * Between organizations the queue is work-conserving (an organization alone may use every slot:
 * its own plan concurrency limits it); there is no preemption, so a slot taken while nobody else
 * waited is kept until that visit ends, which the visit's own time budget bounds.
 */

export interface SlotClaim {
  organization: string;
  host: string;
}

interface Waiter {
  claim: SlotClaim;
  grant: () => void;
}

function bump(counts: Map<string, number>, key: string, by: number): void {
  const n = (counts.get(key) ?? 0) + by;
  if (n > 0) counts.set(key, n);
  else counts.delete(key);
}

export class FairQueue {
  private active = 0;
  private waiters: Waiter[] = [];
  private readonly byOrg = new Map<string, number>();
  private readonly byHost = new Map<string, number>();
  /** Grant sequence number of each organization's latest slot (round-robin tie-break). */
  private readonly lastServed = new Map<string, number>();
  private grants = 0;
  readonly hostCap: number;

  constructor(
    private readonly size: number,
    opts: { hostCap?: number } = {},
  ) {
    if (size < 1) throw new Error("FairQueue size must be at least 1.");
    this.hostCap = Math.max(1, opts.hostCap ?? Math.ceil(size / 2));
  }

  get running(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiters.length;
  }

  /** Slots held by one organization right now. */
  runningFor(organization: string): number {
    return this.byOrg.get(organization) ?? 0;
  }

  /**
   * Resolves with a release function once a slot is granted. Release exactly once (extra calls are
   * ignored). An abort of `signal` before the grant leaves the queue and rejects with its reason
   * (the visit's budget is spent: it must not take a slot it can no longer use).
   */
  acquire(claim: SlotClaim, signal?: AbortSignal): Promise<() => void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason as Error);
      const onAbort = () => {
        const index = this.waiters.indexOf(waiter);
        if (index < 0) return; // granted already: the caller releases
        this.waiters.splice(index, 1);
        reject(signal!.reason as Error);
      };
      const waiter: Waiter = {
        claim,
        grant: () => {
          signal?.removeEventListener("abort", onAbort);
          let released = false;
          resolve(() => {
            if (released) return;
            released = true;
            this.active--;
            bump(this.byOrg, claim.organization, -1);
            bump(this.byHost, claim.host, -1);
            // Forget organizations that are gone, so the map stays as small as the live set.
            const org = claim.organization;
            if (!this.byOrg.has(org) && !this.waiters.some((w) => w.claim.organization === org))
              this.lastServed.delete(org);
            this.pump();
          });
        },
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.waiters.push(waiter);
      this.pump();
    });
  }

  private pump(): void {
    while (this.active < this.size && this.waiters.length) {
      const index = this.pick();
      if (index < 0) return; // only capped hosts wait: the free slot stays for someone else
      const [next] = this.waiters.splice(index, 1);
      const { organization, host } = next!.claim;
      this.active++;
      bump(this.byOrg, organization, 1);
      bump(this.byHost, host, 1);
      this.lastServed.set(organization, ++this.grants);
      next!.grant();
    }
  }

  /** Index of the waiter that gets the next slot, or -1 (rules in the file comment). */
  private pick(): number {
    const headroom = this.size - this.active >= 2;
    const eligible = (w: Waiter) => headroom || (this.byHost.get(w.claim.host) ?? 0) < this.hostCap;
    let best = -1;
    let bestHeld = Infinity;
    let bestServed = Infinity;
    const seen = new Set<string>();
    this.waiters.forEach((w, i) => {
      const org = w.claim.organization;
      // The first eligible waiter of each organization is its candidate (FIFO within it).
      if (seen.has(org) || !eligible(w)) return;
      seen.add(org);
      const held = this.byOrg.get(org) ?? 0;
      const served = this.lastServed.get(org) ?? 0;
      if (held < bestHeld || (held === bestHeld && served < bestServed)) {
        best = i;
        bestHeld = held;
        bestServed = served;
      }
    });
    return best;
  }
}
