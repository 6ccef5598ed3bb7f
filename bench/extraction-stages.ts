/**
 * Where a `markdown` extraction's time goes, on the same wceb-2026 pages the quality bench visits:
 * each stage evaluated on the same loaded page, one after the other, p50 and p90 in ms.
 *
 *   ./scripts/with-node npx tsx bench/extraction-stages.ts [pages=40]
 *
 * - body.innerText: the floor (what issue 23's latency target is measured against);
 * - a comment of the extractor's size: the DevTools transfer alone (no code runs);
 * - libraries / libraries + extractor defined: transfer and compilation;
 * - extractor run: __ptdMain() on a page where it already ran once;
 * - markdown, cold and again: the operation as a visit runs it (cold is what a customer pays).
 *
 * Twice over the pages: as a `markdown` request visits them (its load policy, "text": the page is
 * recycled, so one host's visits share a renderer process and V8's caches in it), and as a visit
 * on a fresh page (what a host's first visit in a renderer pays: compilation and cold code).
 *
 * Needs a quiet machine: the stages are a few ms each.
 */
import { loadPolicyFor } from "@/lib/operations";
import { markdown } from "@/lib/operations/markdown";
import { inPageLibraries } from "@/lib/operations/in-page";
import { mainContentScript } from "@/lib/operations/main-content";
import { evaluateIsolated } from "@/lib/page/isolated-world";
import type { LoadPolicy } from "@/lib/page/types";
import { visitPage } from "@/lib/page/visit";
import { offlinePool } from "./offline-site";
import { serveFirstTuningPages } from "./wceb/args";

const MODES = [
  { name: "markdown visits (recycled page)", loadPolicy: loadPolicyFor(["markdown"]) },
  { name: "visits on a fresh page", loadPolicy: "full" as const },
];

async function main() {
  const { ids, server } = await serveFirstTuningPages(Number(process.argv[2] ?? 40));
  const pool = offlinePool();
  const script = mainContentScript();
  const sizeOnly = `/* ${script.replace(/\*\//g, "")} */ 1`;
  const q = (values: number[], p: number) =>
    [...values].sort((a, b) => a - b)[Math.floor(p * (values.length - 1))]!.toFixed(1);
  for (const mode of MODES) {
    const stages = await stagesOf(ids, mode.loadPolicy, script, sizeOnly, pool);
    console.log(`\n| stage (${ids.length} tuning pages), ${mode.name} | p50 ms | p90 ms |\n|---|---|---|`);
    for (const [stage, values] of stages) console.log(`| ${stage} | ${q(values, 0.5)} | ${q(values, 0.9)} |`);
  }
  await pool.shutdown();
  server.close();
}

async function stagesOf(
  ids: string[],
  loadPolicy: LoadPolicy,
  script: string,
  sizeOnly: string,
  pool: ReturnType<typeof offlinePool>,
): Promise<Map<string, number[]>> {
  const stages = new Map<string, number[]>();
  for (const id of ids) {
    try {
      await visitPage(
        {
          url: `http://wceb.test/${id}/`,
          organization: "bench",
          loadPolicy,
          limits: { navigationTimeoutMs: 15_000, settleMaxMs: 500 },
        },
        async (snap) => {
          let t = performance.now();
          const lap = (stage: string) => {
            const now = performance.now();
            stages.set(stage, [...(stages.get(stage) ?? []), now - t]);
            t = now;
          };
          await evaluateIsolated(snap.page, "document.body ? document.body.innerText.length : 0");
          lap("body.innerText");
          await markdown(snap);
          lap("markdown, cold");
          await evaluateIsolated(snap.page, sizeOnly);
          lap(`transfer only (${Math.round(script.length / 1024)} KB comment)`);
          await evaluateIsolated(snap.page, `(() => { ${inPageLibraries()}; return 1; })()`);
          lap(`libraries defined (${Math.round(inPageLibraries().length / 1024)} KB)`);
          await evaluateIsolated(snap.page, `(() => { ${script}; return 1; })()`);
          lap("libraries + extractor defined");
          await evaluateIsolated(snap.page, `(() => { ${script}; return __ptdMain().html.length; })()`);
          lap("libraries + extractor run");
          await markdown(snap);
          lap("markdown, again");
        },
        { pool },
      );
    } catch (err) {
      console.error(`${id}: ${(err as Error).message}`);
    }
  }
  return stages;
}
void main();
