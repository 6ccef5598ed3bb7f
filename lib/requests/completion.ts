import { EventEmitter } from "node:events";
import { db, dbConfig } from "@/lib/db";
import { listen, listeningTo } from "@/lib/db/listen";
import { singleton } from "@/lib/singleton";
import type { QuotaUsage } from "@/lib/store/results";
import type { ResultView } from "./read";

/**
 * Lets a sync request wait for its job. When the job runs in this same process an in-process
 * event wakes the waiter at once, carrying what the job stored (the result's view and the
 * organization's usage after settlement), so the answer leaves without reading either back. On
 * PostgreSQL the job may run in another process (a worker, or another `all` process): the
 * finishing process also NOTIFYs, and every process that has a waiter LISTENs, so the answer
 * leaves as soon as the result is stored wherever the job ran. A slow poll of the database stays
 * as the fallback (a notification lost with a dropped connection).
 */
export const FINISHED_CHANNEL = "ptd_request_finished";

/** What a finished request was answered with, as the process that finished it knows it. */
export interface Finished {
  view: Extract<ResultView, { state: "complete" | "failed" }>;
  /** The organization's usage once this request was settled (for X-Quota-Remaining). */
  usage?: QuotaUsage;
}

/** How a wait ended: the finish as announced in this process, `true` (finished elsewhere), or `false` (timed out). */
export type WaitOutcome = Finished | boolean;

/** This process's finish events. */
const bus = singleton("completion", () => new EventEmitter().setMaxListeners(0));

export function announceFinished(token: string, finished?: Finished): void {
  bus.emit(token, finished);
  if (dbConfig().kind !== "postgres") return; // PGlite: one process, the event above is everything
  void db().$executeRaw`SELECT pg_notify(${FINISHED_CHANNEL}, ${token})`.catch((err: Error) =>
    console.error(`[completion] notify failed (waiters fall back to polling): ${err.message}`),
  );
}

/**
 * Hears other processes' finishes on the process's one LISTEN connection (lib/db/listen.ts),
 * opened on the first wait and re-opened by a later one after it drops; a wait that cannot listen
 * still ends by its poll.
 */
function listenAcrossProcesses(): Promise<void> | undefined {
  if (dbConfig().kind !== "postgres" || listeningTo(FINISHED_CHANNEL)) return undefined;
  return listen(FINISHED_CHANNEL, wakeWaiters).catch(() => undefined);
}

function wakeWaiters(token: string): void {
  if (token) bus.emit(token);
}

async function finishedInDatabase(token: string): Promise<boolean> {
  const r = await db().request.findUnique({ where: { token }, select: { state: true } });
  return r?.state === "complete" || r?.state === "failed";
}

/**
 * A subscription to `token`'s finish, taken BEFORE the request is enqueued: then no finish can
 * slip between a check and the wait, and the wait needs no first look at the database. Always
 * `wait()` or `cancel()` it.
 */
export interface FinishWatch {
  wait(timeoutMs: number): Promise<WaitOutcome>;
  cancel(): void;
}

export function watchFinish(token: string): FinishWatch {
  let settle: (outcome: WaitOutcome) => void = () => {};
  let early: WaitOutcome | undefined;
  const onEvent = (finished?: Finished) => {
    if (early === undefined) early = finished ?? true;
    settle(finished ?? true);
  };
  bus.on(token, onEvent);
  const listening = listenAcrossProcesses();
  const cancel = () => void bus.off(token, onEvent);
  return {
    cancel,
    async wait(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      let poll: NodeJS.Timeout | undefined;
      try {
        if (early !== undefined) return early;
        await listening;
        return await new Promise<WaitOutcome>((resolve) => {
          settle = resolve;
          if (early !== undefined) return resolve(early);
          timer = setTimeout(() => resolve(false), timeoutMs);
          poll = setInterval(
            () =>
              void finishedInDatabase(token).then(
                (f) => f && resolve(true),
                () => {},
              ),
            1000,
          );
        });
      } finally {
        cancel();
        clearTimeout(timer);
        clearInterval(poll);
      }
    },
  };
}

/** Waits for a request that may already have finished (a replay, a cache hit's own row). */
export async function waitForFinish(token: string, timeoutMs: number): Promise<WaitOutcome> {
  const watch = watchFinish(token);
  try {
    if (await finishedInDatabase(token)) return true;
  } catch (err) {
    watch.cancel();
    throw err;
  }
  return watch.wait(timeoutMs);
}
