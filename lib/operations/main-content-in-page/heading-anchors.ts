import { norm } from "./text";

/**
 * Words for which Readability removes an element before it scores (its unlikely candidates) or
 * scores it down (its negative class weights), when the element's class or id says them.
 */
const READABILITY_SUSPECT =
  /-ad-|ai2html|banner|breadcrumbs|combx|comment|community|cover-wrap|disqus|extra|footer|gdpr|header|legends|menu|related|remark|replies|rss|shoutbox|sidebar|skyscraper|social|sponsor|supplemental|ad-break|agegate|pagination|pager|popup|yom-remote|hidden|scroll|share|widget|promo|masthead|outbrain|contact/i;

/** A heading's words, letters and digits only: "Respond to review comments ¶" → "respondtoreviewcomments". */
function squeezed(s: string): string {
  return s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}

/**
 * Documentation generators and editors name each section after its heading
 * (`<section id="respond-to-review-comments"><h2>Respond to review comments`), and Readability
 * reads that id as a comment thread: the section went. An id that only spells its own heading's
 * text says nothing about the block, so it is removed from the heading and its section. Headings
 * of one or two words ("Comments", "Related posts") keep theirs: there the id and the text both
 * name what the block is.
 */
export function dropHeadingAnchorIds(root: ParentNode): void {
  const headings = root.querySelectorAll(
    "h1[id], h2[id], h3[id], h4[id], h5[id], h6[id], section[id] > :is(h1, h2, h3, h4, h5, h6)",
  );
  for (let i = 0; i < headings.length; i++) {
    const h = headings[i]!;
    const text = norm(h.textContent);
    if (text.split(" ").length < 3) continue;
    const words = squeezed(text);
    const section = h.parentElement && h.parentElement.nodeName === "SECTION" ? h.parentElement : null;
    for (const el of section ? [h, section] : [h]) {
      const id = el.getAttribute("id");
      const spelled = id ? squeezed(id) : "";
      // Most of the heading, not one of its words ("menu" under "Building the menu bar").
      if (READABILITY_SUSPECT.test(id || "") && spelled.length * 2 >= words.length && words.includes(spelled))
        el.removeAttribute("id");
    }
  }
}
