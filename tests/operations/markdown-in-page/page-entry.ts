/**
 * The test bundle's entry (markdown-in-page.test.ts): readies an HTML fragment as `markdown`
 * readies the main content, in the page it is evaluated in (its live document is the page's), and
 * returns the readied HTML.
 */
import { prepareMarkdown } from "@/lib/operations/markdown-in-page/prepare";

export function prepare(html: string): string {
  const doc = new DOMParser().parseFromString("<body>" + html + "</body>", "text/html");
  prepareMarkdown(doc.body);
  return doc.body.innerHTML;
}
