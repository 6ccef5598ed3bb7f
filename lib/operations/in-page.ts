import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

/**
 * Library sources evaluated inside the page (Readability, Turndown + GFM), so extraction works on
 * the live DOM: ~10× faster than re-parsing the HTML with a DOM library in Node (docs/architecture.md §2).
 * Evaluated through CDP (page.evaluate), which a page's Content-Security-Policy does not block.
 */
// Resolved from the project root at run time, not through the bundler.
const require = createRequire(path.join(/*turbopackIgnore: true*/ process.cwd(), "package.json"));
let cached: string | null = null;

function source(specifier: string): string {
  return fs.readFileSync(require.resolve(specifier), "utf8");
}

/** Defines `__ptd.Readability`, `__ptd.TurndownService` and `__ptd.gfm` in an isolated function scope. */
export function inPageLibraries(): string {
  cached ??= `
    var __ptd = (function () {
      var module = { exports: {} }, exports = module.exports;
      ${source("@mozilla/readability/Readability.js")}
      var Readability = module.exports;
      module = { exports: {} }; exports = module.exports;
      ${source("turndown/lib/turndown.browser.umd.js")}
      var TurndownService = module.exports;
      module = { exports: {} }; exports = module.exports;
      ${source("turndown-plugin-gfm/lib/turndown-plugin-gfm.browser.cjs.js")}
      return { Readability: Readability, TurndownService: TurndownService, gfm: exports.gfm };
    })();`;
  return cached;
}
