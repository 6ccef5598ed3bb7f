import { z } from "zod";
import { config, type Config } from "@/lib/config";
import { OperationFailure } from "@/lib/failures";
import { resolveLanguage } from "./segment";
import type { ArticleText } from "./types";

/**
 * The LLM path of `summarize` and `keywords`: one POST to an OpenAI-compatible
 * `/chat/completions` (OpenAI, Ollama, vLLM, llama.cpp server…) with plain fetch. Configured by
 * LLM_BASE_URL + LLM_MODEL (+ LLM_API_KEY when the server wants one); unset, the built-in methods
 * answer. Callers fall back to them on any LlmError.
 */

export interface LlmConfig {
  /** Up to and including the API version path, e.g. "https://api.openai.com/v1". */
  baseUrl: string;
  model: string;
  apiKey?: string;
  timeoutMs: number;
}

export const LLM_TIMEOUT_MS = 30_000;
/** Roughly 3k tokens of page text: enough for the gist, cheap, and within every model's context. */
export const LLM_INPUT_CHARS = 12_000;
/** A 3–5 sentence summary needs a few hundred tokens; running into this means it did not fit. */
const SUMMARY_MAX_TOKENS = 1024;
const KEYWORDS_MAX_TOKENS = 400;

/** From the configuration at call time (a test switches it with reloadConfig()). */
export function llmConfig(c: Config = config()): LlmConfig | null {
  const baseUrl = c.LLM_BASE_URL;
  const model = c.LLM_MODEL;
  if (!baseUrl || !model) return null;
  const apiKey = c.LLM_API_KEY;
  return { baseUrl, model, ...(apiKey ? { apiKey } : {}), timeoutMs: LLM_TIMEOUT_MS };
}

/** Anything that makes the LLM's answer unusable; the built-in method answers instead. */
export class LlmError extends Error {
  override name = "LlmError";
}

export interface ChatMessage {
  role: "system" | "user";
  content: string;
}

const completionSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({ content: z.string().nullish() }),
        finish_reason: z.string().nullish(),
      }),
    )
    .min(1),
});

export async function chatCompletion(
  config: LlmConfig,
  messages: ChatMessage[],
  maxTokens: number,
): Promise<{ content: string; finishReason: string | null }> {
  let res: Response;
  try {
    res = await fetch(`${config.baseUrl}/chat/completions`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: config.model,
        messages,
        temperature: 0,
        max_tokens: maxTokens,
        stream: false,
      }),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (err) {
    throw new LlmError(`request failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!res.ok) {
    const body = await res.text().catch(() => "");
    throw new LlmError(`HTTP ${res.status}: ${body.slice(0, 200)}`);
  }
  const parsed = completionSchema.safeParse(await res.json().catch(() => null));
  if (!parsed.success) throw new LlmError("response is not a chat completion");
  const choice = parsed.data.choices[0]!;
  return { content: choice.message.content ?? "", finishReason: choice.finish_reason ?? null };
}

/** "German", or null when the page's language is unknown. */
function languageName(article: ArticleText): string | null {
  const { base } = resolveLanguage(article.lang, article.paragraphs.slice(0, 30).join("\n"));
  if (!base) return null;
  try {
    return new Intl.DisplayNames(["en"], { type: "language" }).of(base) ?? null;
  } catch {
    return null;
  }
}

/** Title and main text, cut at a block boundary within the input budget. */
export function promptText(article: ArticleText, budget = LLM_INPUT_CHARS): string {
  let body = "";
  for (const block of article.text.split("\n\n")) {
    if (body.length + block.length + 2 > budget) {
      if (!body) body = block.slice(0, budget);
      break;
    }
    body += (body ? "\n\n" : "") + block;
  }
  return `${article.title ? `Title: ${article.title}\n\n` : ""}${body}`;
}

/** Reasoning models (DeepSeek-R1, Qwen3 on Ollama) put their thinking in the content. */
function withoutThinking(s: string): string {
  return s.replace(/<think>[\s\S]*?<\/think>/gi, "").trim();
}

export async function llmSummary(config: LlmConfig, article: ArticleText): Promise<string> {
  const language = languageName(article);
  const system =
    "You summarize web pages. Write a summary of 3 to 5 sentences, at most 120 words, as plain text: " +
    'no title, no lists, no Markdown, no preamble such as "This article" or "Summary:". ' +
    (language
      ? `Write it in ${language}, the language of the page.`
      : "Write it in the language of the page.");
  const { content, finishReason } = await chatCompletion(
    config,
    [
      { role: "system", content: system },
      { role: "user", content: promptText(article) },
    ],
    SUMMARY_MAX_TOKENS,
  );
  // A cut-off summary is not a summary (docs/spec.md §7.4: more than one response can return).
  if (finishReason === "length") throw new OperationFailure("too_big", "the LLM's summary was cut off");
  // Plain text (docs/spec.md §2.6) even when a model insists on Markdown or a label.
  const text = withoutThinking(content)
    .replace(/\*\*|__|^#+\s*/gm, "")
    .replace(/^\s*[-*•]\s+/gm, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^(summary|zusammenfassung|résumé|resumen|riassunto|resumo|samenvatting)\s*:\s*/i, "");
  if (!text) throw new LlmError("empty summary");
  return text;
}

const keywordsSchema = z.array(z.string()).min(1);

export async function llmKeywords(config: LlmConfig, article: ArticleText, max = 10): Promise<string[]> {
  const language = languageName(article);
  const system =
    `You extract keywords from web pages. Answer with only a JSON array of 5 to ${max} strings: the page's ` +
    "key topics as short phrases of 1 to 3 words, most important first, lower case, no duplicates" +
    (language ? `, in ${language} as the page uses them.` : ", in the language of the page.");
  const { content } = await chatCompletion(
    config,
    [
      { role: "system", content: system },
      { role: "user", content: promptText(article) },
    ],
    KEYWORDS_MAX_TOKENS,
  );
  // Models wrap JSON in prose or code fences; the array is what is between the outer brackets.
  const raw = withoutThinking(content);
  const start = raw.indexOf("[");
  const end = raw.lastIndexOf("]");
  if (start < 0 || end <= start) throw new LlmError("no JSON array in the answer");
  let json: unknown;
  try {
    json = JSON.parse(raw.slice(start, end + 1));
  } catch {
    throw new LlmError("the answer's array is not valid JSON");
  }
  const parsed = keywordsSchema.safeParse(json);
  if (!parsed.success) throw new LlmError("the answer is not an array of strings");
  const locale = resolveLanguage(article.lang, "").locale;
  const seen = new Set<string>();
  const out: string[] = [];
  for (const k of parsed.data) {
    const phrase = k
      .replace(/\s+/g, " ")
      .replace(/^[#"'\s]+|["'\s.]+$/g, "")
      .toLocaleLowerCase(locale);
    if (!phrase || seen.has(phrase)) continue;
    seen.add(phrase);
    out.push(phrase);
  }
  if (!out.length) throw new LlmError("no keywords in the answer");
  return out.slice(0, max);
}
