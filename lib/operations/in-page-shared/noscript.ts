import { norm } from "./text";

/**
 * A page that renders less text than this (characters, spaces collapsed) is read from its
 * no-script version, where it has one with more: by `meta` and by the main-content extractor.
 */
export const RENDERED_TEXT_MIN_CHARS = 200;

/**
 * The page's no-script version as a document of its own. A page whose scripts did not render it
 * (a forum's app shell whose API is out of reach, a blocked bundle) often carries that version in
 * `<noscript>`, which a scripting browser keeps as raw markup. It is parsed into an inert document
 * (DOMParser: no script runs, nothing loads) with `head` as its head; null when it holds no more
 * than RENDERED_TEXT_MIN_CHARS of text.
 */
export function noscriptDocument(page: Document, head: string): Document | null {
  const markup = Array.prototype.map
    .call(page.querySelectorAll("body noscript"), (n: Element) => n.textContent || "")
    .join("\n");
  if (markup.length < RENDERED_TEXT_MIN_CHARS) return null;
  const doc = new DOMParser().parseFromString(
    "<!doctype html><html><head>" + head + "</head><body>" + markup + "</body></html>",
    "text/html",
  );
  return norm(doc.body.textContent).length > RENDERED_TEXT_MIN_CHARS ? doc : null;
}
