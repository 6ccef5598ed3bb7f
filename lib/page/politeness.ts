/**
 * Busy pages (spec 7.5): when a host answers with a timeout, a 5xx or a 429, requests to it are
 * spaced out and retried with exponential backoff (honouring Retry-After) for up to ten minutes
 * before the failure is reported. The effect is longer processing, not a failure.
 *
 * The per-host state lives in the database (HostState) so every worker process agrees: one
 * worker's 429 slows all workers down for that host. Healthy hosts have backoff 0 and pay one
 * small transaction per attempt, no waiting.
 *
 * The rules are steps (planTurn → attempt → afterFailure) so a job can wait WITHOUT holding a
 * worker: the runner turns a "wait" into a delayed job (lib/runner/run-request.ts).
 * withHostPoliteness strings the same steps together in one process with real sleeps.
 */
import { OperationFailure, type FailureCode } from "@/lib/failures";
import { db, type Prisma } from "@/lib/db";
import { singleton } from "@/lib/singleton";

/** First pause after a retryable failure; doubles per consecutive failure. */
export const BASE_BACKOFF_MS = 2_000;
/** Longest pause we choose ourselves (a Retry-After may ask for more, within the total budget). */
export const MAX_BACKOFF_MS = 60_000;
export const DEFAULT_MAX_TOTAL_MS = 600_000;
/** How long one success vouches for a host. */
export const HEALTHY_FOR_MS = 600_000;
/** A success refreshes lastSuccessAt at most this often (one write per host per minute, not per request). */
const SUCCESS_WRITE_EVERY_MS = 60_000;

export interface HostStateStore {
  /**
   * Take the next turn for `host`: returns when (epoch ms) this attempt may start, and pushes the
   * host's next turn back by its current backoff (at least `spacingMs`: a robots.txt Crawl-delay)
   * so concurrent attempts are spaced out.
   */
  reserve(host: string, now: number, spacingMs?: number): Promise<number>;
  /** A retryable failure: double the backoff (at least `minWaitMs`) and move the next turn back. */
  failed(host: string, now: number, minWaitMs: number, code?: FailureCode): Promise<number>;
  /** The code of the host's last retryable failure, if any. */
  lastFailure(host: string): Promise<FailureCode | null>;
  /** A success: the host is healthier, halve its backoff, and remember when it last answered. */
  succeeded(host: string, now: number): Promise<void>;
  /** Not backing off, and answered within HEALTHY_FOR_MS: requests to it need no caution. */
  knownHealthy(host: string, now: number): Promise<boolean>;
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

function isHealthy(backoffMs: number | undefined, lastSuccessAt: number | undefined, now: number): boolean {
  return backoffMs === 0 && lastSuccessAt !== undefined && lastSuccessAt > now - HEALTHY_FOR_MS;
}

/**
 * What this process last saw of a host's row, and when: a run reads the row once (in `reserve`)
 * and answers `knownHealthy` and `succeeded` from that read instead of reading it twice more.
 */
const SEEN_FRESH_MS = 1_000;
const seen = singleton(
  "politeness.host-seen",
  () => new Map<string, { backoffMs: number; lastSuccessAt?: number; at: number }>(),
);

function seenRecently(host: string, now: number) {
  const s = seen.get(host);
  return s && now - s.at < SEEN_FRESH_MS ? s : undefined;
}

function remember(host: string, backoffMs: number, lastSuccessAt: Date | null, now: number): void {
  if (seen.size > 10_000) seen.clear();
  seen.set(host, { backoffMs, lastSuccessAt: lastSuccessAt?.getTime(), at: now });
}

/** HostState rows through Prisma; a row lock serialises workers racing for the same host. */
export const prismaHostStateStore: HostStateStore = {
  async reserve(host, now, spacingMs = 0) {
    // ONE atomic statement (its row lock serialises racing workers and processes): the turn is the
    // later of now and the host's next turn, which moves back by the host's current backoff (or
    // the caller's spacing, when larger).
    const at = new Date(now);
    const spacing = Math.max(0, Math.round(spacingMs));
    const [row] = await db().$queryRaw<
      Array<{ nextAllowedAt: Date; backoffMs: number; lastSuccessAt: Date | null }>
    >`
      INSERT INTO "HostState" ("host", "nextAllowedAt", "updatedAt")
           VALUES (${host}, ${new Date(now + spacing)}, now())
      ON CONFLICT ("host") DO UPDATE
         SET "nextAllowedAt" = GREATEST(${at}, "HostState"."nextAllowedAt")
                               + GREATEST("HostState"."backoffMs", ${spacing}::int) * interval '1 millisecond',
             "updatedAt" = now()
      RETURNING "nextAllowedAt", "backoffMs", "lastSuccessAt"`;
    remember(host, row.backoffMs, row.lastSuccessAt, now);
    return new Date(row.nextAllowedAt).getTime() - Math.max(row.backoffMs, spacing);
  },
  async failed(host, now, minWaitMs, code) {
    seen.delete(host);
    return db().$transaction(async (tx) => {
      const row = await lockedRow(tx, host, now);
      const backoffMs = nextBackoff(row.backoffMs, minWaitMs);
      const next = Math.max(row.nextAllowedAt.getTime(), now + Math.max(backoffMs, minWaitMs));
      await tx.hostState.update({
        where: { host },
        data: { backoffMs, nextAllowedAt: new Date(next), ...(code && { lastFailure: code }) },
      });
      return next;
    });
  },
  async lastFailure(host) {
    const row = await db().hostState.findUnique({ where: { host }, select: { lastFailure: true } });
    return (row?.lastFailure ?? null) as FailureCode | null;
  },
  async succeeded(host, now) {
    const recent = seenRecently(host, now);
    const row = recent ? null : await db().hostState.findUnique({ where: { host } });
    const backoff = recent ? recent.backoffMs : row?.backoffMs;
    const lastSuccess = recent ? recent.lastSuccessAt : row?.lastSuccessAt?.getTime();
    const fresh = (lastSuccess ?? 0) > now - SUCCESS_WRITE_EVERY_MS;
    if (backoff === 0 && fresh) return;
    const backoffMs = healthierBackoff(backoff ?? 0);
    await db().hostState.upsert({
      where: { host },
      create: { host, nextAllowedAt: new Date(now), lastSuccessAt: new Date(now) },
      update: { backoffMs, lastSuccessAt: new Date(now) },
    });
    remember(host, backoffMs, new Date(now), now);
  },
  async knownHealthy(host, now) {
    const recent = seenRecently(host, now);
    if (recent) return isHealthy(recent.backoffMs, recent.lastSuccessAt, now);
    const row = await db().hostState.findUnique({ where: { host } });
    return isHealthy(row?.backoffMs, row?.lastSuccessAt?.getTime(), now);
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
  const rows = new Map<
    string,
    { nextAllowedAt: number; backoffMs: number; lastFailure?: FailureCode; lastSuccessAt?: number }
  >();
  const row = (host: string, now: number) => {
    let r = rows.get(host);
    if (!r) rows.set(host, (r = { nextAllowedAt: now, backoffMs: 0 }));
    return r;
  };
  return {
    async reserve(host, now, spacingMs = 0) {
      const r = row(host, now);
      const slot = Math.max(now, r.nextAllowedAt);
      r.nextAllowedAt = slot + Math.max(r.backoffMs, spacingMs);
      return slot;
    },
    async failed(host, now, minWaitMs, code) {
      const r = row(host, now);
      r.backoffMs = nextBackoff(r.backoffMs, minWaitMs);
      r.nextAllowedAt = Math.max(r.nextAllowedAt, now + Math.max(r.backoffMs, minWaitMs));
      if (code) r.lastFailure = code;
      return r.nextAllowedAt;
    },
    async lastFailure(host) {
      return rows.get(host)?.lastFailure ?? null;
    },
    async succeeded(host, now) {
      const r = row(host, now);
      r.backoffMs = healthierBackoff(r.backoffMs);
      r.lastSuccessAt = now;
    },
    async knownHealthy(host, now) {
      const r = rows.get(host);
      return isHealthy(r?.backoffMs, r?.lastSuccessAt, now);
    },
  };
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function hostOf(url: string): string {
  return new URL(url).hostname.toLowerCase();
}

/** Where one request stands with its host's turns. */
export interface TurnContext {
  host: string;
  /** Epoch ms by which the request must have ended (its acceptance + the ten minutes of §7.5). */
  deadline: number;
  /** This request's own last retryable failure. */
  lastFailure?: OperationFailure;
  /** Time an attempt may take: no attempt starts after a retry that could not end by the deadline. */
  attemptReserveMs?: number;
  /** Least spacing between this host's turns (robots.txt Crawl-delay), ms. */
  spacingMs?: number;
  now?: () => number;
  store?: HostStateStore;
}

export type TurnPlan =
  { kind: "go" } | { kind: "wait"; until: number } | { kind: "give-up"; failure: OperationFailure };

/**
 * Take this request's next turn at its host. "go": attempt now. "wait": the turn is reserved for
 * `until` (come back then with it as `reservedAt`). "give-up": the turn comes too late to end within
 * the deadline at a host that is failing; report its failure (the request's own, else the host's last).
 */
export async function planTurn(ctx: TurnContext, reservedAt?: number): Promise<TurnPlan> {
  const now = ctx.now ?? Date.now;
  const store = ctx.store ?? prismaHostStateStore;
  const slot = reservedAt ?? (await store.reserve(ctx.host, now(), ctx.spacingMs));
  const late = Math.max(slot, now()) + (ctx.attemptReserveMs ?? 0) > ctx.deadline;
  if (late && (reservedAt !== undefined || slot > now())) {
    const failure = ctx.lastFailure ?? (await hostFailure(store, ctx.host));
    if (failure) return { kind: "give-up", failure };
  }
  return slot > now() ? { kind: "wait", until: slot } : { kind: "go" };
}

/** After a retryable failure: when to try again, or give up because the retry would end too late. */
export async function afterFailure(
  ctx: TurnContext,
  failure: OperationFailure,
): Promise<{ kind: "retry"; at: number } | { kind: "give-up"; failure: OperationFailure }> {
  const now = ctx.now ?? Date.now;
  const store = ctx.store ?? prismaHostStateStore;
  const next = await store.failed(ctx.host, now(), failure.retryAfterMs ?? 0, failure.code);
  // Give up now rather than wait towards a retry that could not end within the budget.
  if (next + (ctx.attemptReserveMs ?? 0) > ctx.deadline) return { kind: "give-up", failure };
  return { kind: "retry", at: next };
}

export function afterSuccess(host: string, store: HostStateStore = prismaHostStateStore): Promise<void> {
  return store.succeeded(host, Date.now());
}

export function knownHealthy(host: string, store: HostStateStore = prismaHostStateStore): Promise<boolean> {
  return store.knownHealthy(host, Date.now());
}

async function hostFailure(store: HostStateStore, host: string): Promise<OperationFailure | undefined> {
  const code = await store.lastFailure(host);
  return code ? new OperationFailure(code, "the host stayed busy past the retry window") : undefined;
}

/** A failure the busy-host rules retry (timeouts, 5xx, 429). */
export function isRetryable(err: unknown): err is OperationFailure {
  return err instanceof OperationFailure && err.retryable;
}

/**
 * Run `attempt` against `url`'s host with spacing and retries, in this process (tools and tests;
 * the job runner uses the steps above with delayed jobs instead of sleeping in a worker).
 * Retryable OperationFailures are retried while the total waiting stays within `maxTotalMs`;
 * anything else, or a failure whose next wait would not fit, is thrown.
 */
export async function withHostPoliteness<T>(
  url: string,
  attempt: (n: number) => Promise<T>,
  opts: PolitenessOptions = {},
): Promise<{ value: T; waitedMs: number }> {
  const now = opts.now ?? Date.now;
  const sleep = opts.sleep ?? realSleep;
  const store = opts.store ?? prismaHostStateStore;
  const host = hostOf(url);
  const ctx: TurnContext = { host, deadline: now() + (opts.maxTotalMs ?? DEFAULT_MAX_TOTAL_MS), now, store };
  let waitedMs = 0;

  for (let n = 1; ; n++) {
    const plan = await planTurn(ctx);
    if (plan.kind === "give-up") throw plan.failure;
    if (plan.kind === "wait") {
      const waitMs = plan.until - now();
      opts.onWait?.({ host, attempt: n, waitMs, ...(ctx.lastFailure && { failure: ctx.lastFailure }) });
      await sleep(waitMs);
      waitedMs += waitMs;
    }
    try {
      const value = await attempt(n);
      await store.succeeded(host, now());
      return { value, waitedMs };
    } catch (err) {
      if (!isRetryable(err)) throw err;
      ctx.lastFailure = err;
      const next = await afterFailure(ctx, err);
      if (next.kind === "give-up") throw err;
    }
  }
}
