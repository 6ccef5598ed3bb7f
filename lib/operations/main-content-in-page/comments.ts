import { prose } from "./density";
import { isDeclaredArticle } from "./page-kind";
import { norm } from "./text";

/**
 * Comment threads go wherever they are and whatever their share of the text: an "open thread"
 * post is a few lines above hundreds of comments, and Readability's scoring then picks the
 * comments. A block that holds the page's headline or its marked article body is the post
 * itself and stays. Component-styled names count too ("PostsPage-commentsSection",
 * "CommentsListSection-root": a component's name, a dash, its part).
 */
const COMMENT_TOKEN =
  /^(comments?|[a-z0-9]+-comments-?section|comments(-?list)?(-?section)?-root|commentlist|comment-?list|comments-(area|list|section|wrapper|container|block|content|thread)|comment-(section|area|respond|form|thread|threads)|respond|disqus_thread|dsq-comments|article-comments|post-comments|user-comments|reader-comments|commentaires|kommentare|comentarios)$/i;

function isCommentBlock(el: Element): boolean {
  if (
    el.getAttribute("itemprop") === "comment" ||
    /schema\.org\/(User)?Comments?$/i.test(el.getAttribute("itemtype") || "")
  )
    return true;
  if (/^comment-\d+$/i.test(el.id || "") || COMMENT_TOKEN.test(el.id || "")) return true;
  const cls = el.getAttribute("class") || "";
  // Every COMMENT_TOKEN holds one of these words: a class without any is read no further.
  if (!/comment|respond|disqus|dsq|kommentar|comentario/i.test(cls)) return false;
  const tokens = cls.split(/\s+/);
  for (let i = 0; i < tokens.length; i++) if (COMMENT_TOKEN.test(tokens[i]!)) return true;
  return false;
}

/**
 * Comments under an article go; a page of comments with no article above them (a forum
 * thread, a link aggregator's story) keeps them. The article is a body the page marks as one
 * (the CMSs' classes, or Instapaper's `instapaper_body` convention), outside the comments, with a
 * few lines of prose.
 */
export const ARTICLE_BODY =
  "[itemprop=articleBody], article:has(h1), .instapaper_body, .entry-content, .post-content, .post-body, .post-entry, .article-content, .article-body, .article__body, .article__content, .story-body, .blog-post-content, .single-post-content";

function commentProseIn(el: Element, comments: Element[]): number {
  let n = 0;
  for (let i = 0; i < comments.length; i++) if (el.contains(comments[i]!)) n += prose(comments[i]!);
  return n;
}

/**
 * A body the page marks as its post, outside the comments, with a few lines of prose or, on a
 * page that says it is an article, paragraphs saying a sentence: an open thread's one line and
 * its links. (A forum's first post is short too, and there the replies are the content.)
 */
function hasArticleBody(root: ParentNode, comments: Element[]): boolean {
  const bodies = root.querySelectorAll(ARTICLE_BODY);
  for (let i = 0; i < bodies.length; i++) {
    const body = bodies[i]!;
    let inside = false;
    for (let j = 0; j < comments.length && !inside; j++) inside = comments[j]!.contains(body);
    if (inside) continue;
    if (prose(body) - commentProseIn(body, comments) >= 100) return true;
    if (isDeclaredArticle() && paragraphsOutside(body, comments) >= 50) return true;
  }
  return false;
}

function paragraphsOutside(el: Element, comments: Element[]): number {
  let n = 0;
  const ps = el.getElementsByTagName("p");
  for (let i = 0; i < ps.length; i++) {
    let inComment = false;
    for (let j = 0; j < comments.length && !inComment; j++) inComment = comments[j]!.contains(ps[i]!);
    if (!inComment) n += norm(ps[i]!.textContent).length;
  }
  return n;
}

/**
 * Removes the comment threads under root (a document or a detached clone), and returns root. On a
 * discussion page (a forum thread, a link aggregator's story) the comments are the content: they
 * stay where the page marks no post of its own outside them.
 */
export function removeComments<T extends ParentNode>(root: T): T {
  const els = root.querySelectorAll("div, section, ol, ul, li, aside, article, form, footer");
  const found: Element[] = [];
  for (let i = 0; i < els.length; i++) {
    const el = els[i]!;
    if (!isCommentBlock(el) || el.querySelector("h1, [itemprop=articleBody]")) continue;
    if (found.length && found[found.length - 1]!.contains(el)) continue;
    found.push(el);
  }
  // A post the page marks as one, however short, is the content and its comments are not.
  if (!found.length || !hasArticleBody(root, found)) return root;
  for (let j = 0; j < found.length; j++) found[j]!.remove();
  return root;
}

/** A question or an answer of a Q&A page, as its microdata marks them. */
export const QA_POST =
  '[itemtype*="schema.org/Question" i], [itemtype*="schema.org/Answer" i], [itemprop=acceptedAnswer], [itemprop=suggestedAnswer]';

/**
 * On a Q&A page (Stack Exchange's markup), the comments under the question and under each answer:
 * remarks on a post ("+1", "Commented May 3, 2009"), where the question and its answers are the
 * content. Only comment blocks inside a marked question or answer that hold no post themselves; a
 * forum's replies, marked as comments but posts of their own, stay.
 */
export function removeCommentsOnPosts(root: ParentNode): void {
  const posts = root.querySelectorAll(QA_POST);
  for (let i = 0; i < posts.length; i++) {
    const els = posts[i]!.querySelectorAll("div, section, ol, ul, li, aside, form");
    for (let j = 0; j < els.length; j++) {
      const el = els[j]!;
      if (!posts[i]!.contains(el) || !isCommentBlock(el) || el.querySelector(QA_POST)) continue;
      el.remove();
    }
  }
}
