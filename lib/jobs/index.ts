import { config } from "@/lib/config";
import { dbConfig, dbReady } from "@/lib/db";
import { InngestDriver } from "./inngest-driver";
import { PgBossDriver } from "./pgboss-driver";
import { defineJob, getJob, jobs } from "./registry";
import { jobDriverKind } from "./select";
import type { EnqueueOptions, JobDefinition, JobDriver, JobName } from "./types";
import { dropSingleton, singleton } from "@/lib/singleton";

export type { EnqueueOptions, JobContext, JobDefinition, JobDriver, JobName } from "./types";
export { jobName } from "./types";
export { defineJob, jobs, jobDriverKind };

/**
 * The driver and the start-up promise are a singleton: Next.js gives route bundles and the
 * instrumentation bundle their own module copies, and a second driver would mean a second pg-boss
 * (and, on PGlite, a second set of workers on the same connection).
 */
interface JobsState {
  driver: JobDriver;
  started?: Promise<void>;
}
const jobsState = () => singleton("jobs", (): JobsState => ({ driver: createDriver() }));

export function getJobDriver(): JobDriver {
  return jobsState().driver;
}

function createDriver(): JobDriver {
  if (jobDriverKind() === "inngest") return lazyInngestDriver();
  return new PgBossDriver({
    database: dbConfig(),
    schema: config().PGBOSS_SCHEMA,
    lookup: getJob,
  });
}

export { transaction } from "./after-commit";

/**
 * Enqueue a job by definition or by its typed name (`jobName`, so the payload is checked here,
 * where it is sent). With `tx`, the job commits with the caller's transaction.
 * By name, the definition must be registered already: the composition root (lib/server/boot.ts)
 * registers every job before any route runs, and the registry is shared across bundles.
 */
export async function enqueue<T>(
  job: JobDefinition<T> | JobName<T>,
  data: NoInfer<T>,
  options?: EnqueueOptions,
): Promise<string> {
  const name = typeof job === "string" ? job : job.name;
  const driver = getJobDriver();
  await databaseReady(driver);
  return driver.enqueue(name, data, options);
}

/**
 * pg-boss must not touch PGlite while the migrator runs: the migrator's BEGIN…COMMIT spans several
 * statements on the one shared connection, and pg-boss's would land inside it. (Already resolved
 * whenever the caller has used the database, so this costs nothing inside a transaction.)
 */
function databaseReady(driver: JobDriver): Promise<void> {
  return driver.kind === "pg-boss" ? dbReady() : Promise.resolve();
}

/**
 * Starts workers for every registered job (the composition root, lib/server/boot.ts, registers them
 * first). Idempotent. With Inngest there is nothing to run here: Inngest calls the /api/inngest route.
 */
export function startJobs(): Promise<void> {
  const state = jobsState();
  state.started ??= (async () => {
    await databaseReady(state.driver);
    await state.driver.start(jobs());
  })();
  state.started.catch(() => (state.started = undefined)); // a failed start may be retried
  return state.started;
}

/**
 * For processes that enqueue but run nothing (PROCESS_ROLE=web): makes sure every registered job's
 * queue exists, without workers. Idempotent; with Inngest there is nothing to open.
 */
export function openJobs(): Promise<void> {
  const state = jobsState();
  state.started ??= (async () => {
    await databaseReady(state.driver);
    await state.driver.open?.(jobs());
  })();
  state.started.catch(() => (state.started = undefined));
  return state.started;
}

export async function stopJobs(): Promise<void> {
  const state = dropSingleton<JobsState>("jobs");
  if (!state) return;
  await state.started?.catch(() => {});
  await state.driver.stop();
}

/** Loads `inngest/client` (and so the SDK) on first use only: pg-boss processes never need it. */
function lazyInngestDriver(): JobDriver {
  let driver: Promise<JobDriver> | undefined;
  const get = () => (driver ??= import("@/inngest/client").then(({ inngest }) => new InngestDriver(inngest)));
  return {
    kind: "inngest",
    start: async (defs) => (await get()).start(defs),
    enqueue: async (name, data, options) => (await get()).enqueue(name, data, options),
    open: async () => {},
    stop: async () => (await get()).stop(),
  };
}
