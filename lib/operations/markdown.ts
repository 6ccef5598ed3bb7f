import type { PageSnapshot } from "@/lib/page/types";
import { evaluateBounded, IN_PAGE_RESULT_MAX_CHARS } from "@/lib/page/bounded-transfer";
import { mainContentScript } from "./main-content";
import { MARKDOWN_PREPARE_JS } from "./markdown-prepare";
import { MARKDOWN_RULES_JS } from "./markdown-rules";

export interface MarkdownOptions {
  /** Start with the page's title as a `# H1` line. Default false: the Markdown is the main content. */
  includeTitle?: boolean;
}

/**
 * `markdown`: the page's main content (main-content.ts, on clones of the live DOM, so the page is
 * untouched for other operations of a scrape), readied by markdown-prepare.ts and written by
 * Turndown with our rules (markdown-rules.ts: GFM tables, fenced code with its language, absolute
 * links and images) and the GFM plugin's strikethrough and task lists.
 */
export async function markdown(snap: PageSnapshot, options: MarkdownOptions = {}): Promise<string> {
  const script = `((includeTitle) => {
    ${mainContentScript()}
    ${MARKDOWN_PREPARE_JS}
    ${MARKDOWN_RULES_JS}
    var main = __ptdMain();
    var doc = new DOMParser().parseFromString("<body>" + main.html + "</body>", "text/html");
    __ptdPrepareMarkdown(doc.body);
    // A <br> is a hard break, a backslash before the newline: two spaces would be trailing spaces.
    var td = new __ptd.TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced", bulletListMarker: "-", emDelimiter: "_", linkStyle: "inlined", br: "\\\\" });
    td.use(__ptd.gfm);
    // Forms that are page furniture (search, sign-up) were cleaned out with the boilerplate; a form
    // left in the main content is the content (a product configurator's options): keep its text.
    td.remove(["script", "style", "noscript", "template", "iframe", "button", "select", "input", "textarea", "svg", "canvas"]);
    __ptdMarkdownRules(td);
    var md = __ptdTidyMarkdown(td.turndown(doc.body));
    // Content made only of what Markdown drops still has words to give.
    if (!md) md = (doc.body.textContent || "").split(/\\n\\s*\\n|\\n/).map(function (l) { return l.replace(/\\s+/g, " ").trim(); }).filter(Boolean).join("\\n\\n");
    // The content often opens with the title as its own heading: drop it unless asked for.
    var title = main.title;
    var lead = /^#{1,2} (.*)\\n*/.exec(md);
    var same = function (a, b) { return a.replace(/[^\\p{L}\\p{N}]+/gu, " ").trim().toLowerCase() === b.replace(/[^\\p{L}\\p{N}]+/gu, " ").trim().toLowerCase(); };
    if (lead && title && (same(lead[1], title) || title.toLowerCase().indexOf(lead[1].trim().toLowerCase()) === 0)) {
      md = md.slice(lead[0].length);
      title = lead[1].trim();
    }
    if (includeTitle && title) md = "# " + title + "\\n\\n" + md;
    return md.trim() + "\\n";
  })(${JSON.stringify(options.includeTitle ?? false)})`;
  return evaluateBounded<string>(snap.page, script, IN_PAGE_RESULT_MAX_CHARS);
}
