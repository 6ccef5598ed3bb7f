import { OperationFailure } from "@/lib/failures";
import { LlmError, type LlmConfig } from "./llm";
import type { ProducedBy } from "./types";

/**
 * Runs the LLM method when one is configured and the built-in one otherwise, or when the LLM
 * fails in any way (down, slow, malformed answer): a paid outside service being unavailable should
 * cost the client a slightly different result, not a failed request. OperationFailures (a summary
 * cut off → too_big) are the client's answer and pass through.
 */
export async function withFallback<T>(
  op: string,
  config: LlmConfig | null,
  llm: (config: LlmConfig) => Promise<T>,
  builtin: () => T,
): Promise<{ value: T; producedBy: ProducedBy }> {
  if (config) {
    try {
      return { value: await llm(config), producedBy: `llm:${config.model}` };
    } catch (err) {
      if (err instanceof OperationFailure) throw err;
      const reason = err instanceof LlmError ? err.message : err instanceof Error ? err.stack : String(err);
      console.warn(`[ai] ${op}: the LLM failed (${reason}); answering with the built-in method`);
    }
  }
  return { value: builtin(), producedBy: "builtin" };
}
