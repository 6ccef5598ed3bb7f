/**
 * Quality/speed check of the built-in AI methods over Readability's evaluation articles (real
 * pages in several languages): per article, summary sentences and words, keyword count, time, and
 * the keywords themselves to eyeball. No browser: the text is Readability's expected output.
 *
 *   ./scripts/with-node tsx bench/quality-summary.ts [article-name …]
 */
import { extractiveSummary } from "@/lib/ai/extractive";
import { keyphrases } from "@/lib/ai/keyphrases";
import { evalArticleNames, hasEvalArticles, loadEvalArticle } from "@/tests/operations/eval-articles";

// Real articles of some length in en, de, fr, es, pt, cs, zh, ja (the rest are markup unit cases).
const DEFAULT = [
  "aclu",
  "ars-1",
  "bbc-1",
  "citylab-1",
  "cnet",
  "engadget",
  "guardian-1",
  "heise",
  "lemonde-1",
  "liberation-1",
  "folha",
  "cnet-svg-classes",
  "aktualne",
  "gmw",
  "yahoo-4",
  "medicalnewstoday",
  "nytimes-1",
  "nytimes-3",
  "quanta-1",
  "seattletimes-1",
  "theverge",
  "webmd-1",
  "wikipedia-3",
  "v8-blog",
];

if (!hasEvalArticles()) {
  console.error("No evaluation articles (set READABILITY_EVAL_DIR).");
  process.exit(1);
}
const names =
  process.argv.length > 2 ? process.argv.slice(2) : DEFAULT.filter((n) => evalArticleNames().includes(n));

const rows: string[][] = [
  ["article", "lang", "words in", "sentences", "summary words", "keywords", "ms", "top keywords"],
];
let totals = { words: 0, keywords: 0, ms: 0 };
for (const name of names) {
  const article = loadEvalArticle(name);
  const t0 = performance.now();
  const summary = extractiveSummary(article);
  const kws = keyphrases(article);
  const ms = performance.now() - t0;
  const words = summary.text.split(/\s+/).filter(Boolean).length;
  totals = { words: totals.words + words, keywords: totals.keywords + kws.length, ms: totals.ms + ms };
  const inWords = article.paragraphs.join(" ").split(/\s+/).length;
  rows.push([
    name,
    article.lang || "?",
    String(inWords),
    String(summary.sentences.length),
    String(words),
    String(kws.length),
    ms.toFixed(0),
    kws.slice(0, 5).join(" · "),
  ]);
}
const n = Math.max(1, names.length);
rows.push([
  "AVERAGE",
  "",
  "",
  "",
  (totals.words / n).toFixed(1),
  (totals.keywords / n).toFixed(1),
  (totals.ms / n).toFixed(1),
  "",
]);

const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => [...r[c]!].length)));
for (const r of rows)
  console.log(r.map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c]!))).join("  "));
