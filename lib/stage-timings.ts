import { AsyncLocalStorage } from "node:async_hooks";
import { config } from "@/lib/config";
import { singleton } from "@/lib/singleton";

/**
 * Where a request's time goes, stage by stage (bench/hot-path.ts reads it). Off unless the process
 * runs with PTD_STAGE_TIMINGS=1: then every API answer carries a `Server-Timing` header listing the
 * stages it went through, including the job's (pickup, slot wait, navigation, capture, result write)
 * when the job ran in the same process. Off, every call here is one boolean check.
 *
 * A request's record travels in an AsyncLocalStorage; the job finds its request's record by token.
 * Depends on nothing but lib/config, so any layer (lib/page included) may time a stage.
 */
export const STAGE_TIMINGS_ON = config().PTD_STAGE_TIMINGS;

interface StageRecord {
  stages: Array<[string, number]>;
  marks: Map<string, number>;
}

// One store and one token map per process, whichever Next.js bundle loaded this module.
const store = singleton("stage-timings.store", () => new AsyncLocalStorage<StageRecord>());
const byToken = singleton("stage-timings.by-token", () => new Map<string, StageRecord>());

const newRecord = (): StageRecord => ({ stages: [], marks: new Map() });

/** Runs `fn` with a fresh record (an API request), or with the record of `token` (its job). */
export function withStageTimings<T>(fn: () => T, token?: string): T {
  if (!STAGE_TIMINGS_ON) return fn();
  const record = (token && byToken.get(token)) || newRecord();
  return store.run(record, fn);
}

/** Adds `ms` to stage `name` of the current record. */
export function recordStage(name: string, ms: number): void {
  if (!STAGE_TIMINGS_ON) return;
  store.getStore()?.stages.push([name, ms]);
}

/** Times `fn` as stage `name`. */
export async function timeStage<T>(name: string, fn: () => Promise<T>): Promise<T> {
  if (!STAGE_TIMINGS_ON || !store.getStore()) return fn();
  const started = performance.now();
  try {
    return await fn();
  } finally {
    recordStage(name, performance.now() - started);
  }
}

/** The current record answers to `token` from now on (so the job, in this process, adds to it). */
export function bindStageTimings(token: string): void {
  const record = STAGE_TIMINGS_ON && store.getStore();
  if (record) byToken.set(token, record);
}

/** Notes the moment `label` happened for `token` (an enqueue's commit, a completion). */
export function markStage(token: string, label: string): void {
  if (!STAGE_TIMINGS_ON) return;
  byToken.get(token)?.marks.set(label, performance.now());
}

/** Records stage `name` as the time since `token`'s mark `label`, if it was set. */
export function stageSinceMark(token: string, label: string, name: string): void {
  if (!STAGE_TIMINGS_ON) return;
  const record = byToken.get(token);
  const at = record?.marks.get(label);
  if (record && at !== undefined) record.stages.push([name, performance.now() - at]);
}

/** The `Server-Timing` header of the current record (and `token` is forgotten); {} when off. */
export function serverTimingHeader(token?: string): Record<string, string> {
  if (!STAGE_TIMINGS_ON) return {};
  if (token) byToken.delete(token);
  const record = store.getStore();
  if (!record?.stages.length) return {};
  const sums = new Map<string, number>();
  for (const [name, ms] of record.stages) sums.set(name, (sums.get(name) ?? 0) + ms);
  return {
    "Server-Timing": [...sums].map(([name, ms]) => `${name};dur=${ms.toFixed(2)}`).join(", "),
  };
}
