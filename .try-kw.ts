import { keyphrases } from "@/lib/ai/keyphrases";
import { loadEvalArticle } from "@/tests/operations/eval-articles";
for (const n of process.argv.slice(2)) {
  const a = loadEvalArticle(n);
  const t0 = performance.now();
  const k = keyphrases(a);
  console.log(`${n} [${a.lang}] (${(performance.now()-t0).toFixed(0)}ms): ${k.join(" · ")}`);
}
