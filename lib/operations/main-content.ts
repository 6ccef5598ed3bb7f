import { inPageLibraries } from "./in-page";
import type { InPagePart } from "./in-page-call";
import { MAIN_CONTENT_IN_PAGE_JS } from "./main-content-in-page.generated";

export type { MainContent } from "./main-content-in-page/entry";

/**
 * In-page source defining `__ptd` (the libraries, in-page.ts) and `__ptdMain()`, our main-content
 * extractor: `{ html, title, lang, via }`, the main content as an HTML string of an inert document,
 * for `markdown` and for `summarize`/`keywords` (main-text.ts). The extractor is typed modules
 * (main-content-in-page/, entry.ts says what it does), bundled at build time
 * (scripts/build-in-page.mjs); it works on clones of the live DOM, so the page is untouched for
 * the other operations of a scrape.
 */
export function mainContentScript(): string {
  return (
    inPageLibraries() +
    MAIN_CONTENT_IN_PAGE_JS +
    "\nvar __ptdMain = function () { return __ptdMainContent.mainContent(__ptd); };\n"
  );
}

/** The extractor as a part of our in-page code (in-page-call.ts): defines `__ptd` and `__ptdMain`. */
export const MAIN_CONTENT_PART: InPagePart = {
  name: "main-content",
  defines: "__ptdMain",
  source: mainContentScript,
};
