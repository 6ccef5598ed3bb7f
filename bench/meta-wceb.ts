/**
 * `meta` against wceb-2026's `title`, `author` and `publish_date` (bench/wceb/meta-agreement.ts),
 * on the same tuning / held-out split as bench/quality-wceb.ts.
 *
 *   npx tsx bench/meta-wceb.ts [--half tuning|held-out|all] [--limit N] [--ids a,b]
 *                              [--misses author|date|title] [--save DIR | --from DIR] [--out FILE]
 *
 * By default each page is visited through the API's engine (offline, as quality-wceb.ts does).
 * `--save DIR` also keeps each rendered DOM; `--from DIR` then reads those snapshots in a plain
 * Chromium with scripts off, which takes a fraction of the time: for tuning rules only — report
 * numbers from engine visits.
 */
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { meta, type Metadata } from "@/lib/operations/meta";
import { visitPage } from "@/lib/page/visit";
import { CHROMIUM_ARGS } from "@/lib/page/config";
import type { PageSnapshot } from "@/lib/page/types";
import { halfOf } from "./wceb/score";
import { metaAgreement, type MetaAgreement, type TruthMeta } from "./wceb/meta-agreement";
import { offlinePool } from "./offline-site";
import { arg, EVAL_DIR, HALF, IDS, LIMIT, serveWcebPages } from "./wceb/args";

const MISSES = arg("misses") as keyof MetaAgreement | undefined;
const SAVE = arg("save");
const FROM = arg("from");
const OUT = arg("out");

const truth = JSON.parse(fs.readFileSync(path.join(EVAL_DIR, "ground-truth.json"), "utf8")) as Record<
  string,
  TruthMeta
>;
const ids = Object.keys(truth)
  .filter((id) => (IDS ? IDS.includes(id) : HALF === "all" || halfOf(id) === HALF))
  .sort()
  .slice(0, LIMIT);

interface Row {
  id: string;
  half: string;
  ours: Pick<Metadata, "title" | "author_name" | "publication_date"> | null;
  agree: MetaAgreement;
}

const failedAgreement = (t: TruthMeta): MetaAgreement => ({
  title: t.title ? false : null,
  author: t.author ? false : null,
  date: t.publish_date ? false : null,
});

async function viaEngine(): Promise<Row[]> {
  const server = await serveWcebPages((id) => Boolean(truth[id]));
  const pool = offlinePool();
  const rows: Row[] = [];
  for (const id of ids) {
    try {
      const m = await visitPage(
        {
          url: `http://wceb.test/${id}/`,
          organization: "bench",
          limits: { navigationTimeoutMs: 15_000, settleMaxMs: 500 },
        },
        async (snap) => {
          if (SAVE) {
            fs.mkdirSync(SAVE, { recursive: true });
            fs.writeFileSync(path.join(SAVE, `${id}.html`), snap.html);
          }
          return meta(snap);
        },
        { pool },
      );
      rows.push({ id, half: halfOf(id), ours: m, agree: metaAgreement(m, truth[id]!) });
    } catch (err) {
      console.error(`${id}: ${(err as Error).message.slice(0, 120)}`);
      rows.push({ id, half: halfOf(id), ours: null, agree: failedAgreement(truth[id]!) });
    }
  }
  await pool.shutdown();
  server.close();
  return rows;
}

async function fromSnapshots(dir: string): Promise<Row[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [...CHROMIUM_ARGS],
  });
  const context = await browser.newContext({ javaScriptEnabled: false });
  const rows: Row[] = [];
  const readOne = async (id: string) => {
    const file = path.join(dir, `${id}.html`);
    if (!fs.existsSync(file)) {
      rows.push({ id, half: halfOf(id), ours: null, agree: failedAgreement(truth[id]!) });
      return;
    }
    const html = fs.readFileSync(file, "utf8");
    const url = `http://wceb.test/${id}/`;
    const page = await context.newPage();
    await page.route("**/*", (route) =>
      route.request().url() === url
        ? route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html })
        : route.abort(),
    );
    // A large snapshot can take a while to parse on a loaded machine.
    await page.goto(url, { waitUntil: "domcontentloaded", timeout: 120_000 });
    const snap: PageSnapshot = {
      url,
      finalUrl: url,
      status: 200,
      headers: {},
      html,
      console: [],
      timings: { navigationMs: 0, totalMs: 0 },
      page,
      settings: { viewport: { width: 1350, height: 797 }, deviceScaleFactor: 1, colorScheme: "light" },
    };
    const m = await meta(snap);
    rows.push({ id, half: halfOf(id), ours: m, agree: metaAgreement(m, truth[id]!) });
    await page.close();
  };
  // Three pages at a time: snapshots need no network, only CPU.
  const queue = [...ids];
  await Promise.all(
    [0, 1, 2].map(async () => {
      for (let id = queue.shift(); id; id = queue.shift())
        await readOne(id).catch((err: Error) => {
          // One page's failure is that page's miss, as with engine visits, not the run's end.
          console.error(`${id}: ${err.message.slice(0, 120)}`);
          rows.push({ id, half: halfOf(id), ours: null, agree: failedAgreement(truth[id]!) });
        });
    }),
  );
  rows.sort((a, b) => a.id.localeCompare(b.id));
  await browser.close();
  return rows;
}

function report(rows: Row[]) {
  const pct = (xs: Array<boolean | null>) => {
    const v = xs.filter((x): x is boolean => x !== null);
    return `${((100 * v.filter(Boolean).length) / (v.length || 1)).toFixed(1)} % of ${v.length}`;
  };
  if (MISSES) {
    const want = { title: "title", author: "author", date: "publish_date" } as const;
    const ours = { title: "title", author: "author_name", date: "publication_date" } as const;
    for (const r of rows.filter((x) => x.agree[MISSES] === false))
      console.log(
        `${r.id} ${r.half.padEnd(8)} ours ${JSON.stringify(r.ours?.[ours[MISSES]] ?? null)}  truth ${JSON.stringify(truth[r.id]![want[MISSES]])}`,
      );
  }
  for (const half of ["tuning", "held-out", "all"]) {
    const hr = rows.filter((r) => half === "all" || r.half === half);
    if (!hr.length) continue;
    console.log(
      `${half.padEnd(9)} ${String(hr.length).padStart(4)} pages (${hr.filter((r) => !r.ours).length} failed)  title ${pct(hr.map((r) => r.agree.title))}  author ${pct(hr.map((r) => r.agree.author))}  date ${pct(hr.map((r) => r.agree.date))}`,
    );
  }
}

async function main() {
  const started = Date.now();
  const rows = FROM ? await fromSnapshots(FROM) : await viaEngine();
  if (OUT) fs.writeFileSync(OUT, JSON.stringify(rows, null, 1));
  report(rows);
  console.log(`${((Date.now() - started) / 1000).toFixed(0)} s`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
