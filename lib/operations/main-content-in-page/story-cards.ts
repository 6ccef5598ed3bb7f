import { isProse, prose } from "./density";
import { toOtherPageOfSite } from "./site";
import { HEADINGS, norm } from "./text";

/**
 * The story cards a news or magazine site puts under an article inside the same container
 * Readability keeps: "### [Other story](/other)" and a teaser, again and again. Each card is a
 * block holding one heading that is wholly a link to another page of the site and at most a
 * teaser's worth of text. Two or more such cards side by side (with the blocks beside them that
 * look like them, and rows of the same look), after the article's prose and with no prose after
 * them but other cards', go. A listicle whose items link their headings to the site's own reviews
 * keeps them: its items are long, or its conclusion follows them. (A section front's intro over its
 * cards loses them too: a short story over ten cards in a column beside it looks the same, and
 * that story is the common case.)
 */
const CARD_MAX_CHARS = 1000;
/** The headings a card's title may be (a page's own title, h1, is none). */
const CARD_TITLES = "h2, h3, h4, h5, h6";
/** A card's label over its title: a category's name, not a sentence. */
const KICKER_MAX_CHARS = 40;
const KICKER_MAX_WORDS = 4;
/** The share of the text that labelled cards inside it may hold: beyond, they are what it lists. */
const CARDS_MAX_SHARE = 0.5;
/** A block's own text (outside its child elements) that makes it a paragraph: isProse's length. */
const PROSE_OWN_TEXT = 80;

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
    el.querySelectorAll(HEADINGS),
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
  root.querySelectorAll(CARD_TITLES).forEach((h) => {
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

/** An element's tag and class, to tell blocks of one template ("" for a block with no class). */
function lookOf(el: Element): string {
  const cls = el.getAttribute("class") || "";
  return cls ? el.nodeName + " " + cls : "";
}

/**
 * The group with the blocks beside its cards that look like them (same tag, same class): a card
 * whose headline is a picture's link, or whose label a rule took, is a card of the same list.
 */
function withLookAlikes(cards: Element[]): Element[] {
  const looks = cards.map(lookOf).filter(Boolean);
  return Array.prototype.filter.call(
    cards[0]!.parentElement!.children,
    (el: Element) =>
      cards.indexOf(el) >= 0 ||
      (looks.indexOf(lookOf(el)) >= 0 && norm(el.textContent).length <= CARD_MAX_CHARS),
  ) as Element[];
}

/**
 * The groups of cards to judge: two or more side by side, and a lone card in a block that looks
 * like such a group's (a site that breaks its list of cards into rows, an advertisement between).
 */
function cardGroups(root: Element): Element[][] {
  const byParent = storyCardGroups(root);
  const rowLooks: string[] = [];
  byParent.forEach((cards, parent) => {
    if (cards.length >= 2 && lookOf(parent)) rowLooks.push(lookOf(parent));
  });
  const groups: Element[][] = [];
  byParent.forEach((cards, parent) => {
    if (cards.length >= 2 || rowLooks.indexOf(lookOf(parent)) >= 0) groups.push(withLookAlikes(cards));
  });
  return groups;
}

/** The length of the text el holds itself, outside its child elements. */
function ownTextLength(el: Element): number {
  let n = 0;
  for (let c = el.firstChild; c; c = c.nextSibling)
    if (c.nodeType === Node.TEXT_NODE) n += norm(c.textContent).length;
  return n;
}

/**
 * The text's paragraphs: prose `<p>`s, and blocks that hold prose as text of their own, lines
 * broken with `<br>` (a forum's posts, an old blog's text).
 */
function paragraphsOf(root: Element): Element[] {
  return Array.prototype.filter.call(
    root.querySelectorAll("p, div"),
    // Own text first: it is cheap, and most divs are wrappers whose text is all their children's.
    (el: Element) => (el.nodeName === "P" || ownTextLength(el) >= PROSE_OWN_TEXT) && isProse(el),
  ) as Element[];
}

/** The short line a card prints over its title ("On-Demand Training", "Marketing News"), or "". */
function kickerOf(card: Element): string {
  const title = Array.prototype.find.call(card.querySelectorAll(CARD_TITLES), isLinkedHeading) as
    Element | undefined;
  if (!title) return "";
  const range = document.createRange();
  range.setStart(card, 0);
  range.setEndBefore(title);
  const text = norm(range.toString());
  return text.length <= KICKER_MAX_CHARS && text.split(" ").length <= KICKER_MAX_WORDS ? text : "";
}

/**
 * A list of the site's cards wherever it stands: each card's title under a short label, and the
 * labels repeating (a category printed on every card). A listicle's items have no such line, or
 * one of their own ("1.", "Best overall").
 */
function isLabelledCardList(cards: Element[]): boolean {
  const kickers = cards.map(kickerOf);
  return kickers.every(Boolean) && kickers.some((k, i) => kickers.indexOf(k) !== i);
}

export function removeStoryCards(root: Element): Element {
  const groups = cardGroups(root);
  if (!groups.length) return root;
  const paragraphs = paragraphsOf(root);
  // A teaser of any group is no text after another group: lists of cards often follow each other.
  const inCards = (p: Element) => groups.some((cards) => cards.some((c) => c.contains(p)));
  // Labelled lists go where the cards are a side of the text, not what the page lists (an awards
  // page's "Honoree" over every project).
  const cardChars = groups.reduce(
    (n, cards) => n + cards.reduce((m, c) => m + norm(c.textContent).length, 0),
    0,
  );
  const asides = cardChars < norm(root.textContent).length * CARDS_MAX_SHARE;
  groups.forEach((cards) => {
    const first = cards[0]!;
    const last = cards[cards.length - 1]!;
    const before = paragraphs.filter(
      (p) => !inCards(p) && first.compareDocumentPosition(p) & Node.DOCUMENT_POSITION_PRECEDING,
    );
    const after = paragraphs.some(
      (p) => !inCards(p) && last.compareDocumentPosition(p) & Node.DOCUMENT_POSITION_FOLLOWING,
    );
    if ((before.length < 2 || after) && !(asides && isLabelledCardList(cards))) return;
    const holder = first.parentElement;
    cards.forEach((c) => c.remove());
    if (holder) removeEmptiedSection(holder, root);
  });
  return root;
}

/**
 * The block that held the cards, emptied, goes, and the heading just over it: "Digital Marketing
 * Strategy" over a list of cards titles nothing left.
 */
function removeEmptiedSection(holder: Element, root: Element): void {
  let box: Element | null = null;
  for (let el: Element | null = holder; el && el !== root; el = el.parentElement) {
    if (norm(el.textContent) || el.querySelector("img, picture, video, table, pre")) break;
    box = el;
  }
  if (!box) return;
  const over = box.previousElementSibling;
  box.remove();
  const heading =
    over && (over.matches(HEADINGS) ? over : over.children.length === 1 ? over.firstElementChild : null);
  if (over && heading && heading.matches(HEADINGS) && norm(heading.textContent) === norm(over.textContent))
    over.remove();
}
