import { extractiveSummary } from "@/lib/ai/extractive";
import { withFallback } from "@/lib/ai/fallback";
import { llmConfig, llmSummary, type LlmConfig } from "@/lib/ai/llm";
import type { ArticleText, ProducedBy } from "@/lib/ai/types";
import type { PageSnapshot } from "@/lib/page/types";
import { mainText } from "./main-text";

/**
 * `summarize` (docs/spec.md §2.6: plain text): 3–5 sentences about the page's main content, from the
 * configured LLM or the built-in extractive method, with which one answered (`producedBy`).
 */
export async function summarize(snap: PageSnapshot): Promise<{ value: string; producedBy: ProducedBy }> {
  return summarizeArticle(await mainText(snap));
}

export function summarizeArticle(
  article: ArticleText,
  config: LlmConfig | null = llmConfig(),
): Promise<{ value: string; producedBy: ProducedBy }> {
  // No text, nothing to send: an empty page gets an empty summary without a paid call.
  return withFallback(
    "summarize",
    article.text.trim() ? config : null,
    (c) => llmSummary(c, article),
    () => extractiveSummary(article).text,
  );
}
