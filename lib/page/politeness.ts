/**
 * Busy pages (spec 7.5): when a host answers with a timeout, a 5xx or a 429, requests to it are
 * spaced out and retried with exponential backoff (honouring Retry-After) for up to ten minutes
 * before the failure is reported. The effect is longer processing, not a failure.
 *
 * The per-host state lives in the database (HostState) so every worker process agrees: one
 * worker's 429 slows all workers down for that host. Healthy hosts have backoff 0 and pay one
 * small transaction per attempt, no waiting.
 */
import { OperationFailure } from "@/lib/api/errors";
import { db, type Prisma } from "@/lib/db";

/** First pause after a retryable failure; doubles per consecutive failure. */
export const BASE_BACKOFF_MS = 2_000;
/** Longest pause we choose ourselves (a Retry-After may ask for more, within the total budget). */
export const MAX_BACKOFF_MS = 60_000;
export const DEFAULT_MAX_TOTAL_MS = 600_000;

export interface HostStateStore {
  /**
   * Take the next turn for `host`: returns when (epoch ms) this attempt may start, and pushes the
   * host's next turn back by its current backoff so concurrent attempts are spaced out.
   */
  reserve(host: string, now: number): Promise<number>;
  /** A retryable failure: double the backoff (at least `minWaitMs`) and move the next turn back. */
  failed(host: string, now: number, minWaitMs: number): Promise<number>;
  /** A success: the host is healthier, halve its backoff. */
  succeeded(host: string, now: number): Promise<void>;
}

export interface WaitInfo {
  host: string;
  attempt: number;
  waitMs: number;
  failure?: OperationFailure;
}

export interface PolitenessOptions {
  maxTotalMs?: number;
  onWait?: (info: WaitInfo) => void;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  store?: HostStateStore;
}

function nextBackoff(current: number, minWaitMs: number): number {
  const doubled = current > 0 ? Math.min(current * 2, MAX_BACKOFF_MS) : BASE_BACKOFF_MS;
  return Math.max(doubled, minWaitMs);
}

function healthierBackoff(current: number): number {
  const halved = Math.floor(current / 2);
  return halved < BASE_BACKOFF_MS ? 0 : halved;
}

/** HostState rows through Prisma; a row lock serialises workers racing for the same host. */
export const prismaHostStateStore: HostStateStore = {
  async reserve(host, now) {
    return db().$transaction(async (tx) => {
      const row = await lockedRow(tx, host, now);
      const slot = Math.max(now, row.nextAllowedAt.getTime());
      await tx.hostState.update({ where: { host }, data: { nextAllowedAt: new Date(slot + row.backoffMs) } });
      return slot;
    });
  },
  async failed(host, now, minWaitMs) {
    return db().$transaction(async (tx) => {
      const row = await lockedRow(tx, host, now);
      const backoffMs = nextBackoff(row.backoffMs, minWaitMs);
      const next = Math.max(row.nextAllowedAt.getTime(), now + Math.max(backoffMs, minWaitMs));
      await tx.hostState.update({ where: { host }, data: { backoffMs, nextAllowedAt: new Date(next) } });
      return next;
    });
  },
  async succeeded(host) {
    const row = await db().hostState.findUnique({ where: { host } });
    if (!row || row.backoffMs === 0) return;
    await db().hostState.update({ where: { host }, data: { backoffMs: healthierBackoff(row.backoffMs) } });
  },
};

async function lockedRow(tx: Prisma.TransactionClient, host: string, now: number) {
  // One atomic statement: Prisma's upsert with an empty update is a read then a create, and two
  // PostgreSQL connections (two workers, or two processes) both create (HostState_pkey violation).
  await tx.$executeRaw`INSERT INTO "HostState" ("host", "nextAllowedAt", "updatedAt") VALUES (${host}, ${new Date(now)}, now()) ON CONFLICT ("host") DO NOTHING`;
  await tx.$queryRaw`SELECT 1 FROM "HostState" WHERE "host" = ${host} FOR UPDATE`;
  return tx.hostState.findUniqueOrThrow({ where: { host } });
}

/** The same rules in memory: one process only (tests, tools without a database). */
export function memoryHostStateStore(): HostStateStore {
  const rows = new Map<string, { nextAllowedAt: number; backoffMs: number }>();
  const row = (host: string, now: number) => {
    let r = rows.get(host);
    if (!r) rows.set(host, (r = { nextAllowedAt: now, backoffMs: 0 }));
    return r;
  };
  return {
    async reserve(host, now) {
      const r = row(host, now);
      const slot = Math.max(now, r.nextAllowedAt);
      r.nextAllowedAt = slot + r.backoffMs;
      return slot;
    },
    async failed(host, now, minWaitMs) {
      const r = row(host, now);
      r.backoffMs = nextBackoff(r.backoffMs, minWaitMs);
      r.nextAllowedAt = Math.max(r.nextAllowedAt, now + Math.max(r.backoffMs, minWaitMs));
      return r.nextAllowedAt;
    },
    async succeeded(host, now) {
      const r = row(host, now);
      r.backoffMs = healthierBackoff(r.backoffMs);
    },
  };
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Run `attempt` against `url`'s host with spacing and retries. Retryable OperationFailures
 * (timeouts, 5xx, 429) are retried while the total waiting stays within `maxTotalMs`; anything else,
 * or a failure whose next wait would not fit, is thrown. `waitedMs` is the time spent waiting.
 */
export async function withHostPoliteness<T>(
  url: string,
  attempt: (n: number) => Promise<T>,
  opts: PolitenessOptions = {},
): Promise<{ value: T; waitedMs: number }> {
  const now = opts.now ?? Date.now;
  const sleep = opts.sleep ?? realSleep;
  const store = opts.store ?? prismaHostStateStore;
  const maxTotalMs = opts.maxTotalMs ?? DEFAULT_MAX_TOTAL_MS;
  const host = new URL(url).hostname.toLowerCase();
  const start = now();
  let waitedMs = 0;
  let lastFailure: OperationFailure | undefined;

  for (let n = 1; ; n++) {
    const slot = await store.reserve(host, now());
    const waitMs = Math.max(0, slot - now());
    if (waitMs > 0) {
      if (lastFailure && now() - start + waitMs > maxTotalMs) throw lastFailure;
      opts.onWait?.({ host, attempt: n, waitMs, ...(lastFailure && { failure: lastFailure }) });
      await sleep(waitMs);
      waitedMs += waitMs;
    }
    try {
      const value = await attempt(n);
      await store.succeeded(host, now());
      return { value, waitedMs };
    } catch (err) {
      if (!(err instanceof OperationFailure) || !err.retryable) throw err;
      lastFailure = err;
      const next = await store.failed(host, now(), err.retryAfterMs ?? 0);
      // Give up now rather than sleep towards a retry that could not start within the budget.
      if (next - start > maxTotalMs) throw err;
    }
  }
}
