import { all, norm, rename } from "./dom";

/**
 * Headings: Readability writes the page's H1s as H2. An H2 of the copy whose text is, on the live
 * page, only ever an H1's is an H1 again.
 */
export function restoreHeadings(root: Element): void {
  // A plain object, as the string source had: the tags each heading text has on the page.
  const levels: Record<string, string> = {};
  all(document, "h1, h2").forEach((h) => {
    const k = norm(h.textContent);
    levels[k] = (levels[k] || "") + h.nodeName;
  });
  all(root, "h2").forEach((h) => {
    const seen = levels[norm(h.textContent)] || "";
    if (seen.indexOf("H1") >= 0 && seen.indexOf("H2") < 0) rename(h, "h1");
  });
}
