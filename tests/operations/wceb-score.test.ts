import { describe, expect, it } from "vitest";
import { halfOf, markdownToText, shingleScore, snippetCoverage } from "@/bench/wceb/score";

describe("wceb-2026 scorer", () => {
  it("scores 4-word shingles: identical texts 1, disjoint 0, an extra boilerplate line costs precision only", () => {
    const truth = "The quick brown fox jumps over the lazy dog near the river bank";
    expect(shingleScore(truth, truth)).toEqual({ precision: 1, recall: 1, f1: 1 });
    expect(shingleScore("Completely different words appear in this one sentence", truth).f1).toBe(0);
    const noisy = shingleScore(`${truth}. Subscribe to our newsletter for more great stories`, truth);
    expect(noisy.recall).toBe(1);
    expect(noisy.precision).toBeLessThan(1);
    expect(noisy.precision).toBeGreaterThan(0.5);
    // Case and punctuation do not count.
    expect(shingleScore(truth.toUpperCase().replace(/ /g, ", "), truth).f1).toBe(1);
    // An empty extraction of a non-empty truth scores 0.
    expect(shingleScore("", truth)).toEqual({ precision: 0, recall: 0, f1: 0 });
  });

  it("counts `with` snippets found and `without` snippets absent", () => {
    const text = "Rivers rose overnight. The council opened shelters for residents.";
    const cov = snippetCoverage(
      text,
      ["the council opened shelters", "Bridges collapsed"],
      ["Subscribe now", "Rivers rose overnight"],
    );
    expect(cov).toEqual({ with: 0.5, without: 0.5 });
    expect(snippetCoverage(text, [], [])).toEqual({ with: null, without: null });
  });

  it("reads Markdown as the text it renders", () => {
    expect(
      markdownToText("# Title\n\n[a link](https://x.test/y) and ![alt](https://x.test/i.png) | cell |")
        .replace(/\s+/g, " ")
        .trim(),
    ).toBe("Title a link and alt cell");
  });

  it("splits pages into two stable halves", () => {
    const ids = Array.from({ length: 200 }, (_, i) => String(i).padStart(4, "0"));
    const tuning = ids.filter((id) => halfOf(id) === "tuning").length;
    expect(tuning).toBeGreaterThan(60);
    expect(tuning).toBeLessThan(140);
    expect(ids.map(halfOf)).toEqual(ids.map(halfOf));
  });
});
