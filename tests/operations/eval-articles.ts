import fs from "node:fs";
import path from "node:path";
import type { ArticleText } from "@/lib/ai/types";

/**
 * Real article text for the built-in AI methods: Readability's expected output for its own test
 * pages (/work/shared/eval/readability), read at test time and turned into blocks the way
 * main-text.ts does in the page, so the tests run without a browser.
 */
export const EVAL_DIR = process.env.READABILITY_EVAL_DIR ?? "/work/shared/eval/readability";

export function hasEvalArticles(): boolean {
  return fs.existsSync(EVAL_DIR);
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decode(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === "#") {
      const code = e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

const clean = (s: string) =>
  decode(s.replace(/<[^>]*>/g, ""))
    .replace(/\s+/g, " ")
    .trim();

const BLOCK =
  "p|div|li|ul|ol|blockquote|pre|table|tr|td|th|section|article|header|footer|figure|dl|dt|dd|br|hr|aside|nav|main|address|figcaption";

export function articleFromHtml(html: string, title: string, lang: string): ArticleText {
  const paragraphs: string[] = [];
  const headings: string[] = [];
  const blocks: string[] = [];
  const body = html
    .replace(/<(script|style|noscript|template|svg)\b[\s\S]*?<\/\1>/gi, "")
    .replace(/<figcaption\b[\s\S]*?<\/figcaption>/gi, "");
  for (const part of body.split(/(<h[1-6]\b[\s\S]*?<\/h[1-6]>)/i)) {
    if (/^<h[1-6]/i.test(part)) {
      const h = clean(part);
      if (h) headings.push(h);
      if (h) blocks.push(h);
      continue;
    }
    for (const chunk of part.split(new RegExp(`<\\/?(?:${BLOCK})\\b[^>]*>`, "i"))) {
      const t = clean(chunk);
      if (t) paragraphs.push(t);
      if (t) blocks.push(t);
    }
  }
  return { title, lang, paragraphs, headings, text: blocks.join("\n\n") };
}

export function loadEvalArticle(name: string): ArticleText {
  const dir = path.join(EVAL_DIR, name);
  const html = fs.readFileSync(path.join(dir, "expected.html"), "utf8");
  const meta = JSON.parse(fs.readFileSync(path.join(dir, "expected-metadata.json"), "utf8")) as {
    title?: unknown;
    lang?: unknown;
  };
  return articleFromHtml(
    html,
    typeof meta.title === "string" ? meta.title : "",
    typeof meta.lang === "string" ? meta.lang : "",
  );
}

export function evalArticleNames(): string[] {
  return fs
    .readdirSync(EVAL_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(EVAL_DIR, d.name, "expected.html")))
    .map((d) => d.name)
    .sort();
}
