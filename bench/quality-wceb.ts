/**
 * Main-content and metadata quality on ../shared/eval/wceb-2026 (1,000 pages from 2026, ground
 * truth independent of any extractor; read from there, never copied). Each page is served as
 * http://wceb.test/<id>/ and visited once through the API's engine; on that one snapshot we run
 * Mozilla Readability alone (its textContent, default options) and our `markdown` and `meta`.
 *
 *   npx tsx bench/quality-wceb.ts [--half tuning|held-out|all] [--limit N] [--ids a,b] [--worst N]
 *
 * Pages are split deterministically by a hash of their id (bench/wceb/score.ts `halfOf`): tune only
 * on `tuning`, report `held-out` as the honest number.
 */
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { markdown } from "@/lib/operations/markdown";
import { meta } from "@/lib/operations/meta";
import { inPageLibraries } from "@/lib/operations/in-page";
import { visitPage } from "@/lib/page/visit";
import { halfOf, markdownToText, shingleScore, snippetCoverage, words } from "./wceb/score";
import { metaAgreement } from "./wceb/meta-agreement";
import { offlinePool } from "./offline-site";
import { arg, EVAL_DIR, HALF, IDS, LIMIT, serveWcebPages } from "./wceb/args";

const WORST = Number(arg("worst") ?? 0);
// --dump DIR writes each page's extractions and truth there, to read the misses.
const DUMP = arg("dump");

const truthSchema = z.record(
  z.string(),
  z.object({
    url: z.string(),
    title: z.string().nullable(),
    author: z.string().nullable(),
    publish_date: z.string().nullable(),
    articleBody: z.string(),
    with: z.array(z.string()),
    without: z.array(z.string()),
  }),
);
const truth = truthSchema.parse(
  JSON.parse(fs.readFileSync(path.join(EVAL_DIR, "ground-truth.json"), "utf8")),
);
const ids = Object.keys(truth)
  .filter((id) => (IDS ? IDS.includes(id) : HALF === "all" || halfOf(id) === HALF))
  .sort()
  .slice(0, LIMIT);

const READABILITY_ALONE = `(() => {
  ${inPageLibraries()}
  try { var a = new __ptd.Readability(document.cloneNode(true)).parse(); return a && a.textContent ? a.textContent : ""; }
  catch (e) { return ""; }
})()`;

type System = "readability" | "ours";
interface Row {
  id: string;
  half: string;
  scores: Record<System, { p: number; r: number; f: number; with: number | null; without: number | null }>;
  empty: Record<System, boolean>;
  meta: { title: boolean | null; author: boolean | null; date: boolean | null };
  ms: number;
  failed?: string;
}

async function main() {
  const server = await serveWcebPages((id) => Boolean(truth[id]));
  const pool = offlinePool();
  const rows: Row[] = [];
  const zero = { p: 0, r: 0, f: 0, with: 0, without: 1 };
  for (const id of ids) {
    const t = truth[id]!;
    const started = Date.now();
    try {
      const out = await visitPage(
        {
          url: `http://wceb.test/${id}/`,
          organization: "bench",
          limits: { navigationTimeoutMs: 15_000, settleMaxMs: 500 },
        },
        async (snap) => ({
          readability: String(await snap.page.evaluate(READABILITY_ALONE)),
          ours: markdownToText(await markdown(snap)),
          m: await meta(snap),
        }),
        { pool },
      );
      if (DUMP) {
        fs.mkdirSync(DUMP, { recursive: true });
        const metaVsTruth = {
          ours: out.m,
          truth: { title: t.title, author: t.author, date: t.publish_date },
        };
        fs.writeFileSync(path.join(DUMP, `${id}.meta.json`), JSON.stringify(metaVsTruth, null, 1));
        for (const [k, v] of Object.entries({
          readability: out.readability,
          ours: out.ours,
          truth: t.articleBody,
        }))
          fs.writeFileSync(path.join(DUMP, `${id}.${k}.txt`), v);
      }
      const score = (text: string) => {
        const s = shingleScore(text, t.articleBody);
        return { p: s.precision, r: s.recall, f: s.f1, ...snippetCoverage(text, t.with, t.without) };
      };
      rows.push({
        id,
        half: halfOf(id),
        scores: { readability: score(out.readability), ours: score(out.ours) },
        empty: { readability: !words(out.readability).length, ours: !words(out.ours).length },
        meta: metaAgreement(out.m, t),
        ms: Date.now() - started,
      });
    } catch (err) {
      const failed = `${(err as Error).message}`.slice(0, 120);
      rows.push({
        id,
        half: halfOf(id),
        scores: { readability: zero, ours: zero },
        empty: { readability: true, ours: true },
        meta: {
          title: t.title ? false : null,
          author: t.author ? false : null,
          date: t.publish_date ? false : null,
        },
        ms: Date.now() - started,
        failed,
      });
      console.error(`${id}: ${failed}`);
    }
  }
  await pool.shutdown();
  server.close();
  report(rows);
}

function report(rows: Row[]) {
  const mean = (xs: Array<number | null>) => {
    const v = xs.filter((x): x is number => x !== null);
    return v.length ? v.reduce((a, b) => a + b, 0) / v.length : NaN;
  };
  const pct = (xs: Array<boolean | null>) => {
    const v = xs.filter((x): x is boolean => x !== null);
    return `${((100 * v.filter(Boolean).length) / (v.length || 1)).toFixed(1)} % of ${v.length}`;
  };
  if (WORST) {
    const worst = [...rows].sort((a, b) => a.scores.ours.f - b.scores.ours.f).slice(0, WORST);
    for (const r of worst)
      console.log(
        `  ${r.id} ours F1 ${r.scores.ours.f.toFixed(3)} p ${r.scores.ours.p.toFixed(2)} r ${r.scores.ours.r.toFixed(2)} | readability F1 ${r.scores.readability.f.toFixed(3)} ${r.failed ?? ""}`,
      );
  }
  const pad = (s: string | number, n: number) => String(s).padEnd(n);
  for (const half of ["tuning", "held-out", "all"]) {
    const hr = rows.filter((r) => half === "all" || r.half === half);
    if (!hr.length) continue;
    console.log(`\n== ${half}: ${hr.length} pages (${hr.filter((r) => r.failed).length} failed visits)`);
    console.log(
      `${pad("system", 13)}${pad("F1", 7)}${pad("prec", 7)}${pad("recall", 8)}${pad("with", 7)}${pad("without", 9)}empty`,
    );
    for (const sys of ["readability", "ours"] as const) {
      const s = hr.map((r) => r.scores[sys]);
      console.log(
        `${pad(sys, 13)}${pad(mean(s.map((x) => x.f)).toFixed(3), 7)}${pad(mean(s.map((x) => x.p)).toFixed(3), 7)}${pad(mean(s.map((x) => x.r)).toFixed(3), 8)}${pad(mean(s.map((x) => x.with)).toFixed(3), 7)}${pad(mean(s.map((x) => x.without)).toFixed(3), 9)}${hr.filter((r) => r.empty[sys]).length}`,
      );
    }
    const empties = hr.filter((r) => r.empty.ours).map((r) => r.id + (r.failed ? " (visit failed)" : ""));
    if (empties.length) console.log(`ours empty: ${empties.join(", ")}`);
    console.log(
      `meta agreement: title ${pct(hr.map((r) => r.meta.title))}  author ${pct(hr.map((r) => r.meta.author))}  date ${pct(hr.map((r) => r.meta.date))}`,
    );
    const ms = hr.map((r) => r.ms).sort((a, b) => a - b);
    console.log(`visit+extract ms: p50 ${ms[Math.floor(ms.length / 2)]}  mean ${Math.round(mean(ms))}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
