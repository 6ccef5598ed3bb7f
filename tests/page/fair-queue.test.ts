/** The fair slot queue (lib/page/fair-queue.ts): organizations round-robin, hosts capped, work-conserving. */
import { describe, expect, it } from "vitest";
import { FairQueue, type SlotClaim } from "@/lib/page/fair-queue";

/** Queue `claims` and record, by label, the order in which they are granted. */
function queueAll(q: FairQueue, claims: Array<[string, SlotClaim]>) {
  const order: string[] = [];
  const releases = new Map<string, () => void>();
  const granted = claims.map(([label, claim]) =>
    q.acquire(claim).then((release) => {
      order.push(label);
      releases.set(label, release);
    }),
  );
  return { order, releases, granted };
}

const tick = () => new Promise((r) => setImmediate(r));
const claim = (organization: string, host = `${organization}.test`): SlotClaim => ({ organization, host });

describe("FairQueue", () => {
  it("gives a freed slot to the waiting organization holding the fewest slots, not to the longest queue", async () => {
    const q = new FairQueue(2, { hostCap: 2 });
    const { order, releases } = queueAll(q, [
      ["A1", claim("A")],
      ["A2", claim("A")],
      ["A3", claim("A")],
      ["A4", claim("A")],
      ["A5", claim("A")],
      ["B1", claim("B")],
      ["B2", claim("B")],
    ]);
    await tick();
    expect(order).toEqual(["A1", "A2"]);
    expect(q.queued).toBe(5);
    for (const label of ["A1", "A2", "B1", "A3", "B2", "A4"]) {
      releases.get(label)!();
      await tick();
    }
    // Under FIFO B would have waited for all of A's burst; here it alternates with A.
    expect(order).toEqual(["A1", "A2", "B1", "A3", "B2", "A4", "A5"]);
    expect(q.running).toBe(1);
  });

  it("round-robins between organizations that hold the same number of slots", async () => {
    const q = new FairQueue(1);
    const { order, releases } = queueAll(q, [
      ["X", claim("X")],
      ["A1", claim("A")],
      ["A2", claim("A")],
      ["B1", claim("B")],
      ["B2", claim("B")],
      ["C1", claim("C")],
    ]);
    await tick();
    for (let i = 0; i < 5; i++) {
      releases.get(order.at(-1)!)!();
      await tick();
    }
    expect(order).toEqual(["X", "A1", "B1", "C1", "A2", "B2"]);
  });

  it("never lets one host take the last free slot beyond its cap", async () => {
    const q = new FairQueue(2, { hostCap: 1 });
    const { order, releases } = queueAll(q, [
      ["slow1", claim("A", "slow.test")],
      ["slow2", claim("A", "slow.test")],
      ["fast1", claim("A", "fast.test")],
    ]);
    await tick();
    // The second slot goes past slow2 to the other host.
    expect(order).toEqual(["slow1", "fast1"]);
    releases.get("fast1")!();
    await tick();
    // slow.test already holds its share: the free slot stays free for other hosts.
    expect(order).toEqual(["slow1", "fast1"]);
    expect(q.running).toBe(1);
    releases.get("slow1")!();
    await tick();
    expect(order).toEqual(["slow1", "fast1", "slow2"]);
  });

  it("lets a host go over its cap while a slot stays free for others", async () => {
    const q = new FairQueue(4, { hostCap: 2 });
    const { order } = queueAll(
      q,
      Array.from({ length: 5 }, (_, i): [string, SlotClaim] => [`slow${i}`, claim(`o${i}`, "slow.test")]),
    );
    await tick();
    expect(order).toEqual(["slow0", "slow1", "slow2"]);
    expect(q.running).toBe(3);
  });

  it("never runs more than its size, and ignores a second release", async () => {
    const q = new FairQueue(2);
    const { order, releases } = queueAll(
      q,
      Array.from({ length: 6 }, (_, i): [string, SlotClaim] => [`j${i}`, claim(`o${i % 3}`)]),
    );
    await tick();
    expect(q.running).toBe(2);
    const first = releases.get(order[0]!)!;
    first();
    first();
    await tick();
    expect(q.running).toBe(2);
    expect(order).toHaveLength(3);
    expect(q.runningFor("o0") + q.runningFor("o1") + q.runningFor("o2")).toBe(2);
  });

  it("a wait aborted by the visit's budget leaves the queue and never takes a slot", async () => {
    const q = new FairQueue(1);
    const first = await q.acquire(claim("A"));
    const budget = new AbortController();
    const waiting = q.acquire(claim("B"), budget.signal);
    const later = q.acquire(claim("C"));
    expect(q.queued).toBe(2);
    budget.abort(new Error("over budget"));
    await expect(waiting).rejects.toThrow("over budget");
    expect(q.queued).toBe(1);
    first();
    const release = await later; // the slot goes to C, not to the abandoned wait
    expect(q.runningFor("B")).toBe(0);
    expect(q.runningFor("C")).toBe(1);
    release();
    expect(q.running).toBe(0);
  });
});
