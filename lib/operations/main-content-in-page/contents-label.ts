import { lineOf } from "./clean";
import { norm } from "./text";

/**
 * A table of contents' label ("Table of contents", "On this page", "In this article", "Jump to").
 * Not a bare "Contents": a box's or a recipe's contents are a list of things, not of sections.
 */
const CONTENTS_LABEL =
  /^(table of contents|on this page|in this (article|post|guide|page)|jump to|(article|page) contents)\s*:?$/i;
/** Where the label's own list starts: a list, a menu, or a link within the page. */
const LIST_START = /^(UL|OL|DL|LI|NAV)$/;

/** The first element after `el` in document order (outside it, inside root) that holds text. */
function nextWithText(el: Element, root: Element): Element | null {
  for (let node: Element | null = el; node && node !== root; node = node.parentElement)
    for (let sib = node.nextElementSibling; sib; sib = sib.nextElementSibling)
      if (norm(sib.textContent)) return sib;
  return null;
}

/** Whether the text from `el` on opens with a list or a link within the page. */
function opensWithList(el: Element): boolean {
  for (let node: Element | null = el; node;) {
    if (LIST_START.test(node.nodeName)) return true;
    if (node.nodeName === "A" && (node.getAttribute("href") || "").charAt(0) === "#") return true;
    let child: Element | null = node.firstElementChild;
    while (child && !norm(child.textContent)) child = child.nextElementSibling;
    // Text before the first element that holds text: the block opens with words, not a list.
    if (child && node.firstChild && node.firstChild !== child && norm(node.firstChild.textContent))
      return false;
    node = child;
  }
  return false;
}

/**
 * Removes a table of contents' label left without its list: the list was hidden (collapsed, or
 * drawn by a script) or cleaned away as links, and the label then heads the article's first
 * paragraph. A label over its list stays with it.
 */
export function removeOrphanContentsLabels(root: Element): void {
  root.querySelectorAll("h1, h2, h3, h4, h5, h6, p, div, span, strong, b, summary, button").forEach((el) => {
    // The length first: most blocks are longer than any label, and that is cheap to tell.
    const raw = el.textContent || "";
    if (raw.length > 200 || !root.contains(el)) return;
    const text = norm(raw);
    if (text.length > 30 || !CONTENTS_LABEL.test(text) || el.querySelector("ul, ol, nav, p, h2, h3, h4"))
      return;
    const next = nextWithText(el, root);
    if (!next || !opensWithList(next)) lineOf(el, text, root).remove();
  });
}
