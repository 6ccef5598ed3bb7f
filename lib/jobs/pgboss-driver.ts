import { PgBoss, fromPrisma, type Job, type PrismaTransactionLike, type SendOptions } from "pg-boss";
import { withAdvisoryLock } from "@/lib/db/advisory-lock";
import type { DatabaseConfig } from "@/lib/db/config";
import { afterCommit } from "./after-commit";
import { resolveJobOptions, type JobEnvelope } from "./defaults";
import { postgresKeyLock, type KeyLock } from "./key-lock";
import { bossOptions, DEFAULT_TIMINGS, queueOptions, workOptions, type PgBossTimings } from "./pgboss-config";
import type { EnqueueOptions, JobDefinition, JobDriver } from "./types";

export interface PgBossDriverOptions {
  database: DatabaseConfig;
  /** PostgreSQL schema for pg-boss's tables (default `pgboss`); tests use a throwaway one. */
  schema?: string;
  /** Resolves a job name at enqueue time and at each run (so a hot-reloaded handler is used). */
  lookup?: (name: string) => JobDefinition<never> | undefined;
  timings?: Partial<PgBossTimings>;
  onError?: (error: Error) => void;
}

type Envelope = JobEnvelope<unknown>;

/** JobDriver on pg-boss: the embedded default (PGlite) and self-hosted PostgreSQL. */
export class PgBossDriver implements JobDriver {
  readonly kind = "pg-boss" as const;
  readonly schema: string;
  private readonly timings: PgBossTimings;
  private readonly known = new Map<string, JobDefinition<never>>();
  private readonly queues = new Map<string, Promise<void>>();
  private readonly workers = new Map<string, string[]>();
  /** Workers running a job right now (pg-boss worker ids). */
  private readonly busy = new Set<string>();
  /** Per job name: jobs this process enqueued, due now, that no worker of it has fetched yet. */
  private readonly unfetched = new Map<string, number>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private boss?: Promise<PgBoss>;
  private keyLock?: KeyLock;
  private swept = false;

  constructor(private readonly options: PgBossDriverOptions) {
    this.schema = options.schema ?? "pgboss";
    if (!/^[a-z_][a-z0-9_]{0,50}$/.test(this.schema))
      throw new Error(`Invalid pg-boss schema "${this.schema}"`);
    this.timings = { ...DEFAULT_TIMINGS, ...options.timings };
  }

  /** Starts pg-boss and creates every queue, without workers: for processes that only enqueue. */
  async open(definitions: JobDefinition<never>[] = []): Promise<void> {
    for (const def of definitions) this.known.set(def.name, def);
    await this.instance();
    for (const def of definitions) await this.ensureQueue(def);
  }

  async start(definitions: JobDefinition<never>[]): Promise<void> {
    await this.open(definitions);
    const boss = await this.instance();
    if (this.options.database.kind === "pglite" && !this.swept) {
      this.swept = true;
      const n = await this.sweepPreviousGeneration(boss);
      if (n) console.log(`[jobs] ${n} job(s) the previous process was running when it ended are retried now`);
      await this.countInheritedBacklog(boss);
    }
    if (this.options.database.kind === "postgres" && !this.keyLock) {
      const slots = definitions.reduce((n, d) => n + resolveJobOptions(d).concurrency, 0);
      this.keyLock = postgresKeyLock(this.options.database.url, `${this.schema}:group`, slots + 1);
    }
    for (const def of definitions) {
      if (this.workers.has(def.name)) continue;
      const ids: string[] = [];
      this.workers.set(def.name, ids);
      for (let i = 0; i < resolveJobOptions(def).concurrency; i++) {
        ids.push(await this.startWorker(boss, def));
      }
    }
  }

  async enqueue<T>(name: string, data: T, options: EnqueueOptions = {}): Promise<string> {
    const def = this.definition(name);
    if (!def) throw new Error(`Unknown job "${name}": define it with defineJob() before enqueueing.`);
    if (options.tx !== undefined && !this.queues.has(name) && this.options.database.kind === "pglite") {
      // Creating the queue would run on PGlite's only connection, which the caller's transaction holds.
      throw new Error(
        `Job "${name}" is not set up yet: call startJobs() (or open()) before enqueueing inside a transaction.`,
      );
    }
    await this.ensureQueue(def);
    const boss = await this.instance();
    const send: SendOptions = {};
    if (options.delaySeconds && options.delaySeconds > 0) send.startAfter = options.delaySeconds;
    if (options.singletonKey) send.group = { id: options.singletonKey };
    // Inside the caller's transaction the job commits (and its NOTIFY fires) with their rows, or not at all.
    if (options.tx !== undefined) send.db = fromPrisma(asPrismaTx(options.tx));
    const envelope: Envelope = { payload: data };
    const id = await boss.send(name, envelope, send);
    if (!id) throw new Error(`pg-boss did not accept job "${name}"`);
    // NOTIFY only fires for jobs due now; wake local workers when a delayed one comes due.
    if (send.startAfter) this.wakeAt(name, Date.now() + options.delaySeconds! * 1000);
    // A job due now, with workers in this process: wake them directly (once the job is visible),
    // rather than after the NOTIFY's round trip through the database, or a poll.
    else if (options.tx === undefined) this.wakeNow(name);
    else afterCommit(options.tx, async () => this.wakeNow(name));
    return id;
  }

  async stop(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    const boss = this.boss;
    this.boss = undefined;
    this.queues.clear();
    this.workers.clear();
    if (boss) await (await boss.catch(() => undefined))?.stop({ graceful: true, timeout: 10_000 });
    await this.keyLock?.close();
    this.keyLock = undefined;
  }

  /**
   * The embedded database belongs to ONE process (bossOptions refuses a second), and this one has
   * run no job yet: every job still marked active was running in the previous process, which died
   * (SIGKILL, power loss) without settling it. Failing them now puts them back as retries after
   * their short retry delay (seconds), instead of waiting for the heartbeat timeout and the next
   * supervise pass. A job whose retries are spent ends failed, as after any other crash. The jobs
   * are written to be run again (a finished request is left alone, settlement happens once).
   */
  private async sweepPreviousGeneration(boss: PgBoss): Promise<number> {
    const { rows } = (await boss
      .getDb()
      .executeSql(`SELECT name, id FROM ${this.schema}.job WHERE state = 'active'`, [])) as {
      rows: { name: string; id: string }[];
    };
    const byName = new Map<string, string[]>();
    for (const { name, id } of rows) byName.set(name, [...(byName.get(name) ?? []), id]);
    for (const [name, ids] of byName)
      await boss.fail(name, ids, { message: "the process running this job ended; retried at start-up" });
    return rows.length;
  }

  /**
   * Jobs the previous process enqueued and never ran are a backlog this process did not count: a
   * worker that finishes a job fetches again at once only while jobs are known to be waiting (see
   * startWorker), so without this they would trickle out one per poll interval, and a host's lane
   * of them one per poll (a restart with 30 jobs queued took over a minute to drain).
   */
  private async countInheritedBacklog(boss: PgBoss): Promise<void> {
    const { rows } = (await boss
      .getDb()
      .executeSql(
        `SELECT name, count(*)::int AS n FROM ${this.schema}.job WHERE state IN ('created', 'retry') GROUP BY name`,
        [],
      )) as { rows: { name: string; n: number }[] };
    for (const { name, n } of rows) this.unfetched.set(name, (this.unfetched.get(name) ?? 0) + Number(n));
  }

  private definition(name: string): JobDefinition<never> | undefined {
    return this.options.lookup?.(name) ?? this.known.get(name);
  }

  private instance(): Promise<PgBoss> {
    if (this.boss) return this.boss;
    const starting = (async () => {
      const boss = new PgBoss(bossOptions(this.options.database, this.schema, this.timings));
      // An unhandled 'error' event would crash the process; report and keep going.
      boss.on("error", (err) => (this.options.onError ?? defaultOnError)(err));
      const { database } = this.options;
      // pg-boss guards its own install with a transaction-scoped lock, but its "is it installed?"
      // probe and queue creation run outside it: serialise the whole start across processes.
      if (database.kind === "postgres")
        await withAdvisoryLock(database.url, `${this.schema}:start`, () => boss.start());
      else await boss.start();
      return boss;
    })();
    this.boss = starting;
    // Let a later call retry a failed start.
    starting.catch(() => this.boss === starting && (this.boss = undefined));
    return starting;
  }

  private ensureQueue(def: JobDefinition<never>): Promise<void> {
    let ready = this.queues.get(def.name);
    if (!ready) {
      ready = (async () => {
        const boss = await this.instance();
        const options = queueOptions(def, this.timings);
        await boss.createQueue(def.name, options);
        const { notify: _n, ...updatable } = options;
        await boss.updateQueue(def.name, updatable); // a changed definition wins over the stored queue
        // Both calls evict pg-boss's queue cache, and send() refills it on the main connection: do it
        // now, because inside a PGlite transaction that connection is taken and send() would deadlock.
        await boss.findJobs(def.name, { id: "00000000-0000-0000-0000-000000000000" });
      })();
      this.queues.set(def.name, ready);
      const mine = ready;
      mine.catch(() => this.queues.get(def.name) === mine && this.queues.delete(def.name));
    }
    return ready;
  }

  private async startWorker(boss: PgBoss, def: JobDefinition<never>): Promise<string> {
    const self = { id: "" };
    self.id = await boss.work<Envelope>(
      def.name,
      workOptions(this.timings),
      async ([job]: Job<Envelope>[]) => {
        this.busy.add(self.id);
        this.countUnfetched(def.name, -1);
        try {
          await this.run(def, job);
        } catch (err) {
          this.wakeForRetry(def.name, job.id);
          throw err;
        } finally {
          this.busy.delete(self.id);
          // pg-boss never bursts at batchSize 1: without this a worker waits a full poll after each
          // job even with a backlog. Woken, it fetches again as soon as this job is settled. On the
          // embedded database every job is enqueued here, so with none left unfetched there is no
          // backlog and the fetch would come back empty.
          if (
            self.id &&
            (this.options.database.kind === "postgres" || (this.unfetched.get(def.name) ?? 0) > 0)
          )
            boss.notifyWorker(self.id);
        }
      },
    );
    return self.id;
  }

  private async run(fallback: JobDefinition<never>, job: Job<Envelope>): Promise<void> {
    const def = this.definition(fallback.name) ?? fallback;
    const body = () =>
      def.handler(job.data.payload as never, {
        attempt: job.retryCount + 1,
        jobId: job.id,
        signal: job.signal,
      });
    if (job.groupId && this.keyLock) await this.keyLock.run(`${def.name}:${job.groupId}`, body);
    else await body();
  }

  /**
   * A failed attempt is re-queued with a backoff delay that only pg-boss knows (it adds jitter), and
   * nothing NOTIFYs when it comes due. Read it back once pg-boss has settled the attempt and wake the
   * workers then, so retries run on schedule instead of up to a poll interval late.
   */
  private wakeForRetry(name: string, id: string, tries = 3): void {
    this.later(250, async () => {
      const boss = await this.boss;
      const job = await boss?.getJobById<Envelope>(name, id).catch(() => null);
      if (job?.state === "active" && tries > 1) return this.wakeForRetry(name, id, tries - 1);
      if (job?.state === "retry") this.wakeAt(name, new Date(job.startAfter).getTime());
    });
  }

  /**
   * One idle worker fetches the new job; waking them all would send every other one to fetch for
   * nothing. With none idle, the first to finish fetches it (see startWorker).
   */
  private wakeNow(name: string): void {
    const boss = this.boss;
    const ids = this.workers.get(name);
    if (!boss || !ids?.length) return;
    this.countUnfetched(name, 1);
    const idle = ids.find((id) => !this.busy.has(id));
    if (idle) void boss.then((b) => b.notifyWorker(idle)).catch(() => {});
  }

  private countUnfetched(name: string, by: 1 | -1): void {
    this.unfetched.set(name, Math.max(0, (this.unfetched.get(name) ?? 0) + by));
  }

  private wakeAt(name: string, at: number): void {
    if (!this.workers.has(name)) return;
    // A little late rather than early: the fetch compares against the database clock.
    this.later(Math.max(0, at - Date.now()) + 100, async () => {
      const boss = await this.boss;
      this.countUnfetched(name, 1);
      for (const id of this.workers.get(name) ?? []) boss?.notifyWorker(id);
    });
  }

  private later(ms: number, fn: () => Promise<void>): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn().catch(() => {}); // best effort: the regular poll still picks the job up
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }
}

function asPrismaTx(tx: unknown): PrismaTransactionLike {
  if (typeof (tx as PrismaTransactionLike | null)?.$queryRawUnsafe !== "function") {
    throw new TypeError("EnqueueOptions.tx must be the client of a Prisma interactive transaction");
  }
  return tx as PrismaTransactionLike;
}

function defaultOnError(err: Error): void {
  console.error(`[jobs] pg-boss: ${err.message}`);
}
