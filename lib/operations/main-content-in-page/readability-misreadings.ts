import { isApiPathId, isHeadingAnchor } from "./anchor-ids";
import { isProse } from "./density";
import { HEADINGS } from "./text";

/**
 * Words Readability misreads. Before it scores, Readability removes an element whose class or id
 * says "header", "comment", "sidebar"… (its unlikely candidates) and scores down one that says
 * "hidden", "related", "share"… (its negative weights). Pages put those words on the text's own
 * parts: utility CSS on headings, an editor's class on a listicle's introduction, a generator's id
 * that spells a section's heading. Each rule below takes the word off where it says nothing about
 * the block, so Readability reads the text as a reader would.
 */

/**
 * Readability drops an H1 or H2 whose class names score as boilerplate, and its words for that
 * include "hidden" and "scroll" (hidden boxes, scrolling widgets). Utility-class CSS (Tailwind and
 * its kind) puts those words on ordinary headings: `scroll-mt-24` on every heading a link can jump
 * to, `hidden lg:block` on one a wide screen shows. In the visible clone every element is shown,
 * whatever its classes say, so on a heading these tokens only mislead: they are removed from it.
 * A heading is never a scrolling widget, so any token that says "scroll" goes (a design system's
 * `g-offset-scroll-margin-top`, an animation's `scroll-trigger`); "hidden" only as the utility
 * class, since a screen reader's `visually-hidden` heading is one the reader does not see.
 * Headings only: on the boxes around the text the same tokens also move Readability's choice of
 * block, and removing them there moved 16 tuning pages both ways for a net loss (session 24).
 */
const MISLEADING_UTILITY = /^(?:[\w-]+:)*!?(?:overflow(?:-[xy])?-hidden|\S*scroll\S*|hidden)$/;

/**
 * Readability also removes, before it scores, any element whose class or id says "header" (its list
 * of unlikely candidates), and Substack marks every section heading of a post `header-anchor-post`:
 * a post came back without its headings. A heading below the headline is a heading of the text
 * whatever its class says, so the word is removed from h2–h6; the page's header around its
 * headline keeps its own class and goes as before.
 */
const HEADER_WORD = /header/i;

function holdsProse(el: Element): boolean {
  const ps = el.getElementsByTagName("p");
  let prose = 0;
  for (let i = 0; i < ps.length && prose < 2; i++) if (isProse(ps[i]!)) prose++;
  return prose >= 2;
}

function dropTokens(el: Element, misleading: RegExp): void {
  const tokens = (el.getAttribute("class") || "").split(/\s+/);
  const kept = tokens.filter((t) => !misleading.test(t));
  if (kept.length !== tokens.length) el.setAttribute("class", kept.join(" "));
}

/** Class words that mislead Readability about headings. */
export function dropMisleadingClasses(root: ParentNode): void {
  // One query for the headings and a look at their classes: twelve attribute selectors matched
  // against every element of the page cost more (about 1 ms a page, profiled).
  const headings = root.querySelectorAll(HEADINGS);
  for (let i = 0; i < headings.length; i++) {
    const h = headings[i]!;
    const cls = h.getAttribute("class");
    if (!cls) continue;
    if (cls.indexOf("hidden") >= 0 || cls.indexOf("scroll") >= 0) dropTokens(h, MISLEADING_UTILITY);
    if (h.nodeName !== "H1" && HEADER_WORD.test(h.getAttribute("class") || "")) dropTokens(h, HEADER_WORD);
  }
}

/**
 * Words for which Readability removes an element before it scores (its unlikely candidates) or
 * scores it down (its negative class weights), when the element's class or id says them.
 */
const READABILITY_SUSPECT =
  /-ad-|ai2html|banner|breadcrumbs|combx|comment|community|cover-wrap|disqus|extra|footer|gdpr|header|legends|menu|related|remark|replies|rss|shoutbox|sidebar|skyscraper|social|sponsor|supplemental|ad-break|agegate|pagination|pager|popup|yom-remote|hidden|scroll|share|widget|promo|masthead|outbrain|contact/i;

/**
 * Documentation generators and editors name each section after its heading
 * (`<section id="respond-to-review-comments"><h2>Respond to review comments`), and Readability
 * reads that id as a comment thread: the section went. An id that only spells its own heading's
 * text says nothing about the block, so it is removed from the heading and its section (what
 * counts as a heading's anchor: anchor-ids.ts).
 */
export function dropHeadingAnchorIds(root: ParentNode): void {
  const headings = root.querySelectorAll(
    "h1[id], h2[id], h3[id], h4[id], h5[id], h6[id], section[id] > :is(h1, h2, h3, h4, h5, h6)",
  );
  for (let i = 0; i < headings.length; i++) {
    const h = headings[i]!;
    const section = h.parentElement && h.parentElement.nodeName === "SECTION" ? h.parentElement : null;
    for (const el of section ? [h, section] : [h]) {
      const id = el.getAttribute("id") || "";
      if (READABILITY_SUSPECT.test(id) && isHeadingAnchor(id, h)) el.removeAttribute("id");
    }
  }
}

/**
 * A signature whose id is an API object's dotted path (anchor-ids.ts `isApiPathId`) that says one
 * of Readability's suspect words (`QuerySet.select_related`, `email.header.Header`): Readability
 * removed the signature line as furniture. The id goes.
 */
export function dropApiPathIds(root: ParentNode): void {
  const els = root.querySelectorAll('[id*="."]');
  for (let i = 0; i < els.length; i++) {
    const id = els[i]!.getAttribute("id") || "";
    if (READABILITY_SUSPECT.test(id) && isApiPathId(id)) els[i]!.removeAttribute("id");
  }
}

/**
 * Readability's list of unlikely candidates also takes a block of the text's own prose whose class
 * or id says "header", "banner", "community"…: a listicle's introduction in
 * `section.listicle-header`, HTTP documentation's `section#header-ordering`, a local paper's
 * `div#nwa-community`. A block holding two paragraphs of prose or more is text, whatever its names
 * say (a site's header holds a logo and a menu, not paragraphs), so these words are taken off it;
 * where Readability would spare the block anyway (its class also says "content", "article"…)
 * nothing changes. The list's words for the site's own furniture (footer, sidebar, menu, comments,
 * related…) are left as they are: a footer's legal paragraphs are prose too, and taking those
 * words off brought them in (tuning, session 29).
 */
const UNLIKELY_ON_PROSE = /banner|extra|community|supplemental|header|legends|remark/i;
/** Readability's words that spare an unlikely candidate (Readability.js okMaybeItsACandidate). */
const MAYBE_CANDIDATE = /and|article|body|column|content|main|mathjax|shadow/i;

export function dropUnlikelyWordsOnProse(root: ParentNode): void {
  const blocks = root.querySelectorAll(
    "div[class], div[id], section[class], section[id], header, aside, footer",
  );
  for (let i = 0; i < blocks.length; i++) {
    const el = blocks[i]!;
    const said = (el.getAttribute("class") || "") + " " + (el.getAttribute("id") || "");
    if (!UNLIKELY_ON_PROSE.test(said) || MAYBE_CANDIDATE.test(said) || !holdsProse(el)) continue;
    dropTokens(el, UNLIKELY_ON_PROSE);
    if (UNLIKELY_ON_PROSE.test(el.getAttribute("id") || "")) el.removeAttribute("id");
  }
}

/**
 * A block set inside a heading is a line of the heading: rustdoc writes each signature as
 * `<h4>pub fn unwrap_or_else&lt;F&gt;(self, f: F) -&gt; T<div class="where">where F: FnOnce() -&gt;
 * T</div></h4>`, and its style sheet lays the `where` clause out on a line of its own. Readability
 * removes a short block with a link in it ("where T: Clone", the trait linked) as a suspicious
 * fragment, so every bound of the signature went. A heading holds phrasing content only: such a
 * block becomes a span, with a space on either side where the page wrote none.
 */
export function inlineBlocksInHeadings(root: ParentNode): void {
  const blocks = root.querySelectorAll("h1 div, h2 div, h3 div, h4 div, h5 div, h6 div");
  for (let i = 0; i < blocks.length; i++) {
    const div = blocks[i]!;
    const span = div.ownerDocument.createElement("span");
    while (div.firstChild) span.appendChild(div.firstChild);
    const before = div.previousSibling;
    const after = div.nextSibling;
    if (before && !/\s$/.test(before.textContent || "")) div.before(" ");
    if (after && !/^\s/.test(after.textContent || "")) div.after(" ");
    div.replaceWith(span);
  }
}
