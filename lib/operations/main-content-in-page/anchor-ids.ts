import { words } from "../in-page-shared/text";
import { norm } from "./text";

/**
 * Documentation generators and editors name each section after its heading
 * (`<section id="respond-to-review-comments"><h2>Respond to review comments`). Such an id says
 * which section it is, not what kind of block: read as a class word ("comments", "related") it
 * made a section of the text look like the site's furniture. Headings of one or two words
 * ("Comments", "Related posts") are the exception: there the id and the text both name what the
 * block is; not so a heading that is code, an API's name (Django's reference has
 * `<section id="s-prefetch-related"><h3><code>prefetch_related()</code>`, 12,000 characters that
 * went). Generators may put a short prefix before the spelled heading ("s-", "h-"), read past.
 */
const ANCHOR_PREFIX = /^[a-z]{1,2}[-_:]/i;

/** Letters and digits only: "Respond to review comments ¶" → "respondtoreviewcomments". */
function squeezed(s: string): string {
  return words(s).replace(/ /g, "");
}

/** Is most of the heading's text code (an API's name), not words saying what the block is? */
function namesCode(heading: Element, text: string): boolean {
  const code = heading.querySelector("code");
  return !!code && norm(code.textContent).length * 2 >= text.length;
}

/** Is id the heading's anchor: most of its text spelled (not one of its words, "menu" under "Building the menu bar")? */
export function isHeadingAnchor(id: string, heading: Element): boolean {
  const text = norm(heading.textContent);
  if (!id || (text.split(" ").length < 3 && !namesCode(heading, text))) return false;
  const spelledHeading = squeezed(text);
  const spells = (s: string) => !!s && s.length * 2 >= spelledHeading.length && spelledHeading.includes(s);
  return spells(squeezed(id)) || spells(squeezed(id.replace(ANCHOR_PREFIX, "")));
}

const HEADING = /^H[1-6]$/;

/**
 * The heading that opens el: its first child, or the first after empty anchors
 * (`<span id=…></span>`). Only childless elements are read for text: markerOf asks this of every
 * block with an id, and a wrapper's first child may hold the whole page.
 */
export function openingHeading(el: Element): Element | null {
  for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
    if (HEADING.test(c.nodeName)) return c;
    if (c.firstElementChild || norm(c.textContent)) return null;
  }
  return null;
}

/**
 * An id that is an API object's dotted path, as Sphinx and Javadoc write it on a signature
 * (`<dt id="django.db.models.query.QuerySet.select_related">`, `email.header.Header`,
 * `tkinter.Menu`): it names the object documented there, not what kind of block it is.
 */
const API_PATH = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)+$/;

export function isApiPathId(id: string): boolean {
  return API_PATH.test(id);
}
