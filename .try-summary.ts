import { extractiveSummary } from "@/lib/ai/extractive";
import { loadEvalArticle } from "@/tests/operations/eval-articles";
for (const n of process.argv.slice(2)) {
  const a = loadEvalArticle(n);
  const t0 = performance.now();
  const s = extractiveSummary(a);
  console.log(`== ${n} [${a.lang}] ${a.title} (${(performance.now()-t0).toFixed(0)}ms, ${s.sentences.length} sent, ${s.text.split(/\s+/).length} w)\n${s.sentences.map(x=>" - "+x).join("\n")}`);
}
