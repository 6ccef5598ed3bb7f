import { noscriptDocument, RENDERED_TEXT_MIN_CHARS } from "../in-page-shared/noscript";
import { norm } from "./text";
import { visibleClone } from "./visible";

/** The body's text length without scripts, styles and templates, which it removes from doc. */
function bodyText(doc: Document): number {
  if (!doc.body) return 0;
  doc.body.querySelectorAll("script, style, template, noscript").forEach((n) => n.remove());
  return norm(doc.body.textContent).length;
}

/** bodyText() of the live page without cloning it. */
function liveBodyText(): number {
  if (!document.body) return 0;
  let len = norm(document.body.textContent).length;
  const skip = document.body.querySelectorAll("script, style, template, noscript");
  for (let i = 0; i < skip.length; i++)
    if (!(skip[i]!.parentNode as Element).closest("script, style, template, noscript"))
      len -= norm(skip[i]!.textContent).length;
  return len;
}

/**
 * What Readability reads: the rendered page without what is not shown; the whole clone when
 * almost nothing is shown (a page hidden until a script that never ran reveals it); the
 * no-script version when the rendered page holds no text at all.
 */
export function readableDocument(): Document {
  const visible = visibleClone(document);
  const shown = bodyText(visible);
  if (shown < RENDERED_TEXT_MIN_CHARS) {
    const ns = noscriptDocument(document, "<title></title>");
    if (ns) {
      ns.title = document.title;
      return ns;
    }
  }
  // liveBodyText() is at most the body's raw text length: most pages pass on that alone, without
  // normalizing text that can be megabytes of inline script data.
  const raw = document.body ? document.body.textContent!.length : 0;
  if (shown >= raw * 0.2 || shown >= liveBodyText() * 0.2) return visible;
  const whole = document.cloneNode(true) as Document;
  bodyText(whole);
  return whole;
}
