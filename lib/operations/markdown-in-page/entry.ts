/**
 * The Markdown writer, run in the page: the bundle's entry (scripts/build-in-page.mjs makes it
 * `__ptdMarkdown.writeMarkdown`). markdown.ts hands it the main content (`__ptdMain()`,
 * main-content.ts) and the libraries (`__ptd`, in-page.ts).
 */
import { words } from "./dom";
import { prepareMarkdown } from "./prepare";
import { markdownRules } from "./rules";
import { tidyMarkdown } from "./tidy";
import type { MarkdownLibraries } from "./turndown";

/**
 * What Turndown drops with its content. Forms that are page furniture (search, sign-up) were
 * cleaned out with the boilerplate; a form left in the main content is the content (a product
 * configurator's options): keep its text.
 */
const DROPPED = [
  "script",
  "style",
  "noscript",
  "template",
  "iframe",
  "button",
  "select",
  "input",
  "textarea",
  "svg",
  "canvas",
];

/**
 * The main content as Markdown, ending in one newline; with `includeTitle`, a `# title` first.
 * `main` is what the extractor gives: HTML of an inert document, and the page's title.
 */
export function writeMarkdown(
  main: { html: string; title: string },
  includeTitle: boolean,
  libraries: MarkdownLibraries,
): string {
  const doc = new DOMParser().parseFromString("<body>" + main.html + "</body>", "text/html");
  prepareMarkdown(doc.body);
  // A <br> is a hard break, a backslash before the newline: two spaces would be trailing spaces.
  const td = new libraries.TurndownService({
    headingStyle: "atx",
    codeBlockStyle: "fenced",
    bulletListMarker: "-",
    emDelimiter: "_",
    linkStyle: "inlined",
    br: "\\",
  });
  td.use(libraries.gfm);
  td.remove(DROPPED);
  markdownRules(td);
  let md = tidyMarkdown(td.turndown(doc.body));
  // Content made only of what Markdown drops still has words to give.
  if (!md)
    md = (doc.body.textContent || "")
      .split(/\n\s*\n|\n/)
      .map((l) => l.replace(/\s+/g, " ").trim())
      .filter(Boolean)
      .join("\n\n");
  // The content often opens with the title as its own heading: drop it unless asked for.
  let title = main.title;
  const lead = /^#{1,2} (.*)\n*/.exec(md);
  if (
    lead &&
    title &&
    (words(lead[1]) === words(title) || title.toLowerCase().indexOf(lead[1].trim().toLowerCase()) === 0)
  ) {
    md = md.slice(lead[0].length);
    title = lead[1].trim();
  }
  if (includeTitle && title) md = "# " + title + "\n\n" + md;
  return md.trim() + "\n";
}
