import { afterCommit } from "./after-commit";
import { createHash, randomUUID } from "node:crypto";
import { NonRetriableError, type EventPayload, type Inngest, type InngestFunction } from "inngest";
import { resolveJobOptions, retryDelayFor, type JobEnvelope, type ResolvedJobOptions } from "./defaults";
import type { EnqueueOptions, JobDefinition, JobDriver } from "./types";

/** One entry of a function's `concurrency` option (not exported by the SDK by name). */
interface ConcurrencyOption {
  limit: number;
  key?: string;
}

export const EVENT_PREFIX = "page-to-data/";

/**
 * Inngest retries a step whose HTTP call to us failed outright (the process died mid-attempt, a
 * deploy cut the connection). Those are infrastructure failures, not the handler's: a few are
 * enough, and they never consume the job's own attempt budget.
 */
export const INFRASTRUCTURE_RETRIES = 3;

/** Inngest allows at most 1,000 steps per run; each attempt is one step and each wait another. */
export const MAX_INNGEST_ATTEMPTS = 400;

export function jobEventName(name: string): string {
  return `${EVENT_PREFIX}${name}`;
}

/** The event that runs one job, as sent to Inngest. */
export interface JobEvent<T> extends EventPayload<JobEnvelope<T>> {
  id: string;
  data: JobEnvelope<T>;
}

/** The event that runs job `name` once. Exported so tests can drive functions with real payloads. */
export function jobEvent<T>(name: string, data: T, options: EnqueueOptions = {}): JobEvent<T> {
  return {
    // Our own id doubles as the job id the caller gets back and the handler sees as `jobId`.
    id: randomUUID(),
    name: jobEventName(name),
    // Without a key the job gets a unique one, so the per-key limit never holds it back.
    data: { payload: data, __key: options.singletonKey ? `k:${options.singletonKey}` : `u:${randomUUID()}` },
    // A future `ts` makes Inngest schedule the run for then: a delayed job holds no slot while it waits.
    ...(options.delaySeconds && options.delaySeconds > 0
      ? { ts: Date.now() + options.delaySeconds * 1000 }
      : {}),
  };
}

/** What one attempt step returns: the handler's failure travels as data, not as a step error. */
type AttemptOutcome = { ok: true } | { ok: false; error: string };

/**
 * One Inngest function per job definition, with the job's whole retry schedule inside one run:
 * attempt 1 is a step, then for each retry a `step.sleep` for the same backoff pg-boss would use
 * and another attempt step. So a job may have any number of attempts (Inngest's own `retries`
 * stops at 20) and a waiting retry holds no concurrency slot. The last failure ends the run with
 * a NonRetriableError, after the handler (which sees `attempt`) has recorded its give-up, exactly
 * as under pg-boss. Inngest's `retries` only covers a step that never answered (see
 * INFRASTRUCTURE_RETRIES).
 */
export function createJobFunction(client: Inngest.Any, def: JobDefinition<never>): InngestFunction.Any {
  const o = resolveJobOptions(def);
  const attempts = Math.max(1, Math.floor(o.retryLimit) + 1);
  if (attempts > MAX_INNGEST_ATTEMPTS) {
    throw new Error(
      `Job "${def.name}" has ${attempts} attempts; Inngest runs at most ${MAX_INNGEST_ATTEMPTS}.`,
    );
  }
  const concurrency: ConcurrencyOption[] = [{ key: "event.data.__key", limit: 1 }];
  if (def.concurrency !== undefined) concurrency.unshift({ limit: o.concurrency });
  return client.createFunction(
    {
      id: def.name,
      retries: INFRASTRUCTURE_RETRIES,
      concurrency: concurrency as [ConcurrencyOption, ConcurrencyOption],
      triggers: [{ event: jobEventName(def.name) }],
    },
    async ({ event, step, runId }) => {
      const data = event.data as JobEnvelope<unknown>;
      const jobId = typeof event.id === "string" && event.id ? event.id : runId;
      for (let attempt = 1; ; attempt++) {
        const outcome: AttemptOutcome = await step.run(`attempt-${attempt}`, () =>
          runAttempt(def, o, data.payload, attempt, jobId),
        );
        if (outcome.ok) return;
        if (attempt >= attempts) throw new NonRetriableError(outcome.error);
        const seconds = retryDelayFor(o, attempt, jitterFor(jobId, attempt));
        await step.sleep(`retry-${attempt}`, `${Math.max(1, Math.round(seconds))}s`);
      }
    },
  );
}

/** The handler, bounded by the job's per-attempt time limit; a thrown error becomes an outcome. */
async function runAttempt(
  def: JobDefinition<never>,
  o: ResolvedJobOptions,
  payload: unknown,
  attempt: number,
  jobId: string,
): Promise<AttemptOutcome> {
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired =
    o.expireInSeconds === undefined
      ? null
      : new Promise<never>((_, reject) => {
          timer = setTimeout(() => {
            abort.abort();
            reject(new Error(`attempt ${attempt} exceeded ${o.expireInSeconds} s`));
          }, o.expireInSeconds! * 1000);
        });
  try {
    const run = def.handler(payload as never, { attempt, jobId, signal: abort.signal });
    await (expired ? Promise.race([run, expired]) : run);
    return { ok: true };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  } finally {
    clearTimeout(timer);
  }
}

/** A stable jitter fraction in [0, 1) per job and retry: replays of the run compute the same sleep. */
function jitterFor(jobId: string, attempt: number): number {
  return createHash("sha256").update(`${jobId}:${attempt}`).digest().readUInt32BE(0) / 2 ** 32;
}

export function createJobFunctions(
  client: Inngest.Any,
  definitions: JobDefinition<never>[],
): InngestFunction.Any[] {
  return definitions.map((def) => createJobFunction(client, def));
}

/**
 * JobDriver on Inngest: enqueue sends an event; the functions run wherever Inngest calls the app's
 * `/api/inngest` route, so start/stop have nothing to run locally.
 */
export class InngestDriver implements JobDriver {
  readonly kind = "inngest" as const;

  constructor(private readonly client: Inngest.Any) {}

  async start(): Promise<void> {}

  async enqueue<T>(name: string, data: T, options: EnqueueOptions = {}): Promise<string> {
    // The event leaves over HTTP, so it cannot join the caller's transaction: with `tx` it is
    // sent after COMMIT (see after-commit.ts), never for a row that was rolled back.
    const event = jobEvent(name, data, options);
    if (!(options.tx && afterCommit(options.tx, () => this.client.send(event))))
      await this.client.send(event);
    // Our id, not Inngest's internal one, so it equals the `jobId` the handler sees.
    return event.id;
  }

  async stop(): Promise<void> {}
}
