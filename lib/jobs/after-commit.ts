import { db, type Prisma } from "@/lib/db";

/**
 * Work that must happen only once a transaction has committed, keyed by the transaction client.
 * The pg-boss driver enqueues inside the transaction itself; the Inngest driver cannot (its event
 * leaves over HTTP), so it defers its send here and `transaction()` flushes it after COMMIT: a
 * job never runs for a row that is not visible yet, nor for one that was rolled back.
 */
const pending = new WeakMap<object, Array<() => Promise<unknown>>>();

/** Runs `work` after `tx` commits; false when `tx` was not opened through `transaction()`. */
export function afterCommit(tx: unknown, work: () => Promise<unknown>): boolean {
  const list = tx && typeof tx === "object" ? pending.get(tx) : undefined;
  if (!list) return false;
  list.push(work);
  return true;
}

/** `db().$transaction` plus the after-commit hook; use it wherever a transaction enqueues jobs. */
export async function transaction<T>(fn: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  const deferred: Array<() => Promise<unknown>> = [];
  const out = await db().$transaction(async (tx) => {
    pending.set(tx, deferred);
    return fn(tx);
  });
  for (const work of deferred) await work();
  return out;
}
