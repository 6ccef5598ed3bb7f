import { isProse, prose } from "./density";
import { toOtherPageOfSite } from "./site";
import { norm } from "./text";

/**
 * The story cards a news or magazine site puts under an article inside the same container
 * Readability keeps: "### [Other story](/other)" and a teaser, again and again. Each card is a
 * block holding one heading that is wholly a link to another page of the site and at most a
 * teaser's worth of text. Two or more such cards side by side, after the article's prose and with
 * no prose after them, go. A listicle whose items link their headings to the site's own reviews
 * keeps them: its items are long, or its conclusion follows them.
 */
const CARD_MAX_CHARS = 1000;

function isLinkedHeading(h: Element): boolean {
  const text = norm(h.textContent);
  if (!text) return false;
  const link =
    h.closest("a") || (h.getElementsByTagName("a").length === 1 ? h.getElementsByTagName("a")[0]! : null);
  return !!link && norm(link.textContent).indexOf(text) >= 0 && toOtherPageOfSite(link.getAttribute("href"));
}

/**
 * The titles in a block: headings of the title's own level, and any long enough to be one (a
 * card's category or date label is often a shorter heading of another level).
 */
function titleCount(el: Element, title: Element): number {
  return Array.prototype.filter.call(
    el.querySelectorAll("h1, h2, h3, h4, h5, h6"),
    (h: Element) => h.nodeName === title.nodeName || norm(h.textContent).length > 30,
  ).length;
}

/** The largest block around the title that holds no other title and no more than a teaser. */
function cardOf(h: Element, root: Element): Element | null {
  let card: Element | null = null;
  for (let el = h.parentElement; el && el !== root; el = el.parentElement) {
    if (titleCount(el, h) > 1 || norm(el.textContent).length > CARD_MAX_CHARS) break;
    card = el;
  }
  return card;
}

/** Cards grouped by the block that holds them side by side. */
function storyCardGroups(root: Element): Map<Element, Element[]> {
  const byParent = new Map<Element, Element[]>();
  root.querySelectorAll("h2, h3, h4, h5, h6").forEach((h) => {
    if (!isLinkedHeading(h)) return;
    const card = cardOf(h, root);
    if (!card || !card.parentElement) return;
    const list = byParent.get(card.parentElement) || [];
    if (list.indexOf(card) < 0) list.push(card);
    byParent.set(card.parentElement, list);
  });
  return byParent;
}

/** root without any group of two or more cards, wherever they stand. */
export function withoutCardGroups(root: Element): Element {
  const copy = root.cloneNode(true) as Element;
  storyCardGroups(copy).forEach((cards) => {
    if (cards.length >= 2) cards.forEach((c) => c.remove());
  });
  return copy;
}

/** A block whose prose is mostly the site's teasers: a section front, not an article's page. */
export function isMostlyCards(root: Element): boolean {
  return prose(withoutCardGroups(root)) < prose(root) * 0.5;
}

export function removeStoryCards(root: Element): Element {
  const byParent = storyCardGroups(root);
  const paragraphs = Array.prototype.filter.call(root.querySelectorAll("p"), isProse) as Element[];
  byParent.forEach((cards) => {
    if (cards.length < 2) return;
    const first = cards[0]!;
    const last = cards[cards.length - 1]!;
    const inCards = (p: Element) => cards.some((c) => c.contains(p));
    const before = paragraphs.filter(
      (p) => !inCards(p) && first.compareDocumentPosition(p) & Node.DOCUMENT_POSITION_PRECEDING,
    );
    const after = paragraphs.some(
      (p) => !inCards(p) && last.compareDocumentPosition(p) & Node.DOCUMENT_POSITION_FOLLOWING,
    );
    if (before.length < 2 || after) return;
    cards.forEach((c) => c.remove());
  });
  return root;
}
