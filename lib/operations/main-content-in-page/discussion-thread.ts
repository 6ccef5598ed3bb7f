import { clean } from "./clean";
import { ARTICLE_BODY } from "./comments";
import { linkDensity, prose } from "./density";
import { isDeclaredArticle } from "./page-kind";
import type { ReadabilityPick } from "./readability-pick";
import { norm } from "./text";

/**
 * Discussion pages: a forum thread, a question with its answers, a link aggregator's story.
 * Readability scores each post as its own block and returns the best one (usually the first post),
 * while the thread's posts are the page's content. Forum software renders posts as a run of like
 * siblings (XenForo's `article.message`, Discourse's `.topic-post`, Vanilla's `.Item`, lobste.rs'
 * `.comments_subtree`): where Readability's pick sits in one of at least three such siblings, the
 * run of them is the content, each cleaned like any pick.
 *
 * Only on a page that is a discussion: its structured data says so (`isDiscussion`), or the run's
 * markup names posts, comments or replies and no marked article body stands outside it (an
 * article's comment thread is not its content, and removeComments has taken it by now).
 */
const THREAD_ITEM = "article, div, li, section, tr";
const POST_MARKUP =
  /(^|[\s_-])(posts?|postbox|postBoxWrapper|message|messages|comments?|comments_subtree|replies|reply|answers?|topic-post|postbit|postcontainer)([\s_-]|$)/i;

/**
 * The signature siblings share: tag and first class name (state classes such as "is-first" or
 * "message--staff" come after it), else an id numbered per post ("post-1234", "postBoxWrapper77").
 */
function threadSignature(el: Element): string {
  const cls = (el.getAttribute("class") || "").trim().split(/\s+/)[0] || "";
  if (cls) return el.nodeName + "." + cls;
  return /\d/.test(el.id) ? el.nodeName + "#" + el.id.replace(/\d+/g, "0") : "";
}

/**
 * Characters of text in a post that are not links: forum posts are often text and <br>s, not <p>s.
 * text: norm(el.textContent).
 */
function postText(el: Element, text: string): number {
  const len = text.length;
  return len >= 80 ? len * (1 - linkDensity(el, len)) : 0;
}

/** parent's children of signature sig, in order. */
function likeSiblings(parent: ParentNode, sig: string): Element[] {
  const run: Element[] = [];
  for (let c = parent.firstElementChild; c; c = c.nextElementSibling)
    if (threadSignature(c) === sig) run.push(c);
  return run;
}

/** The middle of a post's text, past its author's name and date: what a pick holds when it holds the post. */
function middleOf(text: string): string {
  const mid = Math.floor(text.length / 2);
  return text.slice(mid - 30, mid + 30);
}

/**
 * A run's post text: how many items hold some, and how much in all; and, when `pick` is given,
 * whether the run holds the pick: an item's text holds its first words, or, on a page that says it
 * is a discussion (`pick.discussion`), the pick holds one of the first posts (a pick that opens
 * with the page's notices: "This discussion is now closed").
 */
function runText(
  run: Element[],
  pick?: { opening: string; text: string; discussion: boolean },
): { withText: number; total: number; holds: boolean } {
  let withText = 0;
  let total = 0;
  let holds = false;
  for (let j = 0; j < run.length; j++) {
    const text = norm(run[j]!.textContent);
    if (pick && !holds) holds = text.indexOf(pick.opening) >= 0;
    const t = postText(run[j]!, text);
    if (pick && pick.discussion && !holds && t && withText < 5)
      holds = pick.text.indexOf(middleOf(text)) >= 0;
    if (t) {
      withText++;
      total += t;
    }
  }
  return { withText, total, holds };
}

/** Class and id of a run's item as its markup names it (a post's number left out of its id). */
function postMarker(el: Element): string {
  return (el.getAttribute("class") || "") + " " + el.id.replace(/\d+/g, "");
}

/** The run of like siblings, at least three of them with text, that holds the pick (runText); with its total text. */
function postRun(
  root: Element,
  pickText: string,
  discussion: boolean,
): { items: Element[]; text: number } | null {
  const pick = { opening: pickText.slice(0, 60), text: pickText, discussion };
  const items = root.querySelectorAll(THREAD_ITEM);
  const seen = new Map<Node, Record<string, boolean>>();
  for (let i = 0; i < items.length; i++) {
    const parent = items[i]!.parentNode;
    const sig = threadSignature(items[i]!);
    if (!sig || !parent) continue;
    const sigs = seen.get(parent) || {};
    if (sigs[sig]) continue;
    sigs[sig] = true;
    seen.set(parent, sigs);
    const run = likeSiblings(parent, sig);
    if (run.length < 3) continue;
    const { withText, total, holds } = runText(run, pick);
    if (withText >= 3 && holds) return { items: run, text: total };
  }
  return null;
}

/** The element with post markup, the smallest, whose text holds the pick's opening words: the pick's post. */
function postHolding(root: Element, pickStart: string): Element | null {
  const items = root.querySelectorAll(THREAD_ITEM);
  let best: Element | null = null;
  let bestLen = Infinity;
  for (let i = 0; i < items.length; i++) {
    const el = items[i]!;
    if (!POST_MARKUP.test(postMarker(el))) continue;
    const text = norm(el.textContent);
    if (text.length < bestLen && text.indexOf(pickStart) >= 0) {
      best = el;
      bestLen = text.length;
    }
  }
  return best;
}

/**
 * The replies of an opening post that stands apart from them (XenForo's California theme, Vanilla:
 * the first post in its own card, the replies a run of like siblings after it, in another list):
 * the first run after the post whose markup names posts, three of them with text. With the opening
 * post widened to its largest post-marked ancestor that holds no reply (its author and date).
 */
function repliesAfter(
  root: Element,
  pickStart: string,
): { post: Element; items: Element[]; text: number } | null {
  let post = postHolding(root, pickStart);
  if (!post) return null;
  const items = root.querySelectorAll(THREAD_ITEM);
  const tried = new Set<Node>();
  for (let i = 0; i < items.length; i++) {
    const first = items[i]!;
    const parent = first.parentNode;
    if (
      !parent ||
      tried.has(parent) ||
      !(post.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING)
    )
      continue;
    if (post.contains(first) || first.contains(post)) continue;
    tried.add(parent);
    const sig = threadSignature(first);
    if (!sig || !POST_MARKUP.test(postMarker(first))) continue;
    const run = likeSiblings(parent, sig);
    const { withText, total } = runText(run);
    if (withText < 3) continue;
    for (let up = post.parentElement; up && up !== root && !up.contains(run[0]!); up = up.parentElement)
      if (POST_MARKUP.test(postMarker(up))) post = up;
    return { post, items: run, text: total };
  }
  return null;
}

/** The post text an opening post must hold to be missed. */
const OPENING_POST_MIN = 200;

/**
 * Whether the run's first item is a post (OPENING_POST_MIN characters of text not in links) that
 * pickText lacks: the middle of its text, past its author's name and date, is not in the pick.
 */
function lostOpeningPost(run: Element[], pickText: string): boolean {
  const text = norm(run[0]!.textContent);
  return postText(run[0]!, text) >= OPENING_POST_MIN && pickText.indexOf(middleOf(text)) < 0;
}

/** A marked article body outside the run: the page is an article and the run its comments. */
function articleBodyOutside(root: Element, run: Element[]): boolean {
  const bodies = root.querySelectorAll(ARTICLE_BODY);
  for (let i = 0; i < bodies.length; i++) {
    let inside = false;
    for (let j = 0; j < run.length && !inside; j++)
      inside = run[j]!.contains(bodies[i]!) || bodies[i]!.contains(run[j]!);
    if (!inside && prose(bodies[i]!) >= 100) return true;
  }
  return false;
}

export function discussionThread(
  source: Document,
  article: ReadabilityPick,
  discussion: boolean,
): Element | null {
  const pickText = norm(article.textContent);
  if (!source.body || pickText.length < 60) return null;
  const found = postRun(source.body, pickText, discussion);
  if (!found) return openingPostAndReplies(source, pickText, discussion);
  const run = found.items;
  if (!discussion && (!POST_MARKUP.test(postMarker(run[0]!)) || articleBodyOutside(source.body, run)))
    return null;
  // The run must add posts to the pick, not only the pick's own furniture: more text than the pick,
  // or the opening post the pick lost (Readability drops a post of <br>s and a list as a menu).
  if (found.text < pickText.length * 1.3 + 200 && (isDeclaredArticle() || !lostOpeningPost(run, pickText)))
    return null;
  const out = source.createElement("div");
  for (let k = 0; k < run.length; k++) out.appendChild(clean(run[k]!.cloneNode(true) as Element));
  return out;
}

/**
 * A thread whose opening post stands apart from the run of replies: the post, then the replies.
 * On a page that does not declare itself a discussion, only where both are marked as posts and
 * the page is no declared article (whose "posts" after it are the site's cards).
 */
function openingPostAndReplies(source: Document, pickText: string, discussion: boolean): Element | null {
  if (!source.body) return null;
  if (!discussion && isDeclaredArticle()) return null;
  const found = repliesAfter(source.body, pickText.slice(0, 60));
  if (!found || found.text < 200) return null;
  if (!discussion && articleBodyOutside(source.body, [found.post, ...found.items])) return null;
  const out = source.createElement("div");
  out.appendChild(clean(found.post.cloneNode(true) as Element));
  for (let k = 0; k < found.items.length; k++)
    out.appendChild(clean(found.items[k]!.cloneNode(true) as Element));
  return out;
}
