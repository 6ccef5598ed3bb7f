import { linkDensity } from "./density";
import { norm } from "./text";

/**
 * Steps with pictures: a tutorial's or a recipe's block, a heading and a list whose items are
 * sentences, each step with its screenshot or photo ("1. On the Curve menu, click Match." and
 * the picture of it). Readability removes a block of few commas with more than one image and
 * fewer paragraphs than half its images ("bad p to img ratio"), and it counts only `<p>`
 * elements: steps written straight into `<li>` count for nothing, so the whole block went, where
 * the same steps written `<li><p>…</p></li>` stayed. Each step of such a list is given the
 * paragraph the page left out, so Readability reads it as the text it is.
 */
const MIN_STEP_CHARS = 20;
const MAX_STEP_LINK_DENSITY = 0.5;

function isStep(li: Element): boolean {
  if (li.querySelector("p, div, ul, ol, table, pre, h1, h2, h3, h4, h5, h6")) return false;
  const len = norm(li.textContent).length;
  return len >= MIN_STEP_CHARS && linkDensity(li, len) < MAX_STEP_LINK_DENSITY;
}

/** Would Readability count the list's block as more pictures than paragraphs? */
function isPictureHeavy(block: Element): boolean {
  const img = block.getElementsByTagName("img").length;
  return img > 1 && block.getElementsByTagName("p").length / img < 0.5;
}

export function paragraphPictureSteps(root: Element): void {
  const lists = root.querySelectorAll("ol, ul");
  for (let i = 0; i < lists.length; i++) {
    const list = lists[i]!;
    const block = list.parentElement;
    if (!block || !list.querySelector("img") || !isPictureHeavy(block)) continue;
    const items = list.querySelectorAll(":scope > li");
    const steps = Array.prototype.filter.call(items, isStep) as Element[];
    if (steps.length < 2 || steps.length * 2 < items.length) continue;
    for (const li of steps) {
      const p = li.ownerDocument.createElement("p");
      while (li.firstChild) p.appendChild(li.firstChild);
      li.appendChild(p);
    }
  }
}
