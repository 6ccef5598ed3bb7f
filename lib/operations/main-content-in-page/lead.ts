import { isProse } from "./density";
import { norm, probesOf } from "./text";

/**
 * The text's opening where the page sets it apart: MDN's `layout__header`, a landing page's hero
 * hold the headline and the paragraph that opens the text, and the rest of the text sits in
 * another block. Readability scores that other block and keeps its siblings only when they score
 * like it, so the opening paragraph was lost (defuddle keeps it). The caller leaves declared posts
 * and stories alone: there the paragraph under the headline is the standfirst, a summary the
 * benchmark's truths leave out (tuning half: 11 articles down when it was added).
 *
 * The lead is the prose paragraphs between the page's headline (the last <h1> before the pick)
 * and the pick's first paragraph, when they are few and nothing much else stands between: not
 * menus, sidebars, captions or quotes. Bylines, dates and disclosures among them go with the
 * content's other edge lines (content-edges.ts).
 */
const LEAD_MAX_PARAGRAPHS = 3;
const LEAD_MAX_CHARS = 1500;
/** Text between the headline and the pick beyond the lead: a byline, a date, a picture's caption. */
const BETWEEN_MAX_CHARS = 600;
/** Where a paragraph between them is not the text's: chrome, a caption, a quote, a list, a form. */
const NOT_LEAD = "nav, aside, footer, form, figure, figcaption, blockquote, li, table, dialog, [role=dialog]";
/** How far into the pick its first paragraph may start (Readability keeps a heading or a picture first). */
const PICK_START_CHARS = 300;
/**
 * The paragraphs outside the pick looked at before giving up: each costs three searches of the
 * pick's text, and a page with more of them before its text has no lead to find under a headline.
 */
const SEARCH_MAX_PARAGRAPHS = 100;

/** The lead's paragraphs as HTML, or "" when the pick has the page's opening or it cannot be told. */
export function leadBefore(source: Document, pickText: string): string {
  if (!source.body || !source.body.getElementsByTagName("h1").length) return "";
  const ps = source.body.getElementsByTagName("p");
  // The pick's first paragraph in the source: the first one whose text the pick holds, near
  // its start.
  let first: Element | null = null;
  let outside = 0;
  for (let i = 0; i < ps.length; i++) {
    const text = norm(ps[i]!.textContent);
    if (text.length < 30) continue;
    const { at, probes } = placeInPick(text, pickText);
    // Found late by one probe only: a sentence the pick says again (MDN's summary repeats the
    // opening's first sentence), not this paragraph; it is outside the pick.
    const outsidePick = at < 0 || (at > PICK_START_CHARS && probes < 2);
    if (outsidePick && ++outside > SEARCH_MAX_PARAGRAPHS) return "";
    if (outsidePick) continue;
    if (at > PICK_START_CHARS) return "";
    first = ps[i]!;
    break;
  }
  if (!first) return "";
  const headline = lastHeadlineBefore(source.body, first);
  if (!headline) return "";
  const lead: Element[] = [];
  let chars = 0;
  for (let i = 0; i < ps.length; i++) {
    const p = ps[i]!;
    if (!(headline.compareDocumentPosition(p) & Node.DOCUMENT_POSITION_FOLLOWING)) continue;
    if (!(p.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING)) break;
    // Prose is 80 characters or more, so the first loop has found it outside the pick already.
    if (p.closest(NOT_LEAD) || !isProse(p)) continue;
    lead.push(p);
    chars += norm(p.textContent).length;
  }
  if (!lead.length || lead.length > LEAD_MAX_PARAGRAPHS || chars > LEAD_MAX_CHARS) return "";
  const range = source.createRange();
  range.setStartAfter(headline);
  range.setEndBefore(first);
  if (norm(range.toString()).length > chars + BETWEEN_MAX_CHARS) return "";
  return lead.map((p) => p.outerHTML).join("");
}

/**
 * Where the pick holds a paragraph's text, or -1: its start, middle or end, since Readability
 * rewrites a little of what it keeps (it drops a paragraph's aria-hidden parts, for one); and how
 * many of the three it holds.
 */
function placeInPick(text: string, pickText: string): { at: number; probes: number } {
  const probes = probesOf(text, 40);
  let place = -1;
  let found = 0;
  for (let i = 0; i < probes.length; i++) {
    const at = pickText.indexOf(probes[i]!);
    if (at >= 0) found++;
    if (at >= 0 && (place < 0 || at < place)) place = at;
  }
  return { at: place, probes: found };
}

/** The last <h1> before el in document order, outside the page's chrome. */
function lastHeadlineBefore(body: Element, el: Element): Element | null {
  const h1s = body.getElementsByTagName("h1");
  let found: Element | null = null;
  for (let i = 0; i < h1s.length; i++) {
    const h = h1s[i]!;
    if (!(h.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING)) break;
    if (!h.closest("nav, aside, footer, dialog")) found = h;
  }
  return found;
}
