import { clean, removeControls, removeFurniture } from "./clean";
import { removeComments, removeCommentsOnPosts } from "./comments";
import { removePostMeta } from "./post-meta";
import { removeQaControls } from "./qa-controls";
import { trimEdges } from "./content-edges";
import { removeOrphanContentsLabels } from "./contents-label";
import { proseIndex } from "./density";
import { discussionThread } from "./discussion-thread";
import { jsonLdBody, jsonLdDescription, jsonLdNodes } from "./json-ld";
import { leadBefore } from "./lead";
import { isDeclaredArticle, isDiscussion, isNonArticlePage } from "./page-kind";
import { regionInsteadOf } from "./page-region";
import {
  dropApiPathIds,
  dropHeadingAnchorIds,
  dropMisleadingClasses,
  inlineBlocksInHeadings,
  dropUnlikelyWordsOnProse,
} from "./readability-misreadings";
import { readabilityPick } from "./readability-pick";
import { readableDocument } from "./readable-document";
import { withLikeBlocks } from "./like-blocks";
import { removePictureCredits } from "./picture-credits";
import { paragraphPictureSteps } from "./picture-steps";
import { markSeeAlsoForReadability } from "./see-also";
import { sectionsHead } from "./sections-head";
import { removeSourceAddressLists } from "./source-urls";
import { isMostlyCards, removeStoryCards } from "./story-cards";
import { removeTrailingStoryLinks } from "./story-links";
import { norm, textToHtml } from "./text";
import { widerContainer } from "./wider-container";

/** Readability's answer, the fields we read. */
interface ReadabilityArticle {
  title?: string | null;
  content?: string | null;
  textContent?: string | null;
  lang?: string | null;
}

/** The libraries in-page.ts defines in the page (`__ptd`): Readability is all the extractor uses. */
export interface ExtractorLibraries {
  Readability: new (
    doc: Document,
    options: { charThreshold: number; keepClasses: boolean },
  ) => { parse(): ReadabilityArticle | null };
}

/** The main content as an HTML string of an inert document, its title and language, and which way it was found. */
export interface MainContent {
  html: string;
  title: string;
  lang: string;
  via: string;
}

function metaDescription(): string {
  const el = document.querySelector(
    'meta[property="og:description" i], meta[name="description" i], meta[name="twitter:description" i]',
  );
  return norm(el && el.getAttribute("content"));
}

/**
 * Our main-content extractor, run inside the page: the main content, for `markdown` (Turndown)
 * and for `summarize`/`keywords` (main-text.ts). What the field knows, combined:
 *
 * 1. Elements the browser does not render (computed style, not only inline style) are dropped
 *    from the clones first: hidden menus, modals and templated widgets are boilerplate.
 * 2. Comment threads are removed first, whatever their share of the text. Readability's scoring
 *    then picks a block; where a container the page marks as its content (trafilatura's list, the
 *    landmarks) holds that pick and a good deal more clean prose, the container wins (articles
 *    split into sections); JSON-LD `articleBody` when both fail.
 * 3. The pick is cleaned the way trafilatura and jusText do: blocks whose class/id say comments,
 *    related links, sharing, newsletters or ads, and link-dense blocks (menus, tag clouds, "more
 *    stories") go; tables, code, lists and figure captions stay.
 * 4. A page with visible text never gives nothing: the last fallback is the body's rendered text,
 *    and for an app shell that rendered no text at all, the page's own description.
 */
export function mainContent(libraries: ExtractorLibraries): MainContent {
  let article: ReadabilityArticle | null = null;
  const source = readableDocument();
  dropMisleadingClasses(source);
  const ld = jsonLdNodes();
  if (!isDiscussion(ld)) removeComments(source);
  else {
    removeCommentsOnPosts(source);
    if (source.body) removeQaControls(source.body);
  }
  const index = source.body ? proseIndex(source.body) : new Map<Node, number>();
  removeFurniture(source, index);
  removePictureCredits(source);
  // After the comments' and the furniture's rules, which read ids like "comments" as they are.
  dropHeadingAnchorIds(source);
  dropApiPathIds(source);
  dropUnlikelyWordsOnProse(source);
  inlineBlocksInHeadings(source);
  if (source.body) {
    markSeeAlsoForReadability(source.body);
    paragraphPictureSteps(source.body);
  }
  try {
    article = new libraries.Readability(source.cloneNode(true) as Document, {
      charThreshold: 500,
      keepClasses: true,
    }).parse();
  } catch {
    article = null;
  }
  const picked = article && article.textContent ? norm(article.textContent).length : 0;
  let html = picked > 80 ? article!.content || "" : "";
  // Which way the content was found, for the quality bench's breakdown.
  let via = html ? "readability" : "";
  const pick = article ? readabilityPick(article.textContent || "", article.content || "") : null;
  const wider = widerContainer(source, pick, picked, index);
  const thread = !wider && picked > 80 ? discussionThread(source, pick!, isDiscussion(ld)) : null;
  if (wider) {
    html = wider.innerHTML;
    via = "container";
  } else if (thread) {
    html = thread.innerHTML;
    via = "thread";
  } else if (isNonArticlePage(ld) && !isDiscussion(ld)) {
    const region = regionInsteadOf(source, html ? picked : 0);
    if (region) {
      html = region.innerHTML;
      via = "region";
    }
  }
  // The article's other sections, where the page writes it as like blocks with pictures between.
  if (via === "readability") html = withLikeBlocks(source, pick!.kept, html);
  // The opening paragraph a page set apart under its headline, outside the block Readability
  // kept. Not on a post or a story: there it is the standfirst, a summary above the text.
  if (via === "readability" && !isDeclaredArticle())
    html = leadBefore(source, norm(pick!.textContent)) + html;
  // A reference page's name, purpose and synopsis before the sections Readability kept.
  // (PostgreSQL's manual calls its pages articles, so this one asks no page kind.)
  if (via === "readability") html = sectionsHead(source, pick!.kept) + html;
  if (!html) {
    const body = jsonLdBody(ld);
    if (norm(body).length > 80) {
      html = textToHtml(body);
      via = "json-ld";
    }
  }
  let container = new DOMParser()
    .parseFromString("<body><div id=__ptd_root>" + (html || "") + "</div></body>", "text/html")
    .getElementById("__ptd_root")!;
  // Cleaning that would take most of the text misread the page's class names: keep it whole.
  const cleaned = clean(container.cloneNode(true) as HTMLElement, true);
  if (norm(cleaned.textContent).length >= norm(container.textContent).length * 0.4) container = cleaned;
  else removeControls(container);
  trimEdges(container);
  removeOrphanContentsLabels(container);
  removePostMeta(container);
  removeSourceAddressLists(container);
  // Under an article, the site's cards for other stories; on a page read whole they may be it,
  // and on a marked container that is mostly cards (a section front) they are.
  if (via === "readability" || (via === "container" && !isMostlyCards(container)))
    removeStoryCards(container);
  if (via === "readability" || via === "container") removeTrailingStoryLinks(container);
  if (!norm(container.textContent) && source.body) {
    // Last resort: what the reader sees, minus the page chrome.
    const b = source.body.cloneNode(true) as HTMLElement;
    b.querySelectorAll("nav, header, footer, aside, script, style, noscript, template").forEach((n) =>
      n.remove(),
    );
    const text = norm(b.textContent) ? b.innerHTML : "";
    container.innerHTML = text || textToHtml((document.body && document.body.innerText) || "");
    via = "body";
  }
  if (!norm(container.textContent)) {
    // An app shell that rendered nothing (its scripts blocked or failed): the page's own
    // summary, from structured data or its description, is better than an empty answer.
    const summary = jsonLdDescription(ld) || metaDescription();
    if (summary) {
      container.innerHTML = textToHtml(summary);
      via = "description";
    }
  }
  const langMeta = document.querySelector('meta[http-equiv="content-language" i]');
  const root = document.documentElement; // null where the page's own script removed it
  const lang =
    (article && article.lang) ||
    (root && (root.getAttribute("lang") || root.getAttribute("xml:lang"))) ||
    (langMeta && langMeta.getAttribute("content")) ||
    "";
  return {
    html: container.innerHTML,
    title: norm((article && article.title) || document.title),
    lang: norm(lang),
    via,
  };
}
