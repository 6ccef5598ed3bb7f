/**
 * The baselines the main-content bench measures ours against, run inside the same snapshot:
 * Mozilla Readability (default options) and defuddle (npm, its browser build), each written as
 * Markdown by the same Turndown + GFM setup, so the comparison is of extraction, not of writers.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { inPageLibraries } from "@/lib/operations/in-page";

const require = createRequire(path.join(process.cwd(), "package.json"));

const TURNDOWN = `function __toMarkdown(html) {
  var td = new __ptd.TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced", bulletListMarker: "-" });
  td.use(__ptd.gfm);
  td.remove(["script", "style", "noscript", "template", "iframe", "button", "select", "input", "textarea", "svg"]);
  return td.turndown(new DOMParser().parseFromString("<body>" + (html || "") + "</body>", "text/html").body);
}`;

/** Readability's pick of a clone of the live document, as Markdown ("" when it finds nothing). */
export const READABILITY_MARKDOWN = `(() => {
  ${inPageLibraries()}
  ${TURNDOWN}
  try { var a = new __ptd.Readability(document.cloneNode(true)).parse(); return a && a.content ? __toMarkdown(a.content) : ""; }
  catch (e) { return ""; }
})()`;

/** defuddle's content as Markdown. It strips the scripts of the document it reads: run it last. */
export function defuddleMarkdown(): string {
  const lib = fs.readFileSync(require.resolve("defuddle"), "utf8");
  return `(() => {
  ${inPageLibraries()}
  ${TURNDOWN}
  var Defuddle = (function () { var module = { exports: {} }, exports = module.exports; ${lib}
    return module.exports.Defuddle || module.exports.default || module.exports; })();
  try { var r = new Defuddle(document, { url: location.href }).parse(); return r && r.content ? __toMarkdown(r.content) : ""; }
  catch (e) { return ""; }
})()`;
}
