import { all, words } from "./dom";

/**
 * An alt that is the picture's file name or address ("IMG_2979.jpg", "Screen Shot 2022-07-10 at
 * 8.11.16 AM.png", "https://…/grace_helmers.jpg"): what a site's editor writes when nobody wrote
 * an alt, and it describes nothing.
 */
const FILE_NAME_ALT = /^(?:https?:\/\/\S+|[^\n]{0,120}\.(?:jpe?g|png|gif|webp|avif|svg|bmp|tiff?|heic))$/i;

/**
 * An image's alt text is written where it says something the content does not. It is emptied (the
 * image stays, as `![](url)`) when an earlier image has the same alt (a gallery's one label
 * repeated, a card list's site name) or when its words (two or more) already stand in the content's
 * text (the caption under it, the card title beside it, the heading above): a reader, or a model,
 * would read the same words twice. Measured on wceb-2026's tuning half (docs/benchmarks.md,
 * session 21). An alt that is a file name is emptied too.
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
    const given = (img.getAttribute("alt") || "").trim();
    if (FILE_NAME_ALT.test(given)) img.setAttribute("alt", "");
    const alt = words(img.getAttribute("alt") || "");
    if (!alt) return;
    // One word ("Chart") is too little to say the content already describes this image.
    const said = alt.indexOf(" ") > 0 && text.indexOf(" " + alt + " ") >= 0;
    if (seen.has(alt) || said) img.setAttribute("alt", "");
    seen.add(alt);
  });
}

/** Images in a row with no text between them that make a gallery. */
const GALLERY_RUN = 3;

/**
 * Do two of the alts open or close with the same two words? A gallery of one thing names each
 * picture after it ("Blue kettle, side view", "Blue kettle, top view"; "Canva logo white",
 * "Indeed logo white"); a photo essay's pictures are each described in their own words.
 */
function repeatsItsName(alts: string[]): boolean {
  const seen = new Set<string>();
  for (let i = 0; i < alts.length; i++) {
    const w = alts[i]!.split(" ");
    if (w.length < 2) continue;
    const ends = ["<" + w[0] + " " + w[1], w[w.length - 2] + " " + w[w.length - 1] + ">"];
    for (const end of ends) {
      if (seen.has(end)) return true;
      seen.add(end);
    }
  }
  return false;
}

/**
 * A gallery's alt texts are emptied: three images or more in a row with no text between them (a
 * product's photos, a wall of customers' logos) whose alts repeat one name read as a list of
 * labels where the text should go on. The images stay, as `![](url)`; an image standing alone,
 * one the text runs around, and a run of pictures each described in its own words keep their
 * alts. Measured on wceb-2026's tuning half (docs/benchmarks.md, session 29).
 */
export function dropGalleryAlts(root: Element): void {
  if (root.getElementsByTagName("img").length < GALLERY_RUN) return;
  const run: Element[] = [];
  // At every text with words: most runs are no image or one, so their alts are not read.
  const close = () => {
    const gallery =
      run.length >= GALLERY_RUN && repeatsItsName(run.map((img) => words(img.getAttribute("alt") || "")));
    if (gallery) run.forEach((img) => img.setAttribute("alt", ""));
    run.length = 0;
  };
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === Node.TEXT_NODE) {
      if (words(node.nodeValue || "")) close();
    } else if (node.nodeName === "IMG") run.push(node as Element);
  }
  close();
}
