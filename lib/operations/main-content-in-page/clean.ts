import { isProse, linkDensity, markerOf, prose } from "./density";
import { isSeeAlso, seeAlsoBlocks } from "./see-also";
import { norm } from "./text";

/** Class, id and role words of blocks that are not the text: comments, sharing, ads, related links. */
export const BOILERPLATE =
  /(^|[\s_-])(comments?|comment-list|respond|related|relatedposts|share|sharing|sharedaddy|social|socials|newsletter|subscribe|subscription|promo|sponsored|advert|advertisement|ads|ad-slot|breadcrumbs?|recommended|recommendations|more-stories|popular|trending|cookie|signup|paywall|disqus|outbrain|taboola|jp-relatedposts|post-navigation|nav-links|author-box|about-author|author[-_](?:bio|card|about|description)|about-the-author|authorbox|authorbio|bio-box|saboxplugin-wrap|tags-links|cat-links|signature|signatures)([\s_-]|$)/i;
/**
 * Class and id words of a post's links to the previous and the next post: furniture where they hold
 * no prose (a label, a headline, a picture). A documentation page's footer of that name may also
 * hold the page's own lines ("Help us improve these pages…"), and stays.
 */
const PREV_NEXT =
  /(^|[\s_-])(post-nav|prev-next|prevnext|next-prev|previous-next|nav-previous|nav-next|previous-post|next-post)([\s_-]|$)/i;
const isPrevNext = (el: Element, marker: string) => PREV_NEXT.test(marker) && prose(el) === 0;
/**
 * Class words of a call to action ("cta-container", "banner-cta-bar"). Inside the pick, a block so
 * named that holds a headline is a landing page's hero (its heading and lead), and stays.
 */
const CALL_TO_ACTION = /(^|[\s_-])(cta|call-to-action)([\s_-]|$)/i;

/**
 * A block that is only a label: a button's word, or an advertisement's slot inside the text
 * ("Advertisement - Continue Reading Below", as Hearst's magazines print it; "Story continues below
 * advertisement"), or a quote's control in a forum post ("Click to expand...", XenForo's).
 */
const BOILERPLATE_TEXT =
  /^(share( this)?( article| post)?|advertisement|related( articles| posts| stories)?|read more|tags?|follow us|sign up|subscribe|print|email|(advertisement|ad)\s*[-–—:|]?\s*continue reading below|continue reading below|(story|article|content) continues below( this)?( advertisement| ad)?|scroll (down )?to continue( with content| reading)?|click to (expand|collapse)( quote)?(\.{3}|…)?)[:.!]?$/i;
/** How a text BOILERPLATE_TEXT matches starts (its first words), whitespace before it: a cheap first test. */
const BOILERPLATE_TEXT_START =
  /^\s*(share|advertisement|related|read|tag|follow|sign|subscribe|print|email|click)/i;
/**
 * The same for an advertisement's slot, whose first words also open many a block of the text
 * ("Story", "Content"): asked of short blocks only, so a wrapper's text is not normalized for it.
 */
const AD_SLOT_TEXT_START = /^\s*(ad\b|continue|story|article|content|scroll)/i;
const READ_NEXT =
  /^(related( stories| articles| content| reading| coverage)?|read more|read next|more|see also|also read|read also|recommended( reading)?|must read|don'?t miss|you may also like|watch|listen|more on this( story)?)\s*[:：|»>-]/i;

/** A card's label for another page: "Related", "Read next", "See also". */
const CARD_LABEL =
  /^(related( articles| posts| stories| content| reading)?|read next|read also|also read|see also|recommended( reading)?)[:.]?$/i;
const CARD_LABEL_START = /^\s*(related|read|also|see|recommended)/i;
/** The longest card a label takes with it: a headline and a line of teaser. */
const CARD_MAX_CHARS = 300;

/**
 * The card a label like "Related" heads inside the text: the largest block under CARD_MAX_CHARS
 * that starts with the label and reads as a link to another page (a linked headline, or a quarter
 * of its text in links), beside a line of teaser at most. Null for a label in a sentence ("see
 * also" in italics) or over a note whose text only mentions a link (a wiki's "See also" box).
 */
function labelledCard(label: Element, labelText: string, root: Element): Element | null {
  let card: Element | null = null;
  for (let up = label.parentElement; up && up !== root; up = up.parentElement) {
    const text = norm(up.textContent);
    if (text.length > CARD_MAX_CHARS || text.slice(0, labelText.length) !== labelText) break;
    if (up.querySelector("h1 a[href], h2 a[href], h3 a[href], h4 a[href], h5 a[href], h6 a[href]")) card = up;
    else if (linkDensity(up, text.length) >= 0.25) card = up;
  }
  return card;
}

/** How a text READ_NEXT matches starts, whitespace before it. */
const READ_NEXT_START = /^\s*(related|read|more|see|also|recommended|must|don|you|watch|listen)/i;

/**
 * Page furniture goes before Readability scores the page: a list of story cards beside a short
 * story otherwise outscores it (each card's paragraph counts for the block that holds them), and
 * Readability then returns the story and the cards. Blocks holding the headline or the marked
 * article body stay, and so does any block with much of the page's prose: then the class name
 * is not what it says.
 */
export function removeFurniture(doc: Document, index: Map<Node, number>): void {
  if (!doc.body) return;
  const all = index.get(doc.body) || 0;
  const els = doc.body.querySelectorAll(
    "nav, aside, footer, div, section, ul, ol, form, header, p, span, figure",
  );
  for (let i = 0; i < els.length; i++) {
    const el = els[i]!;
    const tag = el.nodeName;
    const marker = markerOf(el);
    const furniture =
      tag === "ASIDE" || (tag !== "HEADER" && (BOILERPLATE.test(marker) || CALL_TO_ACTION.test(marker)));
    // Comments are removeComments' to judge (a discussion page's comments are its content).
    if (!furniture || /comment|respond/i.test(marker) || !doc.body.contains(el)) continue;
    if (el.querySelector("h1, [itemprop=articleBody]")) continue;
    if ((index.get(el) || 0) > all * 0.4) continue;
    el.remove();
  }
}

/**
 * The share services' endpoints: a link to one is a share button ("Pin it" over every image, "Share
 * on X" under the text) whatever its markup is called, never a link the text makes.
 */
const SHARE_ENDPOINT =
  /^(https?:)?\/\/([a-z0-9-]+\.)*(facebook\.com\/(sharer|share\.php|dialog\/(share|feed))|(twitter|x)\.com\/(intent\/(tweet|post)|share([?/]|$))|pinterest\.[a-z.]+\/pin\/create|linkedin\.com\/(shareArticle|sharing\/share-offsite|cws\/share)|reddit\.com\/submit|news\.ycombinator\.com\/submitlink|(t|telegram)\.me\/share|(api|web)\.whatsapp\.com\/send|wa\.me\/\?|tumblr\.com\/(share|widgets\/share)|getpocket\.com\/(save|edit)|flipboard\.com\/bookmarklet|threads\.net\/intent|bsky\.app\/intent|vk\.com\/share\.php|buffer\.com\/add)|^mailto:\?/i;

function removeShareButtons(root: Element): void {
  const links = root.querySelectorAll("a[href]");
  for (let i = 0; i < links.length; i++)
    if (SHARE_ENDPOINT.test((links[i]!.getAttribute("href") || "").trim())) links[i]!.remove();
}

/** The class words of a link drawn as a button: `btn btn-link`, `wp-block-button__link`, `cta-primary`. */
const BUTTON_CLASS = /(^|[\s_-])(btn|button|cta)([\s_-]|$)/i;
/** The longest label a call to action reads as: a sentence, not a paragraph. */
const BUTTON_MAX_CHARS = 100;

/**
 * A link drawn as a button that stands alone on its line ("Find out if weight loss medications can
 * help you" between two sections, "Download the guide" under them) calls to another page; the
 * text's own links sit in its sentences and stay, and so does a link that shares its line.
 */
function removeButtonLinks(root: Element): void {
  const links = root.querySelectorAll("a[class]");
  for (let i = 0; i < links.length; i++) {
    const link = links[i]!;
    if (!root.contains(link) || !BUTTON_CLASS.test(link.getAttribute("class") || "")) continue;
    const text = norm(link.textContent);
    if (text.length > BUTTON_MAX_CHARS) continue;
    const line = lineOf(link, text, root);
    if (line !== link) line.remove();
  }
}

/** The outermost block around `el` (below `root`) that holds nothing but `el`'s own text. */
export function lineOf(el: Element, text: string, root: Element): Element {
  let line = el;
  for (let up = el.parentElement; up && up !== root && norm(up.textContent) === text; up = up.parentElement)
    line = up;
  return line;
}

/** Inline elements: a word set in one is part of the sentence around it. */
const INLINE = /^(SPAN|B|STRONG|EM|I|U|SMALL|MARK|KBD|SAMP|VAR|CODE|Q|CITE|ABBR)$/;

/**
 * A word a sentence sets in code or emphasis: "click **Print**", "the `email` input type". Such a
 * word says what the text is about, not that the element is a share button: it stays. A button's
 * label is its own line, or one of a row of links.
 */
function isWordOfSentence(el: Element, text: string, root: Element): boolean {
  if (el.closest("pre, code, kbd, samp")) return true;
  const line = lineOf(el, text, root);
  const around = line.parentElement;
  if (!INLINE.test(line.nodeName) || !around) return false;
  const aroundLen = norm(around.textContent).length;
  return aroundLen >= text.length + 30 && linkDensity(around, aroundLen) < 0.5;
}

/** A figure's own controls, as their whole label: "hide caption", "toggle caption", "Enlarge this image". */
const CAPTION_CONTROL = /^((show|hide|toggle|expand|collapse) caption|enlarge (this )?image)$/i;
const CAPTION_CONTROL_START = /^\s*(show|hide|toggle|expand|collapse|enlarge)\b/i;
/** Where such a control is: news sites write them as text beside the caption (NPR's spans). */
const CAPTION_CONTROLS = "button, a, span, b, strong, em, i, div, p";

/**
 * A link within the page that moves the reader, not the text: "Skip to main content", "Skip to
 * product information", "Jump to Recipe", "↑ Back to Top", phpBB's "Top" under each post. Arrows and the like before or after the
 * words are allowed; a sentence ("Skip to the end. Then…") is not a control's label.
 */
const JUMP_TEXT =
  /^\W*((skip|jump) to [^.!?]{1,50}|skip (navigation|nav|links|menu)|((back|return|go|scroll) to (the )?)?top)\W*$/i;
/** Where such a control is: an in-page link, a button, or a block the page names after it. */
const JUMP_CONTROLS = 'a[href^="#"], button, [class*=skip i], [class*=top i]';

/**
 * A wiki's link to edit a section, beside each heading: MediaWiki's "[edit]" and "[edit | edit
 * source]" (Wikipedia, Fandom), a bare "edit" link to the page's edit action elsewhere.
 */
const EDIT_TEXT = /^\[?\s*edit( source)?(\s*\|\s*edit( source)?)?\s*\]?$/i;
const EDIT_CONTROLS = '.mw-editsection, a[href*="action=edit"]';

/**
 * Removes the elements under `selector` whose whole text is a control's label (`label`), with the
 * line that holds nothing else. `opens`, if given, is a cheap first test on the raw text.
 */
function removeLabelled(
  root: Element,
  selector: string,
  maxChars: number,
  label: RegExp,
  opens?: RegExp,
): void {
  const els = root.querySelectorAll(selector);
  for (let i = 0; i < els.length; i++) {
    const el = els[i]!;
    const raw = el.textContent || "";
    if (raw.length > maxChars || (opens && !opens.test(raw)) || !root.contains(el)) continue;
    const text = norm(raw);
    if (label.test(text)) lineOf(el, text, root).remove();
  }
}

/**
 * Removes the page's controls that are never its text, with the line that holds nothing else: jump
 * links (JUMP_TEXT), a caption's controls (CAPTION_CONTROL) and a wiki's section edit links
 * (EDIT_TEXT). Also on content kept uncleaned (entry.ts): whatever else a page's class names
 * mislead, these are never its text.
 */
export function removeControls(root: Element): void {
  removeLabelled(root, JUMP_CONTROLS, 80, JUMP_TEXT);
  removeLabelled(root, CAPTION_CONTROLS, 40, CAPTION_CONTROL, CAPTION_CONTROL_START);
  removeLabelled(root, EDIT_CONTROLS, 30, EDIT_TEXT);
}

/**
 * Headings over a block of links that is page furniture, not a section of the text: "Related
 * posts", "More from …", "Learn more in our series", "Tags", "Follow us", "Quick links".
 */
const FURNITURE_HEADING =
  /^(related|more\b|read\b|see more|recent|latest|popular|trending|recommended|you (may|might)|also\b|tags?\b|topics\b|categories|archives?\b|follow|share|connect|subscribe|sign up|newsletter|about\b|contact|quick links|useful links|links\b|navigation|menu|explore|discover|learn more|in this (section|issue)|top stories|editor|most )/i;

/** A short heading that names a topic of the text ("Social Auth", "Pricing"), not furniture. */
function isTopicHeading(h: Element): boolean {
  const text = norm(h.textContent);
  return text.length > 0 && text.length <= 80 && !FURNITURE_HEADING.test(text);
}

/** The heading right before el, or before the outermost block el opens, inside root. */
export function headingOver(el: Element, root: Element): Element | null {
  for (let e: Element | null = el; e && e !== root; e = e.parentElement) {
    const prev = e.previousElementSibling;
    if (prev) return /^H[2-6]$/.test(prev.nodeName) ? prev : null;
  }
  return null;
}

/**
 * Removes boilerplate from a detached container; never removes most of its text.
 * keepLinkSections: the text's own sections of links (under a topic's heading, or "See also")
 * stay. Only for the content as answered: where a container is still being judged
 * (wider-container.ts), its links count against it as they always did, so that a page whose
 * sections are mostly links does not turn the judgement over.
 */
export function clean<T extends Element>(root: T, keepLinkSections = false): T {
  removeShareButtons(root);
  removeButtonLinks(root);
  removeControls(root);
  const total = norm(root.textContent).length;
  // A list of links with the text's own paragraphs before and after it is part of the text (a
  // documentation page's list of topics, a guide's list of tools); menus and "more stories" stand
  // at the edges of the pick.
  let paras: Element[] | null = null;
  function proseAround(el: Element): { before: boolean; after: boolean } {
    if (!paras) paras = Array.prototype.filter.call(root.querySelectorAll("p"), isProse) as Element[];
    let before = false;
    let after = false;
    for (let k = 0; k < paras.length && !(before && after); k++) {
      // A paragraph inside the list, or one a later step of this pass removed, says nothing.
      if (!root.contains(paras[k]!)) continue;
      const pos = el.compareDocumentPosition(paras[k]!);
      if (pos & Node.DOCUMENT_POSITION_CONTAINED_BY) continue;
      if (pos & Node.DOCUMENT_POSITION_PRECEDING) before = true;
      else if (pos & Node.DOCUMENT_POSITION_FOLLOWING) after = true;
    }
    return { before, after };
  }
  // The text's own links: a list with prose before and after it, or (keepLinkSections) a section
  // of links under a heading that names a topic, after prose.
  const textsOwnLinks = (el: Element, tag: string) => {
    const list = /^(UL|OL|DL)$/.test(tag);
    const heading = keepLinkSections ? headingOver(el, root) : null;
    const topic = !!heading && isTopicHeading(heading);
    if (!list && !topic) return false;
    const around = proseAround(el);
    return around.before && (around.after || topic);
  };
  const seeAlso = keepLinkSections ? seeAlsoBlocks(root) : [];
  const els = Array.prototype.slice.call(root.querySelectorAll("*")) as Element[];
  for (let i = els.length - 1; i >= 0; i--) {
    const el = els[i]!;
    // Inside a removed block already (root is often a detached clone: isConnected says nothing).
    if (!root.contains(el)) continue;
    const tag = el.nodeName;
    if (/^(PRE|CODE|TABLE|THEAD|TBODY|TR|TD|TH|FIGCAPTION|H[1-6])$/.test(tag)) continue;
    const marker = markerOf(el);
    // Comments are removeComments' to judge: on a discussion page they are the content.
    if (/comment|respond/i.test(marker)) continue;
    // Which rules below could remove el, asked before its text is normalized (a block's text holds
    // its children's, so normalizing every element's is quadratic in the nesting): where none can,
    // el stays whatever its length.
    const raw = el.textContent || "";
    const furniture =
      /^(NAV|ASIDE|FOOTER|FORM)$/.test(tag) ||
      BOILERPLATE.test(marker) ||
      (CALL_TO_ACTION.test(marker) && !el.querySelector("h1")) ||
      isPrevNext(el, marker);
    const linkList = /^(UL|OL|DIV|SECTION|P|DL)$/.test(tag) && el.getElementsByTagName("a").length >= 2;
    const readNext = /^(P|LI|DIV|ASIDE|STRONG|H[2-6])$/.test(tag) && READ_NEXT_START.test(raw);
    const label = raw.length < 60 && CARD_LABEL_START.test(raw);
    const labelled = BOILERPLATE_TEXT_START.test(raw) || (raw.length < 400 && AD_SLOT_TEXT_START.test(raw));
    if (!furniture && !linkList && !readNext && !label && !labelled) continue;
    const text = norm(raw);
    const len = text.length;
    if (len > total * 0.5 || (seeAlso.length && isSeeAlso(el, seeAlso))) continue;
    const card = label && CARD_LABEL.test(text) ? labelledCard(el, text, root) : null;
    if (card) {
      card.remove();
      continue;
    }
    if (furniture || (len < 40 && BOILERPLATE_TEXT.test(text) && !isWordOfSentence(el, text, root))) {
      el.remove();
      continue;
    }
    // Mostly links to other pages of this site: more stories, tags, menus. A table of contents
    // (links within the page) and a list of shops or sources (other sites) are content.
    if (linkList && len > 0 && len < 2000 && linkDensity(el, len, true) > 0.6 && !textsOwnLinks(el, tag)) {
      el.remove();
      continue;
    }
    // A news page's links to other stories inside the text: "Related: <headline>", "READ MORE: …".
    if (readNext && len < 300 && READ_NEXT.test(text) && linkDensity(el, len) > 0.5) el.remove();
  }
  return root;
}
