import { withFallback } from "@/lib/ai/fallback";
import { keyphrases } from "@/lib/ai/keyphrases";
import { llmConfig, llmKeywords, type LlmConfig } from "@/lib/ai/llm";
import type { ArticleText, ProducedBy } from "@/lib/ai/types";
import type { PageSnapshot } from "@/lib/page/types";
import { mainText } from "./main-text";

/**
 * `keywords` (docs/spec.md §2.6: array of strings): up to 10 lower-case key phrases of the page's main
 * content, best first, from the configured LLM or the built-in statistical method, with which one
 * answered (`producedBy`).
 */
export async function keywords(snap: PageSnapshot): Promise<{ value: string[]; producedBy: ProducedBy }> {
  return keywordsOfArticle(await mainText(snap));
}

export function keywordsOfArticle(
  article: ArticleText,
  config: LlmConfig | null = llmConfig(),
): Promise<{ value: string[]; producedBy: ProducedBy }> {
  return withFallback(
    "keywords",
    article.text.trim() ? config : null,
    (c) => llmKeywords(c, article),
    () => keyphrases(article),
  );
}
