import { all, words } from "./dom";

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
  const text = " " + words(parts.join(" ")) + " ";
  const seen = new Set<string>();
  images.forEach((img) => {
    const alt = words(img.getAttribute("alt") || "");
    if (!alt) return;
    // One word ("Chart") is too little to say the content already describes this image.
    const said = alt.indexOf(" ") > 0 && text.indexOf(" " + alt + " ") >= 0;
    if (seen.has(alt) || said) img.setAttribute("alt", "");
    seen.add(alt);
  });
}
