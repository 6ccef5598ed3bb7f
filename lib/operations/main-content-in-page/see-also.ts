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
