import type { PageSnapshot } from "@/lib/page/types";
import type { ProducedBy } from "./types";

/**
 * "Say which produced a result" (ARCHITECTURE §2) without changing the result's format (spec
 * §2.6: summary is plain text, keywords an array of strings): each AI operation records here, per
 * snapshot, whether the LLM ("llm:<model>") or the built-in method ("builtin") answered. The
 * pipeline can read it after the operations ran and surface it as a response header, e.g.
 * `X-Produced-By: summarize=llm:gpt-4o-mini, keywords=builtin`.
 *
 * A WeakMap keyed by the snapshot: nothing outlives the visit, and concurrent scrapes never see
 * each other's values (a module-level "last method" would race).
 */
export type AiOperation = "summarize" | "keywords";

const produced = new WeakMap<PageSnapshot, Map<AiOperation, ProducedBy>>();

export function recordProducedBy(snap: PageSnapshot, op: AiOperation, by: ProducedBy): void {
  let ops = produced.get(snap);
  if (!ops) produced.set(snap, (ops = new Map()));
  ops.set(op, by);
}

/** Which method produced `op`'s result for this snapshot; undefined when it has not run. */
export function producedBy(snap: PageSnapshot, op: AiOperation): ProducedBy | undefined {
  return produced.get(snap)?.get(op);
}
