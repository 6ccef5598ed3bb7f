import { BOILERPLATE, clean } from "./clean";
import { linkDensity, markerOf, prose } from "./density";
import { withoutCardGroups } from "./story-cards";
import { norm, probesOf } from "./text";
import { holds } from "./wider-container";

/**
 * An article a site's CMS writes as a series of like blocks, one per section, with a picture, a
 * gallery or an advertisement between them (`<div class="articleWidgetHTML_root">` four times):
 * Readability keeps the largest block and adds a sibling only when it scores like it, so the
 * introduction and the shorter sections went. The wider-container rule does not help when the
 * blocks left out hold less prose than the ones kept.
 *
 * Readability keeps the classes of the blocks it returns (keepClasses). Other elements of the
 * page whose first class is a kept block's (the first block may add `…isFirst`), near it (a
 * common ancestor at most LAYOUT_LEVELS up), that hold prose once cleaned and are no list of
 * links, join the answer in the page's order.
 */
const LAYOUT_LEVELS = 3;
/**
 * A class on more elements than this is a page builder's or a utility framework's (`container`,
 * `elementor-element`, `w-full`), on blocks of every kind: not a mark of the text's sections.
 */
const MAX_BLOCKS = 8;
/** A block that joins holds a paragraph's prose at least, and few links. */
const MIN_PROSE = 150;
const MAX_LINK_DENSITY = 0.3;

/** The first class of el, or of the one block a classless wrapper holds. */
function firstClass(el: Element): string {
  let at: Element | null = el;
  while (at && !at.getAttribute("class") && at.children.length === 1) at = at.firstElementChild;
  return ((at && at.getAttribute("class")) || "").trim().split(/\s+/)[0] || "";
}

function commonAncestorWithin(a: Element, b: Element, levels: number): boolean {
  let up: Element | null = a;
  for (let i = 0; i <= levels && up; i++, up = up.parentElement) if (up.contains(b)) return true;
  return false;
}

/**
 * Regions of a page: a block of the text is in the text's region, not in a sidebar, a footer or
 * beyond `<main>`.
 */
const REGIONS = "main, article, [role=main], aside, header, footer, nav";

function sameRegion(a: Element, b: Element): boolean {
  return a.closest(REGIONS) === b.closest(REGIONS);
}

/** Does pick hold any of text's probes (its start, middle or end)? */
function sharesAProbe(text: string, pick: string): boolean {
  return probesOf(text, 60).some((p) => pick.indexOf(p) >= 0);
}

/**
 * A block of the page that may join: not named or built as furniture, prose, few links; its
 * cleaned copy, or null.
 */
function joinable(el: Element): Element | null {
  // A pane the page names for comments, sharing or related links, or one holding a form.
  if (BOILERPLATE.test(markerOf(el)) || el.querySelector("form, textarea")) return null;
  const c = withoutCardGroups(clean(el.cloneNode(true) as Element));
  const len = norm(c.textContent).length;
  return prose(c) >= MIN_PROSE && linkDensity(c, len) <= MAX_LINK_DENSITY ? c : null;
}

/**
 * Readability's answer (pickHtml, whose page wrapper holds the blocks kept) with the like blocks
 * the page sets around it, as HTML.
 */
export function withLikeBlocks(source: Document, kept: Element[], pickHtml: string): string {
  const token = kept.map(firstClass).find(Boolean);
  if (!token || !source.body) return pickHtml;
  const alike = Array.from(source.body.getElementsByClassName(token));
  if (alike.length < 2 || alike.length > MAX_BLOCKS) return pickHtml;
  const keptText = kept.map((k) => norm(k.textContent));
  const answer = keptText.join(" ");
  // Where each like block of the page is in the answer: the kept block holding its text, or -1.
  const placeOf = alike.map((el) => {
    const text = norm(el.textContent);
    return text ? keptText.findIndex((k) => holds(k, text)) : -1;
  });
  const anchors = alike.filter((_, i) => placeOf[i]! >= 0);
  if (!anchors.length) return pickHtml;
  const parts: string[] = [];
  let emitted = 0;
  let joined = 0;
  alike.forEach((el, i) => {
    const at = placeOf[i]!;
    if (at >= 0) {
      for (; emitted <= at; emitted++) parts.push(kept[emitted]!.outerHTML);
      return;
    }
    if (anchors.some((a) => a.contains(el) || el.contains(a))) return;
    // Part of it in the answer already (Readability rewrote the rest): not joined twice.
    if (sharesAProbe(norm(el.textContent), answer)) return;
    if (!anchors.some((a) => commonAncestorWithin(a, el, LAYOUT_LEVELS) && sameRegion(a, el))) return;
    const block = joinable(el);
    if (!block) return;
    parts.push(block.outerHTML);
    joined++;
  });
  for (; emitted < kept.length; emitted++) parts.push(kept[emitted]!.outerHTML);
  return joined ? parts.join("") : pickHtml;
}
