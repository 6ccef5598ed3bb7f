import type { PageSnapshot } from "@/lib/page/types";
import { readParsedDocument } from "@/lib/page/bounded-transfer";
import { preloadInIsolatedWorld } from "@/lib/page/isolated-world";
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
 * module. The first extraction on a page sends that code (its globals local to the evaluated
 * function) and preloads it for the page's later documents (isolated-world.ts), where a read only
 * calls it: the same code, so the same Markdown (80 wceb pages compared, docs/benchmarks.md).
 */
export async function markdown(snap: PageSnapshot, options: MarkdownOptions = {}): Promise<string> {
  const call = `__ptdMarkdown.writeMarkdown(__ptdMain(), ${JSON.stringify(options.includeTitle ?? false)}, __ptd)`;
  // Defined at the document's creation when an earlier visit on this page preloaded it.
  const preloaded = await readParsedDocument<string | null>(
    snap.page,
    `typeof __ptdMarkdown === "undefined" ? null : ${call}`,
  );
  if (preloaded !== null) return preloaded;
  const define = mainContentScript() + MARKDOWN_IN_PAGE_JS;
  await preloadInIsolatedWorld(snap.page, "markdown", define);
  return readParsedDocument<string>(snap.page, `(() => { ${define}; return ${call}; })()`);
}
