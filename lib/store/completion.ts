import { EventEmitter } from "node:events";
import pg from "pg";
import { db, dbConfig } from "@/lib/db";
import { singleton } from "@/lib/singleton";

/**
 * Lets a sync request wait for its job. When the job runs in this same process an in-process
 * event wakes the waiter at once. On PostgreSQL the job may run in another process (a worker, or
 * another `all` process): the finishing process also NOTIFYs, and every process that has a waiter
 * LISTENs, so the answer leaves as soon as the result is stored wherever the job ran. A slow poll
 * of the database stays as the fallback (a notification lost with a dropped connection).
 */
export const FINISHED_CHANNEL = "ptd_request_finished";

/** This process's finish events, and its LISTEN connection once one is open (or opening). */
const shared = singleton("completion", (): { bus: EventEmitter; listener?: Promise<unknown> } => ({
  bus: new EventEmitter().setMaxListeners(0),
}));
const bus = shared.bus;

export function announceFinished(token: string): void {
  bus.emit(token);
  if (dbConfig().kind !== "postgres") return; // PGlite: one process, the event above is everything
  void db().$queryRaw`SELECT pg_notify(${FINISHED_CHANNEL}, ${token})`.catch((err: Error) =>
    console.error(`[completion] notify failed (waiters fall back to polling): ${err.message}`),
  );
}

/** One LISTEN connection per process, opened on the first wait; re-opened after it drops. */
function listenAcrossProcesses(): void {
  const config = dbConfig();
  if (config.kind !== "postgres" || shared.listener) return;
  const client = new pg.Client({ connectionString: config.url });
  const drop = () => {
    if (shared.listener === listening) shared.listener = undefined;
    client.end().catch(() => {});
  };
  client.on("notification", (m) => m.payload && bus.emit(m.payload));
  client.on("error", drop);
  client.on("end", drop);
  const listening = client
    .connect()
    .then(() => client.query(`LISTEN ${FINISHED_CHANNEL}`))
    .catch(drop);
  shared.listener = listening;
}

/** Resolves true when the request finished, false when `timeoutMs` passed first. */
export async function waitForFinish(token: string, timeoutMs: number): Promise<boolean> {
  const finished = async () => {
    const r = await db().request.findUnique({ where: { token }, select: { state: true } });
    return r?.state === "complete" || r?.state === "failed";
  };
  listenAcrossProcesses();
  await shared.listener;
  let timer: NodeJS.Timeout | undefined;
  let poll: NodeJS.Timeout | undefined;
  let onEvent = () => {};
  const outcome = new Promise<boolean>((resolve) => {
    onEvent = () => resolve(true);
    timer = setTimeout(() => resolve(false), timeoutMs);
    poll = setInterval(
      () =>
        void finished().then(
          (f) => f && resolve(true),
          () => {},
        ),
      1000,
    );
  });
  // Subscribed before the first check, so a finish between the check and the wait is not missed.
  bus.on(token, onEvent);
  try {
    if (await finished()) return true;
    return await outcome;
  } finally {
    bus.off(token, onEvent);
    clearTimeout(timer);
    clearInterval(poll);
  }
}
