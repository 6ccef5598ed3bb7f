import { all, norm, rename } from "./dom";

/**
 * Headings: Readability writes the page's H1s as H2. An H2 of the copy whose text is, on the live
 * page, only ever an H1's is an H1 again.
 */
export function restoreHeadings(root: Element): void {
  // The tags each heading text has on the page (a Map: a heading may read "__proto__").
  const levels = new Map<string, string>();
  all(document, "h1, h2").forEach((h) => {
    const k = norm(h.textContent);
    levels.set(k, (levels.get(k) || "") + h.nodeName);
  });
  all(root, "h2").forEach((h) => {
    const seen = levels.get(norm(h.textContent)) || "";
    if (seen.indexOf("H1") >= 0 && seen.indexOf("H2") < 0) rename(h, "h1");
  });
}
