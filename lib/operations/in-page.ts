import { IN_PAGE_LIBRARIES_JS } from "./in-page-libraries.generated";

/**
 * Library sources evaluated inside the page (Readability, Turndown + GFM), so extraction works on
 * the live DOM: ~10× faster than re-parsing the HTML with a DOM library in Node (docs/architecture.md §2).
 * Evaluated through CDP, which a page's Content-Security-Policy does not block. Minified at build
 * time (scripts/build-in-page.mjs): the source crosses the DevTools pipe on a page's first
 * extraction (later documents of the page have it preloaded, in-page-call.ts), and is compiled in
 * each new document.
 */

/** Defines `__ptd.Readability`, `__ptd.TurndownService` and `__ptd.gfm` where it is evaluated. */
export function inPageLibraries(): string {
  return IN_PAGE_LIBRARIES_JS;
}
