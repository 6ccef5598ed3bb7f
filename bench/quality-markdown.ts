/**
 * Output quality of `markdown` and `meta` on the real-world pages of ../shared/eval/readability
 * (read from there, never copied), through the same engine the API uses: each page is served as
 * http://eval.test/<name>/ and visited once; both operations read that one snapshot.
 *
 *   npx tsx bench/quality-markdown.ts [limit | name,name…] [--misses] [--dump DIR]
 *
 * Markdown: token-level F1 of the Markdown's text against the text of expected.html.
 * Meta: normalized match per field against expected-metadata.json (title, byline → author_name,
 * lang → language, excerpt → description, publishedTime → publication_date).
 */
import fs from "node:fs";
import path from "node:path";
import { mainContentScript } from "@/lib/operations/main-content";
import { markdown } from "@/lib/operations/markdown";
import { meta, type Metadata } from "@/lib/operations/meta";
import { visitPage } from "@/lib/page/visit";
import { offlinePool, READABILITY_DIR, serveReadabilityPages } from "./offline-site";

// `npx tsx bench/quality-markdown.ts [limit | name,name…] [--misses]`: --misses prints each meta miss.
const ARG = process.argv[2] ?? "1000";
const ONLY = /^\d+$/.test(ARG) ? null : new Set(ARG.split(","));
const LIMIT = ONLY ? 1000 : Number(ARG);
const SHOW_MISSES = process.argv.includes("--misses");
// --dump DIR writes each page's Markdown to DIR/<name>.md, to read what a low precision is made of.
const DUMP = process.argv.includes("--dump") ? process.argv[process.argv.indexOf("--dump") + 1] : null;

const pages = fs
  .readdirSync(READABILITY_DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory() && fs.existsSync(path.join(READABILITY_DIR, d.name, "source.html")))
  .map((d) => d.name)
  .filter((name) => !ONLY || ONLY.has(name))
  .sort()
  .slice(0, LIMIT);

const decode = (s: string) =>
  s
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;|&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n) => String.fromCodePoint(parseInt(n, 16)));

function htmlText(html: string): string {
  return decode(html.replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ").replace(/<[^>]+>/g, " "));
}

function markdownText(md: string): string {
  return md
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[#>*_`|~-]+/g, " ");
}

function tokens(text: string): string[] {
  return (
    text
      .toLowerCase()
      .normalize("NFKC")
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

function f1(got: string[], want: string[]): { p: number; r: number; f: number } {
  if (!got.length || !want.length) return { p: 0, r: 0, f: got.length === want.length ? 1 : 0 };
  const counts = new Map<string, number>();
  for (const t of want) counts.set(t, (counts.get(t) ?? 0) + 1);
  let common = 0;
  for (const t of got) {
    const c = counts.get(t) ?? 0;
    if (c > 0) {
      common++;
      counts.set(t, c - 1);
    }
  }
  const p = common / got.length;
  const r = common / want.length;
  return { p, r, f: p + r ? (2 * p * r) / (p + r) : 0 };
}

const norm = (s: string | null | undefined) =>
  (s ?? "").toLowerCase().normalize("NFKC").replace(/\s+/g, " ").trim();

const FIELDS: Array<[string, keyof Metadata, (a: string, b: string) => boolean]> = [
  ["title", "title", (a, b) => a === b || a.includes(b) || b.includes(a)],
  ["byline", "author_name", (a, b) => a === b || a.includes(b) || b.includes(a)],
  ["lang", "language", (a, b) => a.split("-")[0] === b.split("-")[0]],
  [
    "excerpt",
    "description",
    (a, b) => a === b || a.startsWith(b.slice(0, 60)) || b.startsWith(a.slice(0, 60)),
  ],
  ["publishedTime", "publication_date", (a, b) => a.slice(0, 10) === b.slice(0, 10)],
];

async function main() {
  const server = await serveReadabilityPages(pages);
  const pool = offlinePool();
  const rows: Array<{ name: string; f: number; p: number; r: number; ms: number; meta: boolean[] }> = [];
  const fieldHits = FIELDS.map(() => ({ hit: 0, of: 0 }));
  for (const name of pages) {
    const expected = htmlText(fs.readFileSync(path.join(READABILITY_DIR, name, "expected.html"), "utf8"));
    const expMeta = JSON.parse(
      fs.readFileSync(path.join(READABILITY_DIR, name, "expected-metadata.json"), "utf8"),
    ) as Record<string, string | null>;
    const started = Date.now();
    try {
      const { md, m, via } = await visitPage(
        {
          organization: "org-test",
          url: `http://eval.test/${name}/`,
          limits: { navigationTimeoutMs: 15_000, settleMaxMs: 500 },
        },
        async (snap) => ({
          md: await markdown(snap),
          m: await meta(snap),
          // Which way our extractor found the content (main-content.ts `via`), for the dump.
          via: DUMP
            ? String(
                await snap.page.evaluate(`(() => { ${mainContentScript()}; return __ptdMain().via; })()`),
              )
            : "",
        }),
        { pool },
      );
      if (DUMP) fs.writeFileSync(path.join(DUMP, `${name}.md`), `<!-- via ${via} -->\n${md}`);
      const score = f1(tokens(markdownText(md)), tokens(expected));
      const metaHits = FIELDS.map(([expKey, ourKey, same], i) => {
        const want = norm(expMeta[expKey]);
        if (!want) return true;
        fieldHits[i].of++;
        const ok = same(norm(m[ourKey] as string | null), want);
        if (ok) fieldHits[i].hit++;
        else if (SHOW_MISSES)
          console.log(
            `  miss ${name} ${expKey}: ours ${JSON.stringify(m[ourKey])} | expected ${JSON.stringify(expMeta[expKey])}`,
          );
        return ok;
      });
      rows.push({ name, ...score, ms: Date.now() - started, meta: metaHits });
    } catch (err) {
      rows.push({ name, f: 0, p: 0, r: 0, ms: Date.now() - started, meta: [] });
      console.error(`${name}: ${(err as Error).message} ${(err as { detail?: string }).detail ?? ""}`);
    }
  }
  const pad = (s: string | number, n: number) => String(s).padEnd(n);
  console.log(
    `${pad("page", 44)}${pad("F1", 7)}${pad("prec", 7)}${pad("recall", 8)}${pad("ms", 7)}meta misses`,
  );
  for (const r of rows) {
    const misses = FIELDS.filter((_, i) => r.meta[i] === false)
      .map(([k]) => k)
      .join(",");
    console.log(
      `${pad(r.name, 44)}${pad(r.f.toFixed(3), 7)}${pad(r.p.toFixed(3), 7)}${pad(r.r.toFixed(3), 8)}${pad(r.ms, 7)}${misses}`,
    );
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / (xs.length || 1);
  const sorted = rows.map((r) => r.f).sort((a, b) => a - b);
  console.log(
    `\npages ${rows.length}  mean F1 ${mean(rows.map((r) => r.f)).toFixed(3)}  median F1 ${sorted[Math.floor(sorted.length / 2)]?.toFixed(3)}  mean precision ${mean(rows.map((r) => r.p)).toFixed(3)}  mean recall ${mean(rows.map((r) => r.r)).toFixed(3)}  mean ms ${Math.round(mean(rows.map((r) => r.ms)))}`,
  );
  console.log(
    `meta field accuracy: ${FIELDS.map(([k], i) => `${k} ${fieldHits[i].hit}/${fieldHits[i].of}`).join("  ")}`,
  );
  await pool.shutdown();
  server.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
