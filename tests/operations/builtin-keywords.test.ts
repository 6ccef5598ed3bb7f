import { describe, expect, it } from "vitest";
import { keyphrases, MAX_KEYPHRASES } from "@/lib/ai/keyphrases";
import { stopwordsFor } from "@/lib/ai/stopwords";
import { hasEvalArticles, loadEvalArticle } from "./eval-articles";

/**
 * Expected terms were chosen by reading each article: each is what the article is plainly about,
 * so a keyword extractor that misses it is broken, not merely different.
 */
const CASES: { name: string; lang: string; expect: RegExp[] }[] = [
  { name: "webmd-1", lang: "en", expect: [/peanut/, /allerg/] }, // peanut allergy prevention study
  { name: "bbc-1", lang: "en", expect: [/obama/, /gun/] }, // Obama on US gun laws
  { name: "nytimes-1", lang: "en", expect: [/sudan/, /sanction/] }, // US lifting Sudan sanctions
  { name: "wikipedia-3", lang: "en", expect: [/hermitian/, /matri/] }, // "Hermitian matrix"
  { name: "ars-1", lang: "en", expect: [/minecraft/] }, // Minecraft server crash exploit
  { name: "heise", lang: "de", expect: [/1password/] }, // 1Password for Mac adds TOTP
  { name: "lemonde-1", lang: "fr", expect: [/renseignement/] }, // French intelligence bill
  { name: "cnet-svg-classes", lang: "es", expect: [/twitter lite/] }, // Twitter Lite launch in Latin America
  { name: "folha", lang: "pt", expect: [/tite/, /lula/] }, // Tite regrets taking the cup to Lula
];

describe.runIf(hasEvalArticles())("built-in keyphrases", () => {
  for (const c of CASES) {
    it(`finds what ${c.name} is about`, () => {
      const kws = keyphrases(loadEvalArticle(c.name));
      expect(kws.length).toBeGreaterThanOrEqual(5);
      expect(kws.length).toBeLessThanOrEqual(MAX_KEYPHRASES);
      for (const re of c.expect)
        expect(
          kws.some((k) => re.test(k)),
          `${re} in ${kws.join(", ")}`,
        ).toBe(true);
      const stops = new Set([...stopwordsFor(c.lang), ...stopwordsFor("en")]);
      for (const k of kws) {
        expect(k).toBe(k.toLocaleLowerCase(c.lang));
        expect(k).toBe(k.trim());
        expect(stops.has(k), `"${k}" is a stop word`).toBe(false);
        expect(k.split(" ").length).toBeLessThanOrEqual(3);
      }
    });
  }

  it("removes German stop words, also inside phrases", () => {
    const kws = keyphrases(loadEvalArticle("heise"));
    const german = stopwordsFor("de");
    for (const k of kws)
      for (const w of k.split(/[\s-]+/)) expect(german.has(w), `"${w}" in "${k}"`).toBe(false);
  });

  it("never returns a phrase that repeats a higher-ranked one", () => {
    for (const name of ["webmd-1", "nytimes-1", "wikipedia-2", "guardian-1", "engadget"]) {
      const kws = keyphrases(loadEvalArticle(name));
      expect(new Set(kws).size).toBe(kws.length);
      kws.forEach((k, i) => {
        for (const earlier of kws.slice(0, i)) {
          expect(
            ` ${earlier} `.includes(` ${k} `) || ` ${k} `.includes(` ${earlier} `),
            `${k} / ${earlier}`,
          ).toBe(false);
        }
      });
    }
  });

  it("is deterministic", () => {
    expect(keyphrases(loadEvalArticle("quanta-1"))).toEqual(keyphrases(loadEvalArticle("quanta-1")));
  });

  it("works somewhat for Chinese and Japanese (ICU word breaks)", () => {
    // gmw: what drinking alcohol in space (太空) does to astronauts; no lang declared.
    const zh = keyphrases({ ...loadEvalArticle("gmw"), lang: "" });
    expect(zh).toContain("太空");
    expect(zh.some((k) => /^\p{Script=Han}+$/u.test(k))).toBe(true);
    // yahoo-4: Trend Micro's app for using public Wi-Fi safely.
    expect(keyphrases(loadEvalArticle("yahoo-4"))).toContain("トレンドマイクロ");
  });
});

describe("built-in keyphrases on small inputs", () => {
  it("returns nothing for an empty page", () => {
    expect(keyphrases({ title: "", lang: "en", paragraphs: [] })).toEqual([]);
  });

  it("guesses the language when the page declares none", () => {
    const kws = keyphrases({
      title: "",
      lang: "",
      paragraphs: [
        "Die Bundesbahn hat am Montag neue Fahrpläne vorgestellt. Die Fahrpläne gelten ab dem Sommer.",
        "Nach Angaben der Bundesbahn werden die Züge auf der Strecke häufiger fahren, und die Fahrpläne sind online.",
      ],
    });
    expect(kws[0]).toBe("fahrpläne");
    expect(kws).toContain("bundesbahn");
    for (const k of kws) for (const w of k.split(" ")) expect(stopwordsFor("de").has(w)).toBe(false);
  });
});
