import { HEADINGS, norm } from "./text";

/**
 * The main-content extractor's last pass: the lines a page puts around its article that are not
 * the article. Readability and the cleaning pass judge blocks by their markup; these are judged by
 * what they say and where they stand, the way jusText's and trafilatura's boilerplate lists do:
 *
 * - anywhere: an affiliate or sponsorship disclosure, a line that is only a photo credit, a
 *   buying guide's shop button, a widget's status ("Loading…", "No posts yet", "3 Likes");
 * - among the first blocks: a byline, a "published / updated" date line, a reading time, a
 *   "sign in" call, and a biography of a writer the page's author links name;
 * - among the last blocks: an author's biography, a call to sign up, subscribe or download,
 *   "Posted by … at …", tag and category lists, a comment box's terms ("By posting a comment, you
 *   consent…", "You need to be a member in order to leave a comment"), a paywall's lines;
 * - at the very end: a reply box or a paywall under its own heading ("Join the conversation",
 *   "Leave a reply", "This article is exclusive to subscribers") with nothing after it but the
 *   box's lines.
 *
 * Only short blocks go (a paragraph of the article that happens to start "By the time…" is long
 * or sits in the middle), and never more than a fifth of the text.
 */
const EDGE_BLOCKS = "p, div, section, li, address, dd, dt, header, footer, aside";
const EDGE_INNER =
  "p, div, section, li, ul, ol, table, pre, h1, h2, h3, h4, h5, h6, blockquote, figure, article, header, footer, aside, address";
// What a disclosure says: links that pay, a commission, sponsored content.
const EDGE_DISCLOSURE =
  /(affiliate (links?|commissions?|partnerships?)|(earn|receive|get|make)s? (us |me )?(a |an )?(small |tiny )?(affiliate )?(commission|compensation|portion of sales)|earn from qualifying purchases|associates program|affiliate advertising program|contains? (sponsored|paid) content|(sponsored|paid) partnership|paid promotion (with|by|for)\b|may be compensated)/i;
/**
 * Who says it: the site or its writer, of itself ("we may earn", "I earn", "this article
 * contains", "WIRED may earn": a name, then "may"). A text about affiliate marketing ("travel
 * agents may get a commission when you buy", "affiliate links, i.e. links that earn a commission")
 * speaks of others, and stays.
 */
const EDGE_DISCLOSER =
  /\b(we|us|our|my|participant in|this (site|website|page|post|article|blog|video|story|guide|review|content|newsletter))\b/i;
/** "I" as the writer (not the "i" of "i.e."), and a name that may earn: "WIRED may earn". */
const EDGE_DISCLOSER_CASED =
  /(^|[^\p{L}.])I($|[\s'’])|\p{Lu}[\p{L}’'.&-]*\s+may\s+(earn|receive|get|make|be compensated)\b/u;
const EDGE_CREDIT =
  /^((photo|image|picture|photograph|illustration|video|header image|featured image|top image)s?( credit)?|credits?)\s*(:|：|\|)/i;
// A shop button under a product in a buying guide: "Buy now at Lowe's", "$1,599.00 from Best Buy".
const EDGE_SHOP =
  /^(([Bb]uy|[Ss]hop|BUY|SHOP)( [Ii]t| [Nn]ow| NOW)*( for [$€£][\d,.]+)? ([Aa]t|[Oo]n|[Ff]rom|AT|ON|FROM) [\p{Lu}\d]|([Cc]heck|[Ss]ee|[Vv]iew) (the )?(price|deal|it) (at|on) \p{Lu}|[$€£][\d,.]+\s+(at|from)\s+\p{Lu})/u;
/** A widget's status, the whole line: a placeholder while it loads, an empty list, a count of likes. */
const EDGE_STATUS =
  /^(loading\s*(\.\.\.|…)?|please wait\s*(\.\.\.|…)?|no (posts|comments|replies|reviews|results|ratings)( yet| found)?\.?|\d[\d,.]*k? (likes?|reactions?))$/i;
/**
 * The patterns above and below that read Unicode classes (\p{Lu}, \p{L}) are costly to compile, and
 * each new renderer compiles them again: a line they cannot match is told apart first by what such
 * a line must hold (its first words, the verb of a biography).
 */
const EDGE_SHOP_START = /^([Bb]uy|[Ss]hop|BUY|SHOP|[Cc]heck|[Ss]ee|[Vv]iew|[$€£])/;
const EDGE_BIO_VERB = /\s(is|was|has been|writes)\s/;
const EDGE_BYLINE =
  /^(originally )?(written|reviewed|edited|fact[- ]checked|medically reviewed|reported|photographs?|photos|words) by\s+\S/i;
const EDGE_BY = /^By\s+\p{Lu}/u;
// A date line names its date: "Updated August 14, 2025", "Published: 03/04/2025",
// "Published 6 hours ago".
const EDGE_DATED =
  /^(originally )?(posted|published|updated|last updated|last modified|modified)( on| at)?\s*[:：]?\s*(?=.*\d)\S/i;
const EDGE_READING_TIME =
  /^(\d+\s*(min(ute)?s?|m)\.?\s*(read|reading time)|reading time\s*[:：]?\s*\d+\s*min(ute)?s?)$/i;
const EDGE_BIO =
  /^(about the (author|writer|contributor)\b|[A-Z][\p{L}.'’-]+(\s+[A-Z][\p{L}.'’-]+){1,3},?\s+(is|was|has been|writes)\s)/u;
const EDGE_BIO_ROLE =
  /\b(writer|editor|reporter|journalist|correspondent|contributor|columnist|author|freelancer?|staff|producer|critic|blogger|founder|co-founder|host|owner|director|ceo|president|manager|specialist|consultant|dietitian|nutritionist|coach|researcher|professor|analyst|strategist|entrepreneur)\b/i;
/** A label over the biography under the text: "Written by", "About the author". */
const EDGE_BIO_LABEL = /^(written by|about the (author|writer)|meet the (author|writer)|author)\s*[:：]?$/i;
// A biography above the article names its writer by a first name the page's author links spell.
const EDGE_BIO_START = /^([A-Z][\p{L}.'’-]+)(\s+[A-Z][\p{L}.'’-]+){0,3},?\s+(is|was|has been|writes)\s/u;
const EDGE_SIGN_IN = /^(sign in|log in|login|sign up)\b/i;
const EDGE_CALL =
  /^(sign up|subscribe|join (our|the|us)|download (the|our)|get started|fill out the form|follow (us|me)|like us|share (this|on)|click here|don'?t miss|never miss|get (our|the) (newsletter|latest)|want more)\b/i;
/** What a comment box says of itself: its terms, who may write in it, an invitation to. */
const EDGE_REPLY_BOX =
  /^(by (posting|submitting|leaving) (a|your|this) (comment|reply)|by commenting\b|you (need|must|have) (to )?(be (a member|registered|logged in|signed in)|log in|sign in|register) (in order )?to (leave|post|add|write) (a )?(comment|reply)|you can post now and register later|want to add to the discussion\?|comments are (closed|moderated)\b)/i;
/**
 * What a paywall says where the free part of a story ends: "This article is exclusive to STAT+
 * subscribers", "To read the rest of this story subscribe", "Already have an account? Log in".
 */
const EDGE_PAYWALL =
  /^(already (have an account|a (subscriber|member))\b.{0,20}\b(log ?in|sign ?in)\b|this (article|story|content) is (exclusive|only available|available only|reserved) (to|for)\b|unlock (this|the full) (article|story)\b|to (read|continue reading) (the rest of |the full )?(this|the) (story|article)\b|subscribe (now )?to (continue|keep) reading\b|continue reading with (a|your) (subscription|free account)\b|you('ve| have) reached your (free )?(article )?limit\b)/i;
/** A reply box's or a paywall's heading: the box follows it, and nothing of the text does. */
const REPLY_BOX_HEADING =
  /^(join the (conversation|discussion)|create an account or sign in to (comment|reply)|leave a (reply|comment)|post a (reply|comment)|add a comment|write a (reply|comment)|reply to this (topic|thread|post))\b/i;
/** The most a box's heading may have after it: a sign-in call and a button or two. */
const REPLY_BOX_MAX_CHARS = 600;
const EDGE_TRAILER =
  /^((posted|filed|published) (by|in|under)\b|(tags?|topics?|categories|filed under|tagged( with)?)\s*[:：])/i;

/** Blocks holding text and no other block: the lines of the content, in order. */
export function edgeLines(root: Element): Element[] {
  return Array.prototype.filter.call(
    root.querySelectorAll(EDGE_BLOCKS),
    (el: Element) =>
      !el.querySelector(EDGE_INNER) &&
      !el.closest("pre, code, table, blockquote, figcaption") &&
      norm(el.textContent),
  ) as Element[];
}

/** Is a line (its text, its place from the start and from the end) boilerplate around the article? */
export function isEdgeBoilerplate(text: string, fromStart: number, fromEnd: number): boolean {
  const len = text.length;
  if (
    len < 400 &&
    EDGE_DISCLOSURE.test(text) &&
    (EDGE_DISCLOSER.test(text) || EDGE_DISCLOSER_CASED.test(text))
  )
    return true;
  if (len < 120 && EDGE_CREDIT.test(text)) return true;
  if (len < 30 && EDGE_STATUS.test(text)) return true;
  if (len < 60 && EDGE_SHOP_START.test(text) && EDGE_SHOP.test(text)) return true;
  if (
    fromStart < 4 &&
    len < 120 &&
    (EDGE_BYLINE.test(text) ||
      (text.slice(0, 2) === "By" && EDGE_BY.test(text)) ||
      EDGE_DATED.test(text) ||
      EDGE_READING_TIME.test(text))
  )
    return true;
  if (fromStart < 4 && len < 80 && EDGE_SIGN_IN.test(text)) return true;
  if (
    fromStart < 4 &&
    len < 600 &&
    EDGE_BIO_ROLE.test(text) &&
    EDGE_BIO_VERB.test(text) &&
    isPageAuthorBio(text)
  )
    return true;
  if (fromEnd < 4) {
    if (len < 30 && EDGE_BIO_LABEL.test(text)) return true;
    if (
      // A biography that opens with the writer's full name may run long: it says who it is about.
      (len < 600 || (len < 1000 && EDGE_BIO.test(text))) &&
      EDGE_BIO_ROLE.test(text) &&
      (text.slice(0, 10) === "about the " || EDGE_BIO_VERB.test(text)) &&
      (EDGE_BIO.test(text) || isPageAuthorBio(text))
    )
      return true;
    if (len < 200 && EDGE_CALL.test(text)) return true;
    if (len < 300 && (EDGE_TRAILER.test(text) || EDGE_REPLY_BOX.test(text) || EDGE_PAYWALL.test(text)))
      return true;
  }
  return false;
}

/**
 * A biography that opens with a name the page's author links spell: "Irene is an experienced
 * writer…" under a post whose byline links /author/irene/ (EDGE_BIO wants a first and last name).
 */
function isPageAuthorBio(text: string): boolean {
  const bio = EDGE_BIO_START.exec(text);
  return !!bio && pageAuthorWords().indexOf(bio[1]!.toLowerCase()) >= 0;
}

/**
 * The words of the page's author links and declarations ("/author/anurag-singh/", rel=author,
 * meta author), lower-case.
 */
let authorWords: string[] | null = null;
function pageAuthorWords(): string[] {
  if (authorWords) return authorWords;
  const text: string[] = [];
  document
    .querySelectorAll(
      'a[rel~=author], a[href*="/author/"], a[href*="/authors/"], [itemprop=author], meta[name=author i]',
    )
    .forEach((el) => {
      text.push(
        el.getAttribute("content") || "",
        el.textContent || "",
        (el.getAttribute("href") || "").replace(/^.*\/authors?\//, ""),
      );
    });
  authorWords = letterWords(text.join(" ").toLowerCase());
  return authorWords;
}

/** The first name a biography under the text opens with ("Karina Cohen is the owner of…"), or "". */
function bioFirstName(text: string, fromEnd: number): string {
  const bio = fromEnd < 4 && EDGE_BIO_ROLE.test(text) ? EDGE_BIO_START.exec(text) : null;
  return bio ? bio[1]! : "";
}

/** Does the text hold the name as a word of its own ("Ann" in "Ann's garden", not in "Annual")? */
function namesWord(text: string, name: string): boolean {
  return letterWords(text).indexOf(name) >= 0;
}

/** A text's words, letters only, as written ("Ann's garden" → Ann, s, garden). */
function letterWords(text: string): string[] {
  return text.split(/[^\p{L}]+/u).filter(Boolean);
}

/** The block just before a line (or its label), where it is a picture and nothing else: a biography's portrait. */
function portraitBefore(line: Element, root: Element): Element | null {
  let el: Element | null = line;
  while (el && el !== root && !el.previousElementSibling) el = el.parentElement;
  let before = el && el !== root ? el.previousElementSibling : null;
  // Over its label ("Written by"), if the biography has one.
  while (before && EDGE_BIO_LABEL.test(norm(before.textContent))) before = before.previousElementSibling;
  return before &&
    !norm(before.textContent) &&
    (before.matches("img") || before.querySelectorAll("img").length === 1)
    ? before
    : null;
}

/**
 * The reply box or the paywall at the end of a post or a story, from its heading on: forum
 * software (Invision's "Join the conversation", "Create an account or sign in to comment"), blogs
 * ("Leave a reply") and news sites ("This article is exclusive to subscribers") put it last. Only
 * headings among the last three, with at most a box's worth of text after the first of them and
 * some text before it.
 */
export function removeReplyBox(root: Element): Element {
  const headings = root.querySelectorAll(HEADINGS);
  let box: Range | null = null;
  let boxHeading: Element | null = null;
  for (let i = headings.length - 1; i >= 0 && i >= headings.length - 3; i--) {
    const heading = headings[i]!;
    const text = norm(heading.textContent);
    if (!REPLY_BOX_HEADING.test(text) && !EDGE_PAYWALL.test(text)) continue;
    const after = root.ownerDocument.createRange();
    after.setStartAfter(heading);
    after.setEnd(root, root.childNodes.length);
    if (norm(after.toString()).length > REPLY_BOX_MAX_CHARS) break;
    box = after;
    boxHeading = heading;
  }
  // A box with no text before it is all there is (a page that is only a form): it stays.
  if (box && boxHeading && hasTextBefore(boxHeading, root)) {
    box.deleteContents();
    boxHeading.remove();
  }
  return root;
}

function hasTextBefore(el: Element, root: Element): boolean {
  const before = root.ownerDocument.createRange();
  before.setStart(root, 0);
  before.setEndBefore(el);
  return norm(before.toString()) !== "";
}

/**
 * Removes the edge lines that are not the article, unless they are more than a fifth of its text.
 * A biography under the text takes with it its portrait and the lines after it that name the same
 * person ("Karina holds an MBA…", "When she's not leading CR Maids, Karina…").
 */
export function trimEdges(root: Element): Element {
  removeReplyBox(root);
  const lines = edgeLines(root);
  const total = norm(root.textContent).length;
  let removed = 0;
  const drop: Element[] = [];
  let bioName = "";
  for (let i = 0; i < lines.length; i++) {
    const text = norm(lines[i]!.textContent);
    const fromEnd = lines.length - 1 - i;
    const sameBio = bioName !== "" && text.length < 1000 && namesWord(text, bioName);
    if (sameBio || isEdgeBoilerplate(text, i, fromEnd)) {
      drop.push(lines[i]!);
      removed += text.length;
      const name = sameBio ? "" : bioFirstName(text, fromEnd);
      const portrait = name ? portraitBefore(lines[i]!, root) : null;
      if (portrait) drop.push(portrait);
      if (name) bioName = name;
    }
  }
  if (removed > total * 0.2) return root;
  for (let j = 0; j < drop.length; j++) drop[j]!.remove();
  return root;
}
