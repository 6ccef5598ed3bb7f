import type { PageSnapshot } from "@/lib/page/types";
import { callInPage, type InPagePart } from "./in-page-call";
import { MAIN_CONTENT_PART } from "./main-content";
import { MARKDOWN_IN_PAGE_JS } from "./markdown-in-page.generated";

export interface MarkdownOptions {
  /** Start with the page's title as a `# H1` line. Default false: the Markdown is the main content. */
  includeTitle?: boolean;
}

/**
 * `markdown`: the page's main content (main-content.ts, on clones of the live DOM, so the page is
 * untouched for other operations of a scrape), readied (markdown-in-page/prepare.ts) and written by
 * Turndown with our rules (markdown-in-page/rules.ts: GFM tables, fenced code with its language,
 * absolute links and images) and the GFM plugin's strikethrough and task lists.
 *
 * The writer is typed modules (markdown-in-page/), bundled at build time
 * (scripts/build-in-page.mjs) into a string: the page gets plain JavaScript whatever compiled this
 * module. The first extraction on a page sends that code and preloads it for the page's later
 * documents (in-page-call.ts), where a read only calls it.
 */
export function markdown(snap: PageSnapshot, options: MarkdownOptions = {}): Promise<string> {
  const includeTitle = JSON.stringify(options.includeTitle ?? false);
  return callInPage<string>(
    snap.page,
    [MAIN_CONTENT_PART, MARKDOWN_PART],
    `__ptdMarkdown.writeMarkdown(__ptdMain(), ${includeTitle}, __ptd)`,
  );
}

/** The writer as a part of our in-page code: defines `__ptdMarkdown`. */
const MARKDOWN_PART: InPagePart = {
  name: "markdown",
  defines: "__ptdMarkdown",
  source: () => MARKDOWN_IN_PAGE_JS,
};
