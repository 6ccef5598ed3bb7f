import { fromPglite, type ConstructorOptions, type Queue, type WorkOptions } from "pg-boss";
import type { DatabaseConfig } from "@/lib/db/config";
import { getPglite, ownerOf } from "@/lib/db/pglite";
import { resolveJobOptions } from "./defaults";
import type { JobDefinition } from "./types";

/** Timings that decide how fast work starts and how fast a dead worker's jobs come back. */
export interface PgBossTimings {
  /**
   * A running job refreshes its heartbeat every half of this; a job whose heartbeat is older is
   * failed (and retried) by the supervisor. This is what brings back jobs a killed process held:
   * without it they would wait out `expireInSeconds` (15 minutes by default). pg-boss's minimum is 10.
   */
  heartbeatSeconds: number;
  /** How often the supervisor looks for stale heartbeats and expired jobs (pg-boss default 60). */
  superviseIntervalSeconds: number;
  /** Idle poll. LISTEN/NOTIFY wakes workers at once for new jobs; this only backs it up. */
  pollingIntervalSeconds: number;
}

export const DEFAULT_TIMINGS: PgBossTimings = {
  heartbeatSeconds: 10,
  superviseIntervalSeconds: 5,
  pollingIntervalSeconds: 2,
};

export function bossOptions(database: DatabaseConfig, schema: string, t: PgBossTimings): ConstructorOptions {
  const common: ConstructorOptions = {
    schema,
    useListenNotify: true,
    superviseIntervalSeconds: t.superviseIntervalSeconds,
    monitorIntervalSeconds: t.superviseIntervalSeconds,
    // No cron schedules are used; skip the timekeeper's timers and queries.
    schedule: false,
  };
  if (database.kind === "postgres") return { ...common, connectionString: database.url };
  const owner = database.dataDir.startsWith("memory://") ? null : ownerOf(database.dataDir);
  if (owner && owner.pid !== process.pid) {
    // The owner's loopback socket serves one client (Prisma's); a second pool there would stall it.
    throw new Error(
      `The embedded database is open in process ${owner.pid}: jobs run and are enqueued in that process only.`,
    );
  }
  // The ONE PGlite of this folder in this process: a second instance would corrupt the folder.
  return { ...common, backend: "pglite", db: fromPglite(getPglite(database.dataDir)) };
}

/** pg-boss keeps retry delays as whole seconds. */
const seconds = (n: number | undefined): number | undefined =>
  n === undefined ? undefined : Math.max(0, Math.round(n));

export function queueOptions(def: JobDefinition<never>, t: PgBossTimings): Omit<Queue, "name"> {
  const o = resolveJobOptions(def);
  return {
    retryLimit: o.retryLimit,
    retryDelay: seconds(o.retryDelaySeconds),
    retryBackoff: o.retryBackoff,
    ...(o.retryDelayMaxSeconds !== undefined
      ? { retryDelayMax: Math.max(1, seconds(o.retryDelayMaxSeconds)!) }
      : {}),
    ...(o.expireInSeconds !== undefined
      ? { expireInSeconds: Math.max(1, Math.ceil(o.expireInSeconds)) }
      : {}),
    heartbeatSeconds: Math.max(10, t.heartbeatSeconds),
    notify: true,
  };
}

/**
 * One fetch-one-job worker per unit of concurrency rather than one batch worker: a batch handler
 * holds its slot until the slowest job of the batch ends, while independent workers each take the
 * next job the moment theirs is done, and a failing job only ever fails itself.
 */
export function workOptions(t: PgBossTimings): WorkOptions {
  return {
    batchSize: 1,
    pollingIntervalSeconds: t.pollingIntervalSeconds,
    notifyPollingIntervalSeconds: t.pollingIntervalSeconds,
    // singletonKey → job group: at most one active job per key across every worker and process,
    // checked in the fetch statement. (pg-boss refuses this together with localGroupConcurrency;
    // the race two simultaneous fetches leave on PostgreSQL is closed by key-lock.ts.)
    groupConcurrency: 1,
  };
}
