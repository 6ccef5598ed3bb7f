import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { parseConfig, reloadConfig } from "@/lib/config";
import { extractiveSummary } from "@/lib/ai/extractive";
import { keyphrases } from "@/lib/ai/keyphrases";
import { LLM_INPUT_CHARS, llmConfig, promptText, type LlmConfig } from "@/lib/ai/llm";
import { OperationFailure } from "@/lib/failures";
import { keywordsOfArticle } from "@/lib/operations/keywords";
import { summarizeArticle } from "@/lib/operations/summarize";
import type { ArticleText } from "@/lib/ai/types";
import { articleFromHtml } from "./eval-articles";
import { startFakeLlm, type FakeLlm } from "./fake-llm";

const ARTICLE: ArticleText = articleFromHtml(
  `<p>Feeding babies peanut snacks before their first birthday may prevent peanut allergy, a new study says.</p>
   <h2>The study</h2>
   <p>Researchers followed 640 children at high risk of allergy for five years. Children who ate peanuts early were far less likely to become allergic.</p>
   <p>Doctors say parents of high-risk infants should talk to a pediatrician first. The findings could change feeding advice worldwide.</p>`,
  "Babies Who Eat Peanuts Early May Avoid Allergy",
  "en",
);

let fake: FakeLlm;
let config: LlmConfig;

beforeAll(async () => {
  fake = await startFakeLlm();
  config = llmConfig(
    parseConfig({ LLM_BASE_URL: `${fake.baseUrl}/`, LLM_MODEL: "test-model", LLM_API_KEY: "sk-test" }),
  )!;
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  // Fallbacks log a warning by design; keep test output quiet and assert on it where it matters.
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("LLM configuration", () => {
  it("needs both LLM_BASE_URL and LLM_MODEL", () => {
    expect(llmConfig(parseConfig({}))).toBeNull();
    expect(llmConfig(parseConfig({ LLM_BASE_URL: "http://x/v1" }))).toBeNull();
    expect(llmConfig(parseConfig({ LLM_MODEL: "m" }))).toBeNull();
    expect(llmConfig(parseConfig({ LLM_BASE_URL: "http://x/v1/", LLM_MODEL: "m" }))).toEqual({
      baseUrl: "http://x/v1",
      model: "m",
      timeoutMs: 30_000,
    });
  });

  it("cuts long text at a block boundary within the input budget", () => {
    const long = {
      ...ARTICLE,
      text: Array.from({ length: 400 }, (_, i) => `Paragraph ${i} ${"x".repeat(80)}.`).join("\n\n"),
    };
    const prompt = promptText(long);
    expect(prompt.length).toBeLessThanOrEqual(LLM_INPUT_CHARS + 200);
    expect(prompt.endsWith(".")).toBe(true);
  });
});

describe("summarize through an OpenAI-compatible API", () => {
  it("sends the model, a system prompt and the main text, and uses the answer", async () => {
    fake.reply = {
      content: "  **Summary:** Early peanuts prevent allergy.\nA study of 640 children shows it.  ",
    };
    const result = await summarizeArticle(ARTICLE, config);
    expect(result).toEqual({
      value: "Early peanuts prevent allergy. A study of 640 children shows it.",
      producedBy: "llm:test-model",
    });

    expect(fake.requests).toHaveLength(1);
    const [req] = fake.requests;
    expect(req!.method).toBe("POST");
    expect(req!.url).toBe("/v1/chat/completions");
    expect(req!.headers.authorization).toBe("Bearer sk-test");
    expect(req!.headers["content-type"]).toMatch(/application\/json/);
    const body = req!.body as {
      model: string;
      messages: { role: string; content: string }[];
      stream: boolean;
    };
    expect(body.model).toBe("test-model");
    expect(body.stream).toBe(false);
    expect(body.messages.map((m) => m.role)).toEqual(["system", "user"]);
    expect(body.messages[0]!.content).toMatch(/3 to 5 sentences/);
    expect(body.messages[0]!.content).toMatch(/English/);
    expect(body.messages[1]!.content).toContain("Babies Who Eat Peanuts Early May Avoid Allergy");
    expect(body.messages[1]!.content).toContain("Researchers followed 640 children");
  });

  it("asks for the page's language", async () => {
    fake.reply = { content: "Kurz gesagt." };
    await summarizeArticle({ ...ARTICLE, lang: "de-DE" }, config);
    const body = fake.requests[0]!.body as { messages: { content: string }[] };
    expect(body.messages[0]!.content).toMatch(/in German/);
  });

  it("reads the configuration from the environment", async () => {
    vi.stubEnv("LLM_BASE_URL", fake.baseUrl);
    vi.stubEnv("LLM_MODEL", "env-model");
    vi.stubEnv("LLM_API_KEY", "");
    reloadConfig();
    try {
      fake.reply = { content: "From the environment." };
      expect(await summarizeArticle(ARTICLE)).toEqual({
        value: "From the environment.",
        producedBy: "llm:env-model",
      });
      expect(fake.requests[0]!.headers.authorization).toBeUndefined();
    } finally {
      vi.unstubAllEnvs();
      reloadConfig();
    }
  });

  it("falls back to the built-in method when the API answers 500", async () => {
    fake.reply = { status: 500, body: JSON.stringify({ error: { message: "overloaded" } }) };
    const result = await summarizeArticle(ARTICLE, config);
    expect(result).toEqual({ value: extractiveSummary(ARTICLE).text, producedBy: "builtin" });
    expect(result.value).toMatch(/peanut/);
    expect(console.warn).toHaveBeenCalledWith(expect.stringMatching(/summarize: the LLM failed \(HTTP 500/));
  });

  it("falls back when the API is too slow or unreachable", async () => {
    fake.reply = { content: "late", delayMs: 2_000 };
    expect((await summarizeArticle(ARTICLE, { ...config, timeoutMs: 150 })).producedBy).toBe("builtin");
    expect(
      (await summarizeArticle(ARTICLE, { ...config, baseUrl: "http://127.0.0.1:9/v1" })).producedBy,
    ).toBe("builtin");
  });

  it("falls back on an answer that is not a chat completion, or is empty", async () => {
    fake.reply = { body: "<html>gateway</html>" };
    expect((await summarizeArticle(ARTICLE, config)).producedBy).toBe("builtin");
    fake.reply = { content: "   " };
    expect((await summarizeArticle(ARTICLE, config)).producedBy).toBe("builtin");
  });

  it("fails with too_big when the summary was cut off", async () => {
    fake.reply = { content: "This summary goes on and on and", finishReason: "length" };
    const err = await summarizeArticle(ARTICLE, config).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OperationFailure);
    expect((err as OperationFailure).code).toBe("too_big");
    expect((err as OperationFailure).message).toBe("The page is too big to be processed.");
  });

  it("makes no call for a page without text", async () => {
    const empty = { ...ARTICLE, paragraphs: [], headings: [], text: "" };
    expect(await summarizeArticle(empty, config)).toEqual({ value: "", producedBy: "builtin" });
    expect(fake.requests).toHaveLength(0);
  });
});

describe("keywords through an OpenAI-compatible API", () => {
  it("asks for a JSON array and uses it, normalized", async () => {
    fake.reply = {
      content: 'Here you go:\n```json\n["Peanut Allergy", "babies", " Babies ", "early feeding"]\n```',
    };
    const result = await keywordsOfArticle(ARTICLE, config);
    expect(result).toEqual({
      value: ["peanut allergy", "babies", "early feeding"],
      producedBy: "llm:test-model",
    });
    const body = fake.requests[0]!.body as { model: string; messages: { role: string; content: string }[] };
    expect(body.model).toBe("test-model");
    expect(body.messages[0]!.content).toMatch(/JSON array/);
    expect(body.messages[1]!.content).toContain("Feeding babies peanut snacks");
  });

  it("falls back to the built-in method on a 500 or an answer that is not an array of strings", async () => {
    const builtin = { value: keyphrases(ARTICLE), producedBy: "builtin" };
    fake.reply = { status: 500, body: "{}" };
    expect(await keywordsOfArticle(ARTICLE, config)).toEqual(builtin);
    fake.reply = { content: "peanuts, babies, allergy" };
    expect(await keywordsOfArticle(ARTICLE, config)).toEqual(builtin);
    fake.reply = { content: '[{"keyword": "peanuts"}]' };
    expect(await keywordsOfArticle(ARTICLE, config)).toEqual(builtin);
    fake.reply = { content: '["peanuts", "bab', finishReason: "length" };
    expect(await keywordsOfArticle(ARTICLE, config)).toEqual(builtin);
    expect(builtin.value).toContain("peanut");
  });
});
