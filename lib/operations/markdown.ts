import type { PageSnapshot } from "@/lib/page/types";
import { readParsedDocument } from "@/lib/page/bounded-transfer";
import { mainContentScript } from "./main-content";
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
 * module. `__ptdMarkdown` is local to the evaluated function.
 */
export async function markdown(snap: PageSnapshot, options: MarkdownOptions = {}): Promise<string> {
  const script = `((includeTitle) => {
    ${mainContentScript()}
    ${MARKDOWN_IN_PAGE_JS}
    return __ptdMarkdown.writeMarkdown(__ptdMain(), includeTitle, __ptd);
  })(${JSON.stringify(options.includeTitle ?? false)})`;
  return readParsedDocument<string>(snap.page, script);
}
