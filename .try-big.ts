import { extractiveSummary } from "@/lib/ai/extractive";
import { keyphrases } from "@/lib/ai/keyphrases";
import { loadEvalArticle } from "@/tests/operations/eval-articles";
const a = loadEvalArticle("wikipedia-2");
for (const k of [1, 10]) {
  const big = { ...a, paragraphs: Array.from({ length: k }, () => a.paragraphs).flat() };
  const chars = big.paragraphs.join("\n").length;
  let t = performance.now(); extractiveSummary(big); const s = performance.now() - t;
  t = performance.now(); keyphrases(big); const kk = performance.now() - t;
  console.log(`${(chars/1e6).toFixed(2)} MB text: summary ${s.toFixed(0)} ms, keywords ${kk.toFixed(0)} ms`);
}
