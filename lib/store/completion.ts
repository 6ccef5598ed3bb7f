import { EventEmitter } from "node:events";
import { db } from "@/lib/db";

/**
 * Lets a sync request wait for its job. The job usually runs in this same process, so an in-process
 * event wakes the waiter at once; a slow poll of the database covers jobs run by another worker.
 */
const g = globalThis as unknown as { __completion?: EventEmitter };
const bus = (g.__completion ??= new EventEmitter().setMaxListeners(0));

export function announceFinished(token: string): void {
  bus.emit(token);
}

/** Resolves true when the request finished, false when `timeoutMs` passed first. */
export async function waitForFinish(token: string, timeoutMs: number): Promise<boolean> {
  const finished = async () => {
    const r = await db().request.findUnique({ where: { token }, select: { state: true } });
    return r?.state === "complete" || r?.state === "failed";
  };
  if (await finished()) return true;
  return new Promise<boolean>((resolve) => {
    let done = false;
    const end = (value: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearInterval(poll);
      bus.off(token, onEvent);
      resolve(value);
    };
    const onEvent = () => end(true);
    const timer = setTimeout(() => end(false), timeoutMs);
    const poll = setInterval(() => void finished().then((f) => f && end(true)), 1000);
    bus.on(token, onEvent);
  });
}
