import { afterCommit } from "./after-commit";
import { randomUUID } from "node:crypto";
import type { EventPayload, Inngest, InngestFunction } from "inngest";
import { resolveJobOptions, type JobEnvelope } from "./defaults";
import type { EnqueueOptions, JobDefinition, JobDriver } from "./types";

/** One entry of a function's `concurrency` option (not exported by the SDK by name). */
interface ConcurrencyOption {
  limit: number;
  key?: string;
}

/** Inngest caps retries at 20 and types them as a literal union. */
type Retries = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 18 | 19 | 20;

export const EVENT_PREFIX = "page-to-data/";

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
    // A future `ts` makes Inngest schedule the run for then.
    ...(options.delaySeconds && options.delaySeconds > 0
      ? { ts: Date.now() + options.delaySeconds * 1000 }
      : {}),
  };
}

/**
 * One Inngest function per job definition. The body is a single `step.run`, so Inngest's retries
 * re-run exactly the handler, and `attempt` (zero-based there) is the contract's one-based attempt.
 * Retry delays are Inngest's own backoff: its functions have no per-function delay setting.
 */
export function createJobFunction(client: Inngest.Any, def: JobDefinition<never>): InngestFunction.Any {
  const o = resolveJobOptions(def);
  const concurrency: ConcurrencyOption[] = [{ key: "event.data.__key", limit: 1 }];
  if (def.concurrency !== undefined) concurrency.unshift({ limit: o.concurrency });
  return client.createFunction(
    {
      id: def.name,
      retries: Math.min(20, Math.max(0, Math.floor(o.retryLimit))) as Retries,
      concurrency: concurrency as [ConcurrencyOption, ConcurrencyOption],
      triggers: [{ event: jobEventName(def.name) }],
      ...(o.expireInSeconds !== undefined
        ? { timeouts: { finish: `${Math.ceil(o.expireInSeconds)}s` as const } }
        : {}),
    },
    async ({ event, step, attempt, runId }) => {
      const data = event.data as JobEnvelope<unknown>;
      const jobId = typeof event.id === "string" && event.id ? event.id : runId;
      await step.run(def.name, () => def.handler(data.payload as never, { attempt: attempt + 1, jobId }));
    },
  );
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
