import { noscriptDocument, RENDERED_TEXT_MIN_CHARS } from "../in-page-shared/noscript";
import { prose } from "./density";
import { norm } from "./text";
import { visibleClone } from "./visible";

/** The body's text length without scripts, styles and templates, which it removes from doc. */
function bodyText(doc: Document): number {
  if (!doc.body) return 0;
  doc.body.querySelectorAll("script, style, template, noscript").forEach((n) => n.remove());
  return norm(doc.body.textContent).length;
}

/** The live body's scripts, styles and templates that no other holds. */
function liveSkipped(): Element[] {
  if (!document.body) return [];
  const skip = document.body.querySelectorAll("script, style, template, noscript");
  const top: Element[] = [];
  for (let i = 0; i < skip.length; i++)
    if (!(skip[i]!.parentNode as Element).closest("script, style, template, noscript")) top.push(skip[i]!);
  return top;
}

/** bodyText() of the live page without cloning it; text: the live body's textContent. */
function liveBodyText(text: string, skip: Element[]): number {
  if (!document.body) return 0;
  let len = norm(text).length;
  for (let i = 0; i < skip.length; i++) len -= norm(skip[i]!.textContent).length;
  return len;
}

/**
 * At least liveBodyText(text, skip), without normalizing anything: the body's text is the skipped
 * elements' texts and the runs between them, normalizing a run only shortens it, and joining the
 * pieces again adds at most a space at each seam.
 */
function liveBodyTextBound(text: string, skip: Element[]): number {
  let len = text.length + 2 * skip.length;
  for (let i = 0; i < skip.length; i++) len -= (skip[i]!.textContent || "").length;
  return len;
}

/** The least prose a no-script version must hold to be read instead of a page that shows none. */
const NOSCRIPT_MIN_PROSE = 300;

/**
 * Whether the page's prose is only in its no-script version: an app whose scripts did not render
 * it but whose menus did (Discourse's topic, its crawler view in <noscript>, under the site's
 * header). The no-script version is asked first: it is small, and most pages have none.
 */
function proseOnlyWithoutScripts(ns: Document, visible: Document): boolean {
  return (
    prose(ns.body) >= NOSCRIPT_MIN_PROSE && !!visible.body && prose(visible.body) < NOSCRIPT_MIN_PROSE / 3
  );
}

/**
 * What Readability reads: the rendered page without what is not shown; the whole clone when
 * almost nothing is shown (a page hidden until a script that never ran reveals it); the
 * no-script version when the rendered page holds no text at all, or only menus.
 */
export function readableDocument(): Document {
  const visible = visibleClone(document);
  const shown = bodyText(visible);
  const ns = noscriptDocument(document, "<title></title>");
  if (ns && (shown < RENDERED_TEXT_MIN_CHARS || proseOnlyWithoutScripts(ns, visible))) {
    ns.title = document.title;
    return ns;
  }
  // liveBodyText() is at most the body's raw text length, and at most its bound: most pages pass
  // on those alone, without normalizing text that can be megabytes of inline script data.
  const text = document.body ? document.body.textContent! : "";
  if (shown >= text.length * 0.2) return visible;
  const skip = liveSkipped();
  if (shown >= liveBodyTextBound(text, skip) * 0.2 || shown >= liveBodyText(text, skip) * 0.2) return visible;
  const whole = document.cloneNode(true) as Document;
  bodyText(whole);
  return whole;
}
