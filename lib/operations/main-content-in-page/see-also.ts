import { norm } from "./text";

/**
 * A documentation page's "See also": a heading, or a note's title, that says only that, over a
 * list of the pages it names. It belongs to the text: readers keep it, and so do the ground
 * truths of the documentation pages we measure on (10 of the 11 tuning pages that have one),
 * where a news site's cards for other stories say "Related" or "Read next" and still go.
 */
const SEE_ALSO = /^see also\s*:?$/i;
const LABELS = "h2, h3, h4, h5, h6, p, dt, strong, b";
const LIST = /^(UL|OL|DL)$/;

/** The labels and the lists of the "See also" blocks in root, in no particular order. */
export function seeAlsoBlocks(root: Element): Element[] {
  const blocks: Element[] = [];
  const labels = root.querySelectorAll(LABELS);
  for (let i = 0; i < labels.length; i++) {
    const label = labels[i]!;
    const raw = label.textContent || "";
    if (raw.length > 30 || !SEE_ALSO.test(norm(raw))) continue;
    // The label may stand alone in a block of its own ("<p><strong>See also</strong></p>").
    let line = label;
    while (
      line.parentElement &&
      line.parentElement !== root &&
      !line.previousElementSibling &&
      !line.nextElementSibling
    )
      line = line.parentElement;
    const next = line.nextElementSibling;
    const list =
      next && (LIST.test(next.nodeName) ? next : next.querySelector(":scope > ul, :scope > ol, :scope > dl"));
    if (list) blocks.push(line, list);
  }
  return blocks;
}

/**
 * Whether el is, or is inside, one of the blocks, or holds nothing but them (the section that
 * wraps a "See also" heading and its list).
 */
export function isSeeAlso(el: Element, blocks: Element[]): boolean {
  let held = 0;
  for (const b of blocks) {
    if (b === el || b.contains(el)) return true;
    if (el.contains(b)) held += norm(b.textContent).length;
  }
  return held > 0 && norm(el.textContent).length <= held + 20;
}

/**
 * A class token Readability weighs as content (its positive words include "text"), put on the
 * block that holds a "See also" and nothing else.
 */
const SEE_ALSO_MARK = "ptd-see-also-text";

/**
 * Readability removes a block of few commas whose links are over a fifth of its text unless its
 * class weighs as content, and a documentation generator's "See also" note (Sphinx's
 * `<div class="admonition seealso">`: a title, then the pages it names with a line on each) is such
 * a block: the note went, though it belongs to the text (see above). The block that holds the
 * label and the list and nothing else gets a class Readability weighs as content, so only a note
 * that is mostly links (over half) still goes. A list is one already: Readability does not weigh
 * a list's links this way.
 */
export function markSeeAlsoForReadability(root: Element): void {
  const blocks = seeAlsoBlocks(root);
  for (let i = 0; i + 1 < blocks.length; i += 2) {
    const line = blocks[i]!;
    const list = blocks[i + 1]!;
    const wrapper = line.parentElement;
    if (wrapper && wrapper !== root && wrapper.contains(list) && isSeeAlso(wrapper, [line, list]))
      wrapper.classList.add(SEE_ALSO_MARK);
    // The list found inside the block after the label: that block is the one Readability weighs.
    const holder = line.nextElementSibling;
    if (holder && holder !== list && !LIST.test(holder.nodeName) && isSeeAlso(holder, [list]))
      holder.classList.add(SEE_ALSO_MARK);
  }
}
