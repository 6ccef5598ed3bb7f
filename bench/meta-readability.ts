/**
 * `meta` against the byline and publishedTime of Readability's test pages
 * (../shared/eval/readability/<name>/{source.html,expected-metadata.json}): a second tuning set,
 * independent of wceb-2026.
 *
 *   npx tsx bench/meta-readability.ts [--misses author|date] [--ids a,b] [--out FILE]
 *
 * Each page is served offline and visited through the API's engine, as bench/meta-wceb.ts does.
 * Readability's byline is the raw string a page prints ("By Jane Doe, Staff Writer | May 2, 2019"),
 * so it is compared loosely (see `sameAuthor`); publishedTime is compared by day. `--out FILE`
 * writes every page's full answer (JSON), to compare two versions of the rules.
 */
import fs from "node:fs";
import path from "node:path";
import { meta, type Metadata } from "@/lib/operations/meta";
import { visitPage } from "@/lib/page/visit";
import { words } from "./wceb/score";
import { dayOf } from "./wceb/meta-agreement";
import { offlinePool, READABILITY_DIR, serveReadabilityPages } from "./offline-site";
import { arg, IDS } from "./wceb/args";

const MISSES = arg("misses") as "author" | "date" | undefined;
const OUT = arg("out");

interface Expected {
  byline?: string | null;
  publishedTime?: string | null;
}
const pages = fs
  .readdirSync(READABILITY_DIR)
  .filter((n) => fs.existsSync(path.join(READABILITY_DIR, n, "expected-metadata.json")))
  .filter((n) => !IDS || IDS.includes(n))
  .sort();
const expected = (n: string) =>
  JSON.parse(fs.readFileSync(path.join(READABILITY_DIR, n, "expected-metadata.json"), "utf8")) as Expected;

/**
 * The byline's words that are not a person's name: "by", "posted", roles ("staff writer"),
 * dates (month names, numbers, times, even glued to the name: "Nolan22 Dec") and links. What is left must name the same people as ours.
 */
const NOT_NAME =
  /^(by|von|par|por|written|edited|posted|published|updated|on|at|and|staff|writer|reporter|editor|correspondent|contributor|contributing|senior|news|am|pm|jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|\d+\w*)$/;
const nameWords = (s: string) =>
  words(s.replace(/\(?https?:\/\/\S*\)?/g, " ").replace(/(\p{L})(\d)/gu, "$1 $2")).filter(
    (w) => !NOT_NAME.test(w),
  );

/** Ours agrees when every name word of the byline is among ours, and ours adds no more than 2. */
export function sameAuthor(ours: string | null, byline: string): boolean {
  const want = nameWords(byline);
  const got = nameWords(ours ?? "");
  if (!got.length || !want.length) return false;
  return want.every((w) => got.includes(w)) && got.length <= want.length + 2;
}

interface Row {
  name: string;
  ours: Metadata | null;
  author: boolean | null;
  date: boolean | null;
}

async function main() {
  const server = await serveReadabilityPages(pages);
  const pool = offlinePool();
  const rows: Row[] = [];
  for (const name of pages) {
    const want = expected(name);
    let ours: Row["ours"] = null;
    try {
      ours = await visitPage(
        {
          url: `http://readability.test/${name}/`,
          organization: "bench",
          limits: { navigationTimeoutMs: 15_000, settleMaxMs: 500 },
        },
        (snap) => meta(snap),
        { pool },
      );
    } catch (err) {
      console.error(`${name}: ${(err as Error).message.slice(0, 120)}`);
    }
    rows.push({
      name,
      ours,
      author: want.byline ? sameAuthor(ours?.author_name ?? null, want.byline) : null,
      date: want.publishedTime ? dayOf(ours?.publication_date ?? null) === dayOf(want.publishedTime) : null,
    });
  }
  await pool.shutdown();
  server.close();
  if (OUT) fs.writeFileSync(OUT, JSON.stringify(rows, null, 1));

  if (MISSES)
    for (const r of rows.filter((x) => x[MISSES] === false)) {
      const got = MISSES === "author" ? r.ours?.author_name : r.ours?.publication_date;
      const want = MISSES === "author" ? expected(r.name).byline : expected(r.name).publishedTime;
      console.log(
        `${r.name.padEnd(40)} ours ${JSON.stringify(got ?? null)}  expected ${JSON.stringify(want)}`,
      );
    }
  const pct = (k: "author" | "date") => {
    const v = rows.map((r) => r[k]).filter((x): x is boolean => x !== null);
    return `${((100 * v.filter(Boolean).length) / (v.length || 1)).toFixed(1)} % of ${v.length}`;
  };
  console.log(
    `${rows.length} pages (${rows.filter((r) => !r.ours).length} failed)  author ${pct("author")}  date ${pct("date")}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
