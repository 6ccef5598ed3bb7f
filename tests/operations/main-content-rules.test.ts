import { describe, expect, it } from "vitest";
import { isEdgeBoilerplate } from "@/lib/operations/main-content-in-page/content-edges";
import { norm, textToHtml } from "@/lib/operations/main-content-in-page/text";

/**
 * The main-content extractor's text-level rules alone, in Node (they read no DOM). The rules that
 * read the page's markup are tested on real pages in real Chromium (main-content.test.ts).
 */
describe("main content: text", () => {
  it("collapses whitespace, no-break spaces included", () => {
    expect(norm("  a\u00a0\n b\t")).toBe("a b");
    expect(norm(null)).toBe("");
  });

  it("writes plain text as escaped paragraphs, one per line", () => {
    expect(textToHtml("One <b> & two\n\n  \nThree")).toBe("<p>One &lt;b&gt; &amp; two</p><p>Three</p>");
  });
});

describe("main content: lines around the article", () => {
  const middle = [10, 10] as const;
  const first = [0, 20] as const;
  const last = [20, 0] as const;
  const cases: [string, readonly [number, number], boolean][] = [
    ["This post contains affiliate links, and we may earn a commission.", middle, true],
    ["As an Amazon Associate we earn from qualifying purchases.", last, true],
    [
      "Example.com is a participant in the Amazon Services LLC Associates Program, an affiliate advertising program designed to provide a means for sites to earn advertising fees by linking to Amazon.com.",
      last,
      true,
    ],
    ["Purchases made through our links may earn us a commission.", first, true],
    ["WIRED may earn a portion of sales from products purchased through our site.", last, true],
    ["WIRED may earn a portion of sales from products purchased through retail links.", last, true],
    ["I earn a commission if you buy through these links.", first, true],
    ["Disclosure: I may receive a small commission, at no cost to you.", last, true],
    // Of others, not of the page: "i.e." is no writer, and "may" no site.
    [
      "Affiliate links, i.e. links that earn a commission for whoever shares them, are common.",
      middle,
      false,
    ],
    ["Travel agents may get a commission when you buy travel insurance through them.", middle, false],
    // Text about affiliate marketing, not the page's own disclosure.
    [
      "Travel agents recommend travel insurance (because they get a commission when you buy it).",
      middle,
      false,
    ],
    [
      "Sales and Marketing: Boost your reach with sales pages, email marketing, and affiliate programs.",
      middle,
      false,
    ],
    ["Photo credit: Jane Doe / Agency", middle, true],
    ["Buy now at Lowe's", middle, true],
    ["$1,599.00 from Best Buy", middle, true],
    ["By Jane Doe", first, true],
    ["By Jane Doe", middle, false],
    ["Updated August 14, 2025", first, true],
    ["5 min read", first, true],
    ["Sign in", first, true],
    ["Subscribe to our newsletter for more.", last, true],
    ["Subscribe to our newsletter for more.", middle, false],
    ["Tags: gardening, tomatoes", last, true],
    ["Posted by Jane at 10:04", last, true],
    ["Written by", last, true],
    ["Written by", middle, false],
    [
      "Bhaval Patel is a Director (Operations) at Space-O Technologies. He has 20+ years of experience helping startups and enterprises with custom software solutions.",
      last,
      true,
    ],
    ["Bhaval Patel is a Director (Operations) at Space-O Technologies.", middle, false],
    [
      "By the time the river rose, the town had already left, and the bridge was the only way across for days.",
      first,
      false,
    ],
  ];
  it.each(cases)("%j at %j: %s", (text, [fromStart, fromEnd], expected) => {
    expect(isEdgeBoilerplate(text, fromStart, fromEnd)).toBe(expected);
  });
});
