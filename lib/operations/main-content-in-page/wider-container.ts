import { clean } from "./clean";
import { removeComments } from "./comments";
import { linkDensity, prose } from "./density";
import { isDeclaredArticle } from "./page-kind";
import { withoutCardGroups } from "./story-cards";
import type { ReadabilityPick } from "./readability-pick";
import { norm, probesOf } from "./text";

/** Containers pages mark as their content: trafilatura's list (BODY_XPATH) and the landmarks. */
const CONTENT_SELECTOR = [
  "[itemprop=articleBody]",
  "[class~=post]",
  "[class~=entry]",
  "[class*=post-text]",
  "[class*=post_text]",
  "[class*=post-body]",
  "[class*=post-entry]",
  "[class*=postentry]",
  "[class*=post-content]",
  "[class*=post_content]",
  "[class*=postcontent]",
  "[class*=postContent]",
  "[class*=article-text]",
  "[class*=articletext]",
  "[class*=articleText]",
  "[id*=entry-content]",
  "[class*=entry-content]",
  "[id*=article-content]",
  "[class*=article-content]",
  "[id*=article__content]",
  "[class*=article__content]",
  "[id*=article-body]",
  "[class*=article-body]",
  "[id*=article__body]",
  "[class*=article__body]",
  "[id*=articlebody i]",
  "[class*=articlebody i]",
  "[class*=page-content]",
  "[class*=text-content]",
  "[id*=body-text]",
  "[class*=body-text]",
  "[class*=story-body]",
  "[class*=story-content]",
  "[class*=storycontent]",
  "[class*=blog-content]",
  "[class*=single-content]",
  "[class*=content-body]",
  "[class*=content__body]",
  "[id*=main-content i]",
  "[class*=main-content i]",
  "#content",
  "[class~=content]",
  "article",
  "main",
  "[role=main]",
  "[role=article]",
].join(",");
const LANDMARKS = "article, main, [role=main], [itemprop=articleBody]";

/**
 * Does el's text hold the pick's? Two of three probes (its start, middle and end) are enough:
 * Readability rewrites a little of what it keeps.
 */
export function holds(text: string, pick: string): boolean {
  const probes = probesOf(pick, 60);
  let found = 0;
  for (let i = 0; i < probes.length; i++) if (text.indexOf(probes[i]!) >= 0) found++;
  return found >= 2;
}

/**
 * On an article's page, a container holding the pick whose text beyond it is the site's cards
 * for other stories adds no article (on a section front the cards are the content; a forum's
 * replies are more text). bare: container without its card groups, where the caller has it already.
 */
function addsOnlyCards(container: Element, pickText: string, bare?: Element): boolean {
  return (
    isDeclaredArticle() &&
    holds(norm(container.textContent), pickText) &&
    norm((bare || withoutCardGroups(container)).textContent).length < pickText.length * 1.5
  );
}

/**
 * The elements under body that CONTENT_SELECTOR matches and whose prose (index, read before the
 * removals) passes enough, in document order: what body.querySelectorAll(CONTENT_SELECTOR) filtered
 * by prose gives, without matching the long selector against every element of the page.
 */
function proseContainers(
  body: Element,
  index: Map<Node, number>,
  enough: (prose: number) => boolean,
): Element[] {
  const found: Element[] = [];
  index.forEach((p, node) => {
    if (
      node !== body &&
      node.nodeType === 1 &&
      enough(p) &&
      body.contains(node) &&
      (node as Element).matches(CONTENT_SELECTOR)
    )
      found.push(node as Element);
  });
  return found.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
}

/**
 * Readability keeps one block and only the siblings that score like it, so an article the page
 * splits into sections (one CMS module each, headings between them) comes back as one section.
 * Where a container the page marks as its content holds the pick and, cleaned, a good deal more
 * prose, that container is the content; the smallest such wins, so a <main> with a sidebar loses
 * to the article inside it. With no pick at all, the largest landmark stands in.
 */
export function widerContainer(
  source: Document,
  article: ReadabilityPick | null,
  picked: number,
  index: Map<Node, number>,
): Element | null {
  if (!source.body) return null;
  const pickText = picked ? norm(article!.textContent) : "";
  let found: Element | null = null;
  let foundLength = 0;
  const pickProse = picked ? prose(article!.body) : 0;
  // A header, a byline, sharing and an author box are more text too, but not more article:
  // only a container with at least twice the pick's prose, and 800 characters more, wins.
  const addsProse = (p: number) => p >= pickProse * 2 && p - pickProse >= 800;
  // A pick with next to no prose is no anchor to widen from: only the landmark rule below applies.
  // Cleaning only removes prose: a container short of it before cleaning is out already, so the
  // candidates are the containers whose prose passes addsProse.
  const els: ArrayLike<Element> = !picked
    ? source.body.querySelectorAll(LANDMARKS)
    : pickProse < 200
      ? []
      : proseContainers(source.body, index, addsProse);
  for (let i = 0; i < els.length; i++) {
    const n = norm(els[i]!.textContent).length;
    if (picked ? n < Math.max(500, picked * 1.25) : n <= 80) continue;
    const c = clean(removeComments(els[i]!.cloneNode(true) as Element));
    const text = norm(c.textContent);
    const len = text.length;
    if (picked && (len < picked * 1.25 || !holds(text, pickText) || linkDensity(c, len) > 0.3)) continue;
    // On an article's page, the prose it adds must be outside the site's cards.
    const bare = picked && isDeclaredArticle() ? withoutCardGroups(c) : c;
    if (picked && (!addsProse(prose(bare)) || addsOnlyCards(c, pickText, bare))) continue;
    if (!found || (picked ? len < foundLength : len > foundLength)) {
      found = c;
      foundLength = len;
    }
  }
  if (!found && picked) {
    // A pick that is a small part of the page's marked article (a teaser, a caption, a box)
    // was a wrong pick: the landmark, cleaned, is the content.
    const landmarks = source.body.querySelectorAll(LANDMARKS);
    let biggest: Element | null = null;
    let most = 0;
    for (let j = 0; j < landmarks.length; j++) {
      const m = norm(landmarks[j]!.textContent).length;
      if (m > most) {
        most = m;
        biggest = landmarks[j]!;
      }
    }
    if (biggest && most > 1500 && picked < most * 0.25)
      found = clean(removeComments(biggest.cloneNode(true) as Element));
    // A pick with prose of its own is no wrong pick inside a landmark that adds only cards (a
    // pick outside it, a consent notice, still is).
    if (found && pickProse >= 200 && addsOnlyCards(found, pickText)) found = null;
  }
  return found;
}
