import { config } from "@/lib/config";
import { listen, listeningTo } from "@/lib/db/listen";
import { singleton } from "@/lib/singleton";
import type { QuotaUsage } from "./results";

/**
 * What a sync cache hit is answered from, kept in this process's memory: the stored result a
 * cache entry points at (body included), and each organization's usage for the quota headers. A
 * repeated hit then reads nothing from the database (issue 13: a hit within 5 ms, ≥ 1,500/s).
 *
 * Never stale beyond a notification's delivery: triggers (migration 20261123000000) NOTIFY on every
 * change to a cache entry, a stored result's purge and an organization's usage, whoever makes it,
 * and every process drops what it holds for that key. A process that is not listening (its LISTEN
 * connection dropped) keeps nothing and reads the database. A read that raced a notification is not
 * kept (the generation check). Bounded: HOT_HITS_MB of bodies (default 64), least recently used out.
 */
export interface HotEntry {
  resultId: string;
  contentType: string;
  body: string;
  /** When the cached content was made (ms): max_age is checked against it on every hit. */
  createdAt: number;
  /** AI operations: which method produced the stored result (its request's X-Produced-By). */
  producedBy?: string | null;
}

const CHANNEL = "ptd_hot_hits";
const MAX_ORGS = 10_000;

interface State {
  entries: Map<string, HotEntry>;
  usage: Map<string, QuotaUsage>;
  bytes: number;
  /** Bumped by every notification: a read that started before one is not kept. */
  generation: number;
}

const state = singleton("store.hot-hits", (): State => ({
  entries: new Map(),
  usage: new Map(),
  bytes: 0,
  generation: 0,
}));

function maxBytes(): number {
  return config().HOT_HITS_MB * 1024 * 1024;
}

/** Whether kept copies may be used: only while this process hears every change. */
export async function hotHitsUsable(): Promise<boolean> {
  if (maxBytes() <= 0) return false;
  if (!listeningTo(CHANNEL)) await listen(CHANNEL, onChange, forgetAll).catch(() => {});
  return listeningTo(CHANNEL);
}

export function hotGeneration(): number {
  return state.generation;
}

/** The kept entry and usage for a hit, or null when either is not kept. */
export function hotHit(
  cacheKey: string,
  organizationId: string,
): { entry: HotEntry; usage: QuotaUsage } | null {
  const entry = state.entries.get(cacheKey);
  const usage = state.usage.get(organizationId);
  if (!entry || !usage) return null;
  // Most recently used last: eviction takes from the front.
  state.entries.delete(cacheKey);
  state.entries.set(cacheKey, entry);
  return { entry, usage };
}

/** Keeps what a database read found, unless a change was announced since `generation`. */
export function keepHotHit(
  generation: number,
  cacheKey: string,
  entry: HotEntry,
  organizationId: string,
  usage: QuotaUsage,
): void {
  if (generation !== state.generation) return;
  const size = entry.body.length;
  if (size > maxBytes() / 8) return; // one huge result must not flush everything else
  dropEntry(cacheKey);
  state.entries.set(cacheKey, entry);
  state.bytes += size;
  for (const [key] of state.entries) {
    if (state.bytes <= maxBytes()) break;
    dropEntry(key);
  }
  state.usage.delete(organizationId);
  state.usage.set(organizationId, usage);
  if (state.usage.size > MAX_ORGS) state.usage.delete(state.usage.keys().next().value!);
}

function dropEntry(cacheKey: string): void {
  const old = state.entries.get(cacheKey);
  if (!old) return;
  state.bytes -= old.body.length;
  state.entries.delete(cacheKey);
}

function onChange(payload: string): void {
  state.generation++;
  if (payload === "entry:*") {
    state.entries.clear();
    state.bytes = 0;
  } else if (payload.startsWith("entry:")) dropEntry(payload.slice(6));
  else if (payload.startsWith("usage:")) state.usage.delete(payload.slice(6));
  else forgetAll();
}

function forgetAll(): void {
  state.generation++;
  state.entries.clear();
  state.usage.clear();
  state.bytes = 0;
}
