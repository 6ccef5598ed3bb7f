import { z } from "zod";
import type { ArticleText } from "@/lib/ai/types";
import type { PageSnapshot } from "@/lib/page/types";
import { callInPage, type InPagePart } from "./in-page-call";
import { MAIN_CONTENT_PART } from "./main-content";

/**
 * The page's main content as text blocks, for `summarize` and `keywords`: the same extractor as
 * `markdown` (main-content.ts, inside the page); its HTML is walked into blocks so paragraph
 * structure survives (sentence splitting and position scores need it).
 *
 * Cached per snapshot: a scrape with both AI operations evaluates once.
 */
const cache = new WeakMap<PageSnapshot, Promise<ArticleText>>();

export function mainText(snap: PageSnapshot): Promise<ArticleText> {
  let text = cache.get(snap);
  if (!text) {
    text = extract(snap);
    // A failed evaluation is not remembered: a second operation may try again.
    text.catch(() => cache.delete(snap));
    cache.set(snap, text);
  }
  return text;
}

const blockSchema = z.object({ text: z.string(), heading: z.boolean() });
const resultSchema = z.object({ title: z.string(), lang: z.string(), blocks: z.array(blockSchema) });

// Plain ES5 in a string: it runs in the page, where bundler helpers do not exist.
const MAIN_TEXT_JS = `var __ptdMainText = (function () {
  var BLOCK = { P: 1, DIV: 1, LI: 1, UL: 1, OL: 1, DL: 1, DT: 1, DD: 1, BLOCKQUOTE: 1, PRE: 1, TABLE: 1, TR: 1, TD: 1,
    TH: 1, THEAD: 1, TBODY: 1, SECTION: 1, ARTICLE: 1, HEADER: 1, FOOTER: 1, FIGURE: 1, ASIDE: 1, NAV: 1, MAIN: 1,
    ADDRESS: 1, HR: 1, DETAILS: 1, SUMMARY: 1 };
  // Captions are mostly photo credits; controls and media have no prose.
  var SKIP = { SCRIPT: 1, STYLE: 1, NOSCRIPT: 1, TEMPLATE: 1, SVG: 1, MATH: 1, IFRAME: 1, BUTTON: 1, SELECT: 1,
    TEXTAREA: 1, INPUT: 1, FIGCAPTION: 1, CANVAS: 1, VIDEO: 1, AUDIO: 1, OBJECT: 1 };
  function norm(s) { return (s || "").replace(/[\\s\\u00a0]+/g, " ").trim(); }
  function walk(root) {
    var out = [], buf = "";
    function flush() { var t = norm(buf); buf = ""; if (t) out.push({ text: t, heading: false }); }
    function visit(node) {
      for (var c = node.firstChild; c; c = c.nextSibling) {
        if (c.nodeType === 3) { buf += c.nodeValue; continue; }
        if (c.nodeType !== 1) continue;
        var tag = c.nodeName.toUpperCase();
        if (SKIP[tag]) continue;
        if (tag === "BR") { flush(); continue; }
        if (/^H[1-6]$/.test(tag)) { flush(); var h = norm(c.textContent); if (h) out.push({ text: h, heading: true }); continue; }
        if (BLOCK[tag]) { flush(); visit(c); flush(); } else visit(c);
      }
    }
    visit(root); flush();
    return out;
  }
  return function (main) {
    // DOMParser documents are inert: nothing in the extracted content runs or loads.
    var blocks = walk(new DOMParser().parseFromString(main.html, "text/html").body);
    return { title: main.title, lang: main.lang, blocks: blocks };
  };
})();`;

/** The block walker as a part of our in-page code (in-page-call.ts): defines `__ptdMainText`. */
const MAIN_TEXT_PART: InPagePart = {
  name: "main-text",
  defines: "__ptdMainText",
  source: () => MAIN_TEXT_JS,
};

async function extract(snap: PageSnapshot): Promise<ArticleText> {
  const raw = resultSchema.parse(
    await callInPage<unknown>(snap.page, [MAIN_CONTENT_PART, MAIN_TEXT_PART], "__ptdMainText(__ptdMain())"),
  );
  const paragraphs: string[] = [];
  const headings: string[] = [];
  for (const b of raw.blocks) (b.heading ? headings : paragraphs).push(b.text);
  return {
    title: raw.title,
    // The Content-Language header is the server's word when the document says nothing.
    lang: raw.lang || (snap.headers["content-language"] ?? "").split(",")[0]!.trim(),
    paragraphs,
    headings,
    text: raw.blocks.map((b) => b.text).join("\n\n"),
  };
}
