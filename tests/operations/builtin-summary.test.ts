import { describe, expect, it } from "vitest";
import { extractiveSummary, SUMMARY_MAX_WORDS } from "@/lib/ai/extractive";
import { splitSentences } from "@/lib/ai/segment";
import { hasEvalArticles, loadEvalArticle } from "./eval-articles";

const words = (s: string) => s.split(/\s+/).filter(Boolean).length;

// News, encyclopedia and tech pages in five languages; each has enough prose for 3+ sentences.
const ARTICLES = [
  "webmd-1",
  "bbc-1",
  "nytimes-1",
  "wikipedia-3",
  "ars-1",
  "heise",
  "lemonde-1",
  "cnet-svg-classes",
  "folha",
];

describe.runIf(hasEvalArticles())("built-in extractive summary", () => {
  for (const name of ARTICLES) {
    it(`summarizes ${name} in 3–5 sentences of the text, at most ${SUMMARY_MAX_WORDS} words`, () => {
      const article = loadEvalArticle(name);
      const summary = extractiveSummary(article);
      expect(summary.sentences.length).toBeGreaterThanOrEqual(3);
      expect(summary.sentences.length).toBeLessThanOrEqual(5);
      expect(words(summary.text)).toBeLessThanOrEqual(SUMMARY_MAX_WORDS);
      expect(summary.text).toBe(summary.sentences.join(" "));
      // Extractive: every sentence is verbatim from one paragraph, and they keep the page's order.
      const body = article.paragraphs.join("\n");
      let last = -1;
      for (const s of summary.sentences) {
        expect(
          article.paragraphs.some((p) => p.includes(s)),
          s,
        ).toBe(true);
        const at = body.indexOf(s);
        expect(at).toBeGreaterThan(last);
        last = at;
      }
    });
  }

  it("is deterministic", () => {
    const a = extractiveSummary(loadEvalArticle("nytimes-2")).text;
    const b = extractiveSummary(loadEvalArticle("nytimes-2")).text;
    expect(a).not.toBe("");
    expect(a).toBe(b);
  });

  it("leads with what the article is about", () => {
    // The WebMD piece is about feeding peanuts to babies to prevent allergy.
    expect(extractiveSummary(loadEvalArticle("webmd-1")).text).toMatch(/peanut/i);
    expect(extractiveSummary(loadEvalArticle("wikipedia-3")).text).toMatch(/Hermitian/);
  });

  it("leaves out code and formula remnants", () => {
    // ars-1 quotes an NBT payload ("rekt: { list: [ list: [ …"), wikipedia-3 has stripped MathML.
    expect(extractiveSummary(loadEvalArticle("ars-1")).text).not.toMatch(/list: \[/);
    expect(extractiveSummary(loadEvalArticle("wikipedia-3")).text).not.toMatch(/ , /);
  });

  it("summarizes Chinese with ICU sentence breaks", () => {
    const summary = extractiveSummary({ ...loadEvalArticle("gmw"), lang: "zh" });
    expect(summary.sentences.length).toBeGreaterThanOrEqual(3);
    for (const s of summary.sentences) expect(s).toMatch(/[。！？”」]$/u);
  });
});

describe("built-in summary edge cases", () => {
  it("returns an empty summary for a page without text", () => {
    expect(extractiveSummary({ title: "", lang: "en", paragraphs: [] })).toEqual({ text: "", sentences: [] });
  });

  it("returns what there is for a page of fewer than three sentences", () => {
    const s = extractiveSummary({
      title: "Hi",
      lang: "en",
      paragraphs: ["This page has only one real sentence in it."],
    });
    expect(s.sentences).toEqual(["This page has only one real sentence in it."]);
  });

  it("does not break sentences after common abbreviations and initials", () => {
    const en = { locale: "en", base: "en" };
    expect(
      splitSentences("Mr. Smith met Dr. Jones in Jan. 2020. John F. Kennedy was there. It rained.", en),
    ).toEqual(["Mr. Smith met Dr. Jones in Jan. 2020.", "John F. Kennedy was there.", "It rained."]);
    const de = { locale: "de", base: "de" };
    expect(splitSentences("Das gilt z. B. am 3. Oktober. Dann nicht mehr.", de)).toEqual([
      "Das gilt z. B. am 3. Oktober.",
      "Dann nicht mehr.",
    ]);
  });
});
