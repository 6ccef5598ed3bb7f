import { all } from "./dom";

/**
 * Letters and digits only, single-spaced, lowercase: how two texts are compared (ASCII text with
 * an ASCII pattern, as entry.ts does: the Unicode one is costly to compile in each new renderer).
 */
const wordsOf = (s: string): string =>
  s
    .replace(/^[\x00-\x7f]*$/.test(s) ? /[^A-Za-z0-9]+/g : /[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .toLowerCase();

/**
 * An image's alt text is written where it says something the content does not. It is emptied
 * (the image stays, as `![](url)`) when an earlier image has the same alt (a gallery's one label
 * repeated, a card list's site name) or when its words (two or more) already stand in the
 * content's text (the caption under it, the card title beside it, the heading above): a reader,
 * or a model, would read the same words twice. Measured on wceb-2026's tuning half (docs/benchmarks.md, session 21).
 */
export function dropRedundantAlts(root: Element): void {
  const images = all(root, "img[alt]");
  if (!images.length) return;
  // Text node by text node: textContent would join a heading's last word to the next block's first.
  const parts: string[] = [];
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) parts.push(node.nodeValue || "");
  const text = " " + wordsOf(parts.join(" ")) + " ";
  const seen = new Set<string>();
  images.forEach((img) => {
    const alt = wordsOf(img.getAttribute("alt") || "");
    if (!alt) return;
    // One word ("Chart") is too little to say the content already describes this image.
    const said = alt.indexOf(" ") > 0 && text.indexOf(" " + alt + " ") >= 0;
    if (seen.has(alt) || said) img.setAttribute("alt", "");
    seen.add(alt);
  });
}
