/**
 * Where a request's time went (issue 26 §6): waiting in the queue, then processing (which includes
 * busy-host retries, docs/spec.md §7.5), adding up to the total the caller waited. A request still
 * queued or processing has its running part measured to `now`.
 */
export interface RequestTimes {
  /** From the request's arrival until its job started (a cache hit never queues: 0). */
  queuedMs: number | null;
  processingMs: number | null;
  /** From arrival to finish; null while it runs. */
  totalMs: number | null;
  /** Whether the figures are still growing (queued or processing). */
  running: boolean;
}

export interface TimedRow {
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  processingMs: number | null;
}

const since = (from: Date, to: Date) => Math.max(0, to.getTime() - from.getTime());

export function requestTimes(r: TimedRow, now = new Date()): RequestTimes {
  if (!r.startedAt)
    return { queuedMs: since(r.createdAt, now), processingMs: null, totalMs: null, running: true };
  // A cache hit's row is written after it was answered, so its start may precede its createdAt.
  const queuedMs = since(r.createdAt, r.startedAt);
  if (!r.finishedAt) return { queuedMs, processingMs: since(r.startedAt, now), totalMs: null, running: true };
  const processingMs = r.processingMs ?? since(r.startedAt, r.finishedAt);
  return { queuedMs, processingMs, totalMs: queuedMs + processingMs, running: false };
}
