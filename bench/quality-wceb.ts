/**
 * Main-content quality on ../shared/eval/wceb-2026 (1,000 pages from 2026, ground truth
 * independent of any extractor; read from there, never copied). Each page is served as
 * http://wceb.test/<id>/ and visited once through the API's engine; on that one snapshot we run
 * our `markdown`, Readability + Turndown and defuddle + Turndown (bench/wceb/baselines.ts), and
 * our `meta`. Scored the benchmark's way (4-word shingles, precision/recall/F1 per page, averaged),
 * overall, per page type (bench/wceb/page-type.ts) and page by page: `--losses` lists the pages
 * where ours loses to either baseline by more than 0.05 F1.
 *
 *   npx tsx bench/quality-wceb.ts [--half tuning|held-out|all] [--limit N] [--ids a,b] [--worst N]
 *                                 [--losses] [--save FILE.json] [--dump DIR] [--ours-only]
 *
 * Pages are split deterministically by a hash of their id (bench/wceb/score.ts `halfOf`): tune only
 * on `tuning`, report `held-out` as the honest number. Pages are visited as a `markdown` request
 * visits them (its load policy: the page is recycled for the next visit, as in production).
 */
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { loadPolicyFor } from "@/lib/operations";
import { markdown } from "@/lib/operations/markdown";
import { mainContentScript } from "@/lib/operations/main-content";
import { meta } from "@/lib/operations/meta";
import { visitPage } from "@/lib/page/visit";
import { halfOf, markdownToText, shingleScore, snippetCoverage, words } from "./wceb/score";
import { metaAgreement } from "./wceb/meta-agreement";
import { pageTypeOf, PAGE_TYPES, type PageType } from "./wceb/page-type";
import { defuddleMarkdown, READABILITY_MARKDOWN } from "./wceb/baselines";
import { offlinePool } from "./offline-site";
import { arg, EVAL_DIR, HALF, IDS, LIMIT, serveWcebPages } from "./wceb/args";

const WORST = Number(arg("worst") ?? 0);
const LOSSES = process.argv.includes("--losses");
// --dump DIR writes each page's extractions and truth there, to read the misses.
const DUMP = arg("dump");
// --save FILE writes every row, to compare two runs page by page.
const SAVE = arg("save");
// --ours-only skips the baselines (their columns read 0): for quick runs while tuning.
const OURS_ONLY = process.argv.includes("--ours-only");

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

const SYSTEMS = ["readability", "defuddle", "ours"] as const;
type System = (typeof SYSTEMS)[number];
interface Score {
  p: number;
  r: number;
  f: number;
  with: number | null;
  without: number | null;
}
interface Row {
  id: string;
  half: string;
  type: PageType;
  scores: Record<System, Score>;
  empty: Record<System, boolean>;
  meta: { title: boolean | null; author: boolean | null; date: boolean | null };
  ms: number;
  failed?: string;
}
/** Per page: ms of our markdown extraction minus ms of reading document.body.innerText. */
const extraMs: number[] = [];

async function main() {
  const server = await serveWcebPages((id) => Boolean(truth[id]));
  const pool = offlinePool();
  const defuddle = defuddleMarkdown();
  const rows: Row[] = [];
  const zero: Score = { p: 0, r: 0, f: 0, with: 0, without: 1 };
  for (const id of ids) {
    const t = truth[id]!;
    const type = pageTypeOf(t);
    const started = Date.now();
    try {
      const out = await visitPage(
        {
          url: `http://wceb.test/${id}/`,
          organization: "bench",
          // As a `markdown` request visits (the text load policy, the page recycled for the next).
          loadPolicy: loadPolicyFor(["markdown"]),
          limits: { navigationTimeoutMs: 15_000, settleMaxMs: 500 },
        },
        async (snap) => {
          // The extraction's own cost: our markdown against reading the body's text, same page.
          const t0 = performance.now();
          await snap.page.evaluate("document.body ? document.body.innerText.length : 0");
          const t1 = performance.now();
          const oursMarkdown = await markdown(snap);
          const ours = markdownToText(oursMarkdown);
          extraMs.push(performance.now() - t1 - (t1 - t0));
          const m = await meta(snap);
          // Which way our extractor found the content (main-content.ts `via`), for the dump.
          const via = DUMP
            ? String(
                await snap.page.evaluate(`(() => { ${mainContentScript()}; return __ptdMain().via; })()`),
              )
            : "";
          if (OURS_ONLY) return { ours, oursMarkdown, readability: "", defuddle: "", m, via };
          const readability = markdownToText(String(await snap.page.evaluate(READABILITY_MARKDOWN)));
          // Last: defuddle strips the live document's scripts.
          const defuddled = markdownToText(String(await snap.page.evaluate(defuddle)));
          return { ours, oursMarkdown, readability, defuddle: defuddled, m, via };
        },
        { pool },
      );
      if (DUMP) {
        fs.mkdirSync(DUMP, { recursive: true });
        const metaVsTruth = {
          ours: out.m,
          truth: { title: t.title, author: t.author, date: t.publish_date },
        };
        fs.writeFileSync(path.join(DUMP, `${id}.meta.json`), JSON.stringify(metaVsTruth, null, 1));
        fs.writeFileSync(path.join(DUMP, `${id}.via`), out.via);
        fs.writeFileSync(path.join(DUMP, `${id}.ours.md`), out.oursMarkdown);
        for (const [k, v] of Object.entries({
          readability: out.readability,
          defuddle: out.defuddle,
          ours: out.ours,
          truth: t.articleBody,
        }))
          fs.writeFileSync(path.join(DUMP, `${id}.${k}.txt`), v);
      }
      const score = (text: string): Score => {
        const s = shingleScore(text, t.articleBody);
        return { p: s.precision, r: s.recall, f: s.f1, ...snippetCoverage(text, t.with, t.without) };
      };
      rows.push({
        id,
        half: halfOf(id),
        type,
        scores: { readability: score(out.readability), defuddle: score(out.defuddle), ours: score(out.ours) },
        empty: {
          readability: !words(out.readability).length,
          defuddle: !words(out.defuddle).length,
          ours: !words(out.ours).length,
        },
        meta: metaAgreement(out.m, t),
        ms: Date.now() - started,
      });
    } catch (err) {
      const failed = `${(err as Error).message} ${(err as { detail?: string }).detail ?? ""}`.slice(0, 300);
      rows.push({
        id,
        half: halfOf(id),
        type,
        scores: { readability: zero, defuddle: zero, ours: zero },
        empty: { readability: true, defuddle: true, ours: true },
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
  if (SAVE) fs.writeFileSync(SAVE, JSON.stringify(rows));
  report(rows);
}

const mean = (xs: Array<number | null>) => {
  const v = xs.filter((x): x is number => x !== null);
  return v.length ? v.reduce((a, b) => a + b, 0) / v.length : NaN;
};
const pad = (s: string | number, n: number) => String(s).padEnd(n);
const f3 = (x: number) => x.toFixed(3);

function systemTable(rows: Row[]) {
  console.log(
    `${pad("system", 13)}${pad("F1", 7)}${pad("prec", 7)}${pad("recall", 8)}${pad("with", 7)}${pad("without", 9)}empty`,
  );
  for (const sys of SYSTEMS) {
    const s = rows.map((r) => r.scores[sys]);
    console.log(
      `${pad(sys, 13)}${pad(f3(mean(s.map((x) => x.f))), 7)}${pad(f3(mean(s.map((x) => x.p))), 7)}${pad(f3(mean(s.map((x) => x.r))), 8)}${pad(f3(mean(s.map((x) => x.with))), 7)}${pad(f3(mean(s.map((x) => x.without))), 9)}${rows.filter((r) => r.empty[sys]).length}`,
    );
  }
}

/** F1 per page type, each system, and whether ours is at least the better baseline. */
function typeTable(rows: Row[]) {
  console.log(
    `${pad("type", 15)}${pad("pages", 7)}${SYSTEMS.map((s) => pad(s, 13)).join("")}ours ≥ best baseline`,
  );
  for (const type of PAGE_TYPES) {
    const tr = rows.filter((r) => r.type === type);
    if (!tr.length) continue;
    const f = Object.fromEntries(SYSTEMS.map((s) => [s, mean(tr.map((r) => r.scores[s].f))])) as Record<
      System,
      number
    >;
    const best = Math.max(f.readability, f.defuddle);
    console.log(
      `${pad(type, 15)}${pad(tr.length, 7)}${SYSTEMS.map((s) => pad(f3(f[s]), 13)).join("")}${f.ours >= best ? "yes" : `no (${f3(f.ours - best)})`}`,
    );
  }
}

function report(rows: Row[]) {
  const pct = (xs: Array<boolean | null>) => {
    const v = xs.filter((x): x is boolean => x !== null);
    return `${((100 * v.filter(Boolean).length) / (v.length || 1)).toFixed(1)} % of ${v.length}`;
  };
  if (WORST) {
    const worst = [...rows].sort((a, b) => a.scores.ours.f - b.scores.ours.f).slice(0, WORST);
    for (const r of worst)
      console.log(
        `  ${r.id} ${pad(r.type, 14)} ours F1 ${f3(r.scores.ours.f)} p ${r.scores.ours.p.toFixed(2)} r ${r.scores.ours.r.toFixed(2)} | readability ${f3(r.scores.readability.f)} defuddle ${f3(r.scores.defuddle.f)} ${r.failed ?? ""}`,
      );
  }
  if (LOSSES) {
    const lost = rows
      .map((r) => ({ r, by: Math.max(r.scores.readability.f, r.scores.defuddle.f) - r.scores.ours.f }))
      .filter((x) => x.by > 0.05)
      .sort((a, b) => b.by - a.by);
    console.log(`\npages where ours loses to a baseline by more than 0.05 F1: ${lost.length}`);
    for (const { r, by } of lost)
      console.log(
        `  ${r.id} ${pad(r.type, 14)} by ${f3(by)}  ours F1 ${f3(r.scores.ours.f)} (p ${r.scores.ours.p.toFixed(2)} r ${r.scores.ours.r.toFixed(2)})  readability ${f3(r.scores.readability.f)}  defuddle ${f3(r.scores.defuddle.f)}`,
      );
  }
  for (const half of ["tuning", "held-out", "all"]) {
    const hr = rows.filter((r) => half === "all" || r.half === half);
    if (!hr.length) continue;
    console.log(`\n== ${half}: ${hr.length} pages (${hr.filter((r) => r.failed).length} failed visits)`);
    systemTable(hr);
    typeTable(hr);
    const empties = hr.filter((r) => r.empty.ours).map((r) => r.id + (r.failed ? " (visit failed)" : ""));
    if (empties.length) console.log(`ours empty: ${empties.join(", ")}`);
    console.log(
      `meta agreement: title ${pct(hr.map((r) => r.meta.title))}  author ${pct(hr.map((r) => r.meta.author))}  date ${pct(hr.map((r) => r.meta.date))}`,
    );
    const ms = hr.map((r) => r.ms).sort((a, b) => a - b);
    console.log(`visit+extract ms: p50 ${ms[Math.floor(ms.length / 2)]}  mean ${Math.round(mean(ms))}`);
  }
  const extra = [...extraMs].sort((a, b) => a - b);
  const q = (x: number) => Math.round(extra[Math.floor((extra.length - 1) * x)] ?? NaN);
  console.log(
    `\nmarkdown extraction over reading body.innerText, same page: p50 ${q(0.5)} ms  p90 ${q(0.9)} ms`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
