import { isApiPathId, isHeadingAnchor, openingHeading } from "./anchor-ids";
import { toOtherPageOfSite } from "./site";
import { norm } from "./text";

/**
 * What an element's class, id and role say it is. An id made from a heading ("sharing-with-a-
 * single-developer", or a section's id spelling the heading that opens it) names a section of the
 * text, not a widget, and an API object's dotted path names what is documented there: neither
 * is read.
 */
export function markerOf(el: Element): string {
  let id = el.getAttribute("id") || ""; // not el.id: a form's input named "id" shadows it
  if (id.split(/[-_]/).length >= 4 || isApiPathId(id)) id = "";
  else if (/[-_]/.test(id)) {
    const heading = openingHeading(el);
    if (heading && isHeadingAnchor(id, heading)) id = "";
  }
  return (el.getAttribute("class") || "") + " " + id + " " + (el.getAttribute("role") || "");
}

/** Share of el's text (len characters) inside links; with sameSite, only links to other pages of this site. */
export function linkDensity(el: Element, len: number, sameSite?: boolean): number {
  if (!len) return 0;
  let l = 0;
  const as = el.getElementsByTagName("a");
  for (let i = 0; i < as.length; i++) {
    if (sameSite && !toOtherPageOfSite(as[i]!.getAttribute("href"))) continue;
    l += norm(as[i]!.textContent).length;
  }
  return l / len;
}

/** A paragraph of the text's own prose: long enough, and words more than links. */
export function isProse(p: Element): boolean {
  const n = norm(p.textContent).length;
  return n >= 80 && linkDensity(p, n) < 0.3;
}

/**
 * Characters of prose under root: paragraphs, list items, cells and quotes of a sentence or
 * more that are not mostly links.
 */
const PROSE_BLOCKS = "p, li, td, dd, blockquote, pre";

function proseOf(block: Element): number {
  if (block.querySelector(PROSE_BLOCKS)) return 0; // counted at its innermost block
  const len = norm(block.textContent).length;
  return len >= 50 && linkDensity(block, len) < 0.3 ? len : 0;
}

export function prose(root: ParentNode): number {
  let total = 0;
  const blocks = root.querySelectorAll(PROSE_BLOCKS);
  for (let i = 0; i < blocks.length; i++) total += proseOf(blocks[i]!);
  return total;
}

/**
 * prose() of every element under root at once (each block's prose added to its ancestors), for
 * the passes that ask it of many nested elements. Read before removals: an ancestor's figure
 * then still counts what was removed below it.
 */
export function proseIndex(root: Element): Map<Node, number> {
  const index = new Map<Node, number>();
  const blocks = root.querySelectorAll(PROSE_BLOCKS);
  for (let i = 0; i < blocks.length; i++) {
    const len = proseOf(blocks[i]!);
    if (len)
      for (let n: Node | null = blocks[i]!; n && n !== root.parentNode; n = n.parentNode)
        index.set(n, (index.get(n) || 0) + len);
  }
  return index;
}
