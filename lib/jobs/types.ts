/**
 * The thin job API the rest of the app is written against. Two drivers implement it:
 * pg-boss (embedded on PGlite, or PostgreSQL) and Inngest (production). Job bodies are written once.
 */

export interface JobContext {
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
  /** Stable id of this job across retries. */
  jobId: string;
  /**
   * Aborted when the attempt's claim is lost (expired, or a heartbeat the database stopped seeing),
   * so a long handler can stop early instead of racing the retry. Absent where the driver has none.
   */
  signal?: AbortSignal;
}

declare const payload: unique symbol;

/**
 * A job's name that carries the type of its payload, so `enqueue` by name checks what it sends
 * (a bare string is refused). Made by `jobName`, beside the payload's type.
 */
export type JobName<T> = string & { readonly [payload]: T };

export function jobName<T>(name: string): JobName<T> {
  return name as JobName<T>;
}

export interface JobDefinition<T> {
  name: string;
  handler: (data: T, ctx: JobContext) => Promise<void>;
  /** Retries after the first failed attempt (default 3). */
  retryLimit?: number;
  /** Seconds before the first retry; doubled on each further retry when `retryBackoff` (default true). */
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** Cap on the backoff delay in seconds. */
  retryDelayMaxSeconds?: number;
  /** How many jobs of this kind one worker process runs at once. */
  concurrency?: number;
  /** Wall-clock limit of one attempt. */
  expireInSeconds?: number;
}

export interface EnqueueOptions {
  /** Run no earlier than this many seconds from now. */
  delaySeconds?: number;
  /** With the pg-boss driver: a Prisma interactive-transaction client, so the job commits with the rows it refers to. */
  tx?: unknown;
  /** Jobs sharing a key are never run at the same time (per-key concurrency of 1). */
  singletonKey?: string;
}

export interface JobDriver {
  readonly kind: "pg-boss" | "inngest";
  start(definitions: JobDefinition<never>[]): Promise<void>;
  /** Prepares to enqueue these jobs without running any (a web-only process). */
  open?(definitions: JobDefinition<never>[]): Promise<void>;
  enqueue<T>(name: string, data: T, options?: EnqueueOptions): Promise<string>;
  stop(): Promise<void>;
}
