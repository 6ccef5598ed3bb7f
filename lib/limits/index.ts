/**
 * Counters that every process of a deployment shares: request rate, sign-in attempts, sign-ups.
 *
 * rate-limiter-flexible does the counting; this module only picks its store, once per process:
 * - `REDIS_URL` set → Redis (atomic Lua scripts),
 * - `DATABASE_URL=postgres://…` → a table in PostgreSQL (one atomic `INSERT … ON CONFLICT` per hit),
 * - the embedded database (PGlite) → memory: PGlite belongs to one process, so there is only one.
 *
 * Callers get a plain verdict instead of the library's throw-a-result convention, and consume a
 * point BEFORE the work they guard (a password check, a sign-up): a parallel burst then cannot
 * pass before the first failure is counted, which "check, work, then penalise" allows.
 */
import { Redis } from "ioredis";
import pg from "pg";
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import { config, type Config } from "@/lib/config";
import { databaseConfig } from "@/lib/db/config";
import { newPgPool } from "@/lib/db/pg-pool";
import { dropSingleton, singleton } from "@/lib/singleton";

export interface LimitRule {
  /** Unique per kind of limit; prefixes every key in the shared store. */
  name: string;
  /** How many hits a key may spend per window. */
  points: number;
  windowSeconds: number;
  /** Once the points are spent, refuse the key for this long (default: until the window ends). */
  blockSeconds?: number;
}

export type LimitVerdict =
  { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

export interface Limiter {
  /** Spends `points` for `key` atomically, whichever process asks. */
  consume(key: string, points?: number): Promise<LimitVerdict>;
  /** Forgets `key` (e.g. after a successful sign-in). */
  reset(key: string): Promise<void>;
  /** What `consume(key)` would answer now, without spending anything. */
  peek(key: string): Promise<LimitVerdict>;
}

export type LimitStore = "redis" | "postgres" | "memory";

/** The store this process uses; shown at start-up and in docs/deploy.md. */
export function limitStore(c: Config = config()): LimitStore {
  if (c.REDIS_URL) return "redis";
  return databaseConfig(c).kind === "postgres" ? "postgres" : "memory";
}

const TABLE = "rate_limits";

interface Shared {
  limiters: Map<string, Limiter>;
  redis?: Redis;
  pool?: pg.Pool;
}
const shared = (): Shared => singleton("limits", (): Shared => ({ limiters: new Map() }));

function redisClient(): Redis {
  const s = shared();
  return (s.redis ??= new Redis(config().REDIS_URL!, { maxRetriesPerRequest: 2 }));
}

function pgPool(): pg.Pool {
  const s = shared();
  // A small pool of its own: a limiter hit must not queue behind Prisma's long transactions. Its
  // commits do not wait for the disk: a crash may forget the last fraction of a second of counts,
  // which a rate limit can afford, and no hit waits for an fsync.
  return (s.pool ??= newPgPool({
    connectionString: postgresUrl(),
    max: 4,
    options: "-c synchronous_commit=off",
  }));
}

function postgresUrl(): string | undefined {
  const db = databaseConfig();
  return db.kind === "postgres" ? db.url : undefined;
}

/**
 * The library's limiter for `rule`, once it can take hits (on PostgreSQL, once its table exists).
 * The library creates the table with CREATE TABLE IF NOT EXISTS, which is not safe against itself:
 * two sessions running it at the same moment on a fresh database (two processes starting together,
 * or two rules of one process) can both miss the table, and the loser fails with `type "rate_limits"
 * already exists`. A limiter whose creation failed would answer every hit with an error for the
 * life of the process, so creation is tried again: by then the table is there.
 */
function build(rule: LimitRule): Promise<RateLimiterAbstract> {
  const common = {
    keyPrefix: rule.name,
    points: rule.points,
    duration: rule.windowSeconds,
    blockDuration: rule.blockSeconds ?? 0,
  };
  switch (limitStore()) {
    case "redis":
      return Promise.resolve(new RateLimiterRedis({ ...common, storeClient: redisClient() }));
    case "postgres": {
      const create = () =>
        new Promise<RateLimiterAbstract>((resolve, reject) => {
          const inner: RateLimiterPostgres = new RateLimiterPostgres(
            { ...common, storeClient: pgPool(), storeType: "pool", tableName: TABLE },
            (err?: Error) => (err ? reject(err) : resolve(inner)),
          );
        });
      const attempt = async (tries: number): Promise<RateLimiterAbstract> => {
        try {
          return await create();
        } catch (err) {
          if (tries <= 1) throw err;
          await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
          return attempt(tries - 1);
        }
      };
      return attempt(5);
    }
    case "memory":
      return Promise.resolve(new RateLimiterMemory(common));
  }
}

function wrap(rule: LimitRule, ready: Promise<RateLimiterAbstract>): Limiter {
  // A creation that failed for good is reported by every hit (a 500, logged), not as an
  // unhandled rejection at start.
  ready.catch(() => {});
  const spend = async (key: string, points: number): Promise<SpendResult> => {
    const inner = await ready;
    try {
      return { allowed: true, res: await inner.consume(key, points) };
    } catch (res) {
      if (res instanceof RateLimiterRes) return { allowed: false, res };
      throw res;
    }
  };
  return {
    consume:
      limitStore() === "memory"
        ? async (key, points = 1) => verdictOf(await spend(key, points))
        : coalesced(rule, spend),
    async reset(key) {
      await (await ready).delete(key);
    },
    async peek(key) {
      const res = await (await ready).get(key);
      if (!res || res.consumedPoints < rule.points) {
        return { allowed: true, remaining: rule.points - (res?.consumedPoints ?? 0) };
      }
      return verdictOf({ allowed: false, res });
    },
  };
}

type SpendResult = { allowed: boolean; res: RateLimiterRes };

function verdictOf({ allowed, res }: SpendResult): LimitVerdict {
  return allowed
    ? { allowed: true, remaining: res.remainingPoints }
    : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
}

interface Waiter {
  points: number;
  resolve: (v: LimitVerdict) => void;
  reject: (err: unknown) => void;
}

/**
 * A shared store's hits coalesced per key: the hits of one key arriving in the same turn of the
 * event loop spend their points in ONE atomic call, then are answered in arrival order as if they
 * had gone one by one (the store counts every point either way, refused ones too). One project's
 * burst otherwise queues on its single counter row, one round trip at a time: on PostgreSQL that
 * capped a project at ~800 requests/s however light each request was.
 */
function coalesced(rule: LimitRule, spend: (key: string, points: number) => Promise<SpendResult>) {
  const pending = new Map<string, Waiter[]>();
  const flush = async (key: string) => {
    const waiters = pending.get(key)!;
    pending.delete(key);
    const total = waiters.reduce((n, w) => n + w.points, 0);
    try {
      const { res } = await spend(key, total);
      // Points the window had left before this batch; each waiter in turn takes from them.
      let left = rule.points - (res.consumedPoints - total);
      for (const w of waiters) {
        left -= w.points;
        w.resolve(left >= 0 ? { allowed: true, remaining: left } : verdictOf({ allowed: false, res }));
      }
    } catch (err) {
      for (const w of waiters) w.reject(err);
    }
  };
  return (key: string, points = 1) =>
    new Promise<LimitVerdict>((resolve, reject) => {
      let waiters = pending.get(key);
      if (!waiters) {
        pending.set(key, (waiters = []));
        setImmediate(() => void flush(key));
      }
      waiters.push({ points, resolve, reject });
    });
}

/**
 * The limiter for `rule`, created once per process. A rule's numbers are fixed at first use: read
 * them from the environment in the caller, not per call.
 */
export function limiter(rule: LimitRule): Limiter {
  const s = shared();
  let l = s.limiters.get(rule.name);
  if (!l) {
    l = wrap(rule, build(rule));
    s.limiters.set(rule.name, l);
  }
  return l;
}

/** Closes the store's connections (tests, graceful shutdown). */
export async function closeLimits(): Promise<void> {
  const s = dropSingleton<Shared>("limits");
  if (!s) return;
  await Promise.all([s.pool?.end(), s.redis?.quit().catch(() => undefined)]);
}
