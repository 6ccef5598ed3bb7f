/**
 * In-page source (plain ES5, function declarations) for the story cards a news or magazine site
 * puts under an article inside the same container Readability keeps: "### [Other story](/other)"
 * and a teaser, again and again. Each card is a block holding one heading that is wholly a link
 * to another page of the site and at most a teaser's worth of text. Two or more such cards side by
 * side, after the article's prose and with no prose after them, go. A listicle whose items link
 * their headings to the site's own reviews keeps them: its items are long, or its conclusion
 * follows them. Uses `norm`, `isProse`, `prose` and `toOtherPageOfSite` of the extractor
 * (main-content.ts).
 */
export const STORY_CARDS_JS = `
var CARD_MAX_CHARS = 1000;

function isLinkedHeading(h) {
  var text = norm(h.textContent);
  if (!text) return false;
  var link = h.closest("a") || (h.getElementsByTagName("a").length === 1 ? h.getElementsByTagName("a")[0] : null);
  return !!link && norm(link.textContent).indexOf(text) >= 0 && toOtherPageOfSite(link.getAttribute("href"));
}

// The titles in a block: headings of the title's own level, and any long enough to be one (a
// card's category or date label is often a shorter heading of another level).
function titleCount(el, title) {
  return Array.prototype.filter.call(el.querySelectorAll("h1, h2, h3, h4, h5, h6"), function (h) {
    return h.nodeName === title.nodeName || norm(h.textContent).length > 30;
  }).length;
}

// The largest block around the title that holds no other title and no more than a teaser.
function cardOf(h, root) {
  var card = null;
  for (var el = h.parentElement; el && el !== root; el = el.parentElement) {
    if (titleCount(el, h) > 1 || norm(el.textContent).length > CARD_MAX_CHARS) break;
    card = el;
  }
  return card;
}

// Cards grouped by the block that holds them side by side.
function storyCardGroups(root) {
  var byParent = new Map();
  Array.prototype.forEach.call(root.querySelectorAll("h2, h3, h4, h5, h6"), function (h) {
    if (!isLinkedHeading(h)) return;
    var card = cardOf(h, root);
    if (!card || !card.parentElement) return;
    var list = byParent.get(card.parentElement) || [];
    if (list.indexOf(card) < 0) list.push(card);
    byParent.set(card.parentElement, list);
  });
  return byParent;
}

// root without any group of two or more cards, wherever they stand.
function withoutCardGroups(root) {
  var copy = root.cloneNode(true);
  storyCardGroups(copy).forEach(function (cards) {
    if (cards.length >= 2) cards.forEach(function (c) { c.remove(); });
  });
  return copy;
}

// A block whose prose is mostly the site's teasers: a section front, not an article's page.
function isMostlyCards(root) {
  return prose(withoutCardGroups(root)) < prose(root) * 0.5;
}

function removeStoryCards(root) {
  var byParent = storyCardGroups(root);
  var prose = Array.prototype.filter.call(root.querySelectorAll("p"), isProse);
  byParent.forEach(function (cards) {
    if (cards.length < 2) return;
    var first = cards[0], last = cards[cards.length - 1];
    var inCards = function (p) { return cards.some(function (c) { return c.contains(p); }); };
    var before = prose.filter(function (p) { return !inCards(p) && (first.compareDocumentPosition(p) & Node.DOCUMENT_POSITION_PRECEDING); });
    var after = prose.some(function (p) { return !inCards(p) && (last.compareDocumentPosition(p) & Node.DOCUMENT_POSITION_FOLLOWING); });
    if (before.length < 2 || after) return;
    cards.forEach(function (c) { c.remove(); });
  });
  return root;
}`;
