import { inPageLibraries } from "./in-page";
import { CONTENT_EDGES_JS } from "./content-edges";
import { JSON_LD_NODES } from "./json-ld";
import { PAGE_REGION_JS } from "./page-region";
import { DISCUSSION_THREAD_JS } from "./discussion-thread";
import { STORY_CARDS_JS } from "./story-cards";
import { NOSCRIPT_DOCUMENT_JS, RENDERED_TEXT_MIN_CHARS } from "./noscript";

/**
 * Our main-content extractor, run inside the page (plain ES5 source, evaluated with the libraries
 * of in-page.ts). It defines `__ptdMain()`, which returns `{ html, title, lang, via }`: the main content
 * as an HTML string of an inert document, for `markdown` (Turndown) and for `summarize`/`keywords`
 * (main-text.ts). What the field knows, combined:
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
const EXTRACTOR = `
var __ptdMain = (function () {
  var BOILERPLATE = /(^|[\\s_-])(comments?|comment-list|respond|related|relatedposts|share|sharing|sharedaddy|social|socials|newsletter|subscribe|subscription|promo|sponsored|advert|advertisement|ads|ad-slot|breadcrumbs?|recommended|recommendations|more-stories|popular|trending|cookie|signup|paywall|disqus|outbrain|taboola|jp-relatedposts|post-navigation|nav-links|author-box|about-author|tags-links|cat-links|signature|signatures)([\\s_-]|$)/i;
  var BOILERPLATE_TEXT = /^(share( this)?( article| post)?|advertisement|related( articles| posts| stories)?|read more|tags?|follow us|sign up|subscribe|print|email)[:.!]?$/i;
  var READ_NEXT = /^(related( stories| articles| content| reading| coverage)?|read more|read next|more|see also|also read|read also|recommended( reading)?|must read|don'?t miss|you may also like|watch|listen|more on this( story)?)\\s*[:：|»>-]/i;
  function norm(s) { return (s || "").replace(/[\\s\\u00a0]+/g, " ").trim(); }

  // A clone of root without the elements the browser does not render. The live tree and its
  // clone have the same shape, so they are walked side by side.
  function visibleClone(root) {
    var copy = root.cloneNode(true);
    var drop = [];
    var live = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
    var dead = document.createTreeWalker(copy, NodeFilter.SHOW_ELEMENT);
    var a = live.nextNode(), b = dead.nextNode();
    while (a && b) {
      var skip = false;
      // Head and scripts are never rendered but carry metadata (Readability reads JSON-LD);
      // display:contents has no box of its own yet shows its children; closed <details> hold content.
      if (a.checkVisibility && !/^(HEAD|SCRIPT|STYLE|TEMPLATE|NOSCRIPT|META|LINK|TITLE|BR|WBR|SOURCE|TRACK)$/.test(a.nodeName) &&
          !a.checkVisibility({ visibilityProperty: true }) && !a.closest("head, details") &&
          getComputedStyle(a).display !== "contents" && !isCollapsedProse(a)) { drop.push(b); skip = true; }
      if (skip) {
        // Skip the hidden subtree in both walkers.
        a = nextOutside(live, a); b = nextOutside(dead, b);
      } else { a = live.nextNode(); b = dead.nextNode(); }
    }
    for (var i = 0; i < drop.length; i++) drop[i].remove();
    return copy;
  }
  // A collapsed section (an accordion's panel, a "read more" box, a tab) holds content the page
  // shows on a click: kept where it is prose and not a dialog, a menu or a banner. As the walk
  // runs, that keeps the panel element but not its paragraphs (each is hidden too, and holds no
  // <p> of its own). Keeping the panel's subtree whole was measured (session 19, docs/benchmarks.md):
  // FAQ answers came in (+0.04 to +0.17 on six pages) but so did the hidden copies responsive
  // builders (Framer, Webflow) keep for other screen sizes and hidden template text (two pages
  // -0.49), net -0.001 on the tuning half; it waits for a test that tells an accordion's panel from
  // a copy for another screen.
  var NOT_CONTENT = /(^|[\\s_-])(modal|popup|pop-up|overlay|dialog|drawer|offcanvas|off-canvas|menu|submenu|dropdown|nav|navbar|navigation|search|login|signin|signup|subscribe|newsletter|cookie|consent|gdpr|banner|tooltip|mobile|sr-only|visually-hidden)([\\s_-]|$)/i;
  function isCollapsedProse(el) {
    if (/^(NAV|HEADER|FOOTER|ASIDE|DIALOG|FORM|svg)$/.test(el.nodeName) || el.closest("nav, header, footer, aside, dialog, [role=dialog], [role=menu], [aria-modal]")) return false;
    if (NOT_CONTENT.test((el.getAttribute("class") || "") + " " + (el.id || "") + " " + (el.getAttribute("role") || ""))) return false;
    var ps = el.getElementsByTagName("p");
    if (ps.length < 2) return false;
    var len = 0;
    for (var i = 0; i < ps.length && len < 300; i++) len += norm(ps[i].textContent).length;
    return len >= 300 && linkDensity(el, norm(el.textContent).length) < 0.3;
  }
  function nextOutside(walker, node) {
    walker.currentNode = node;
    var n = walker.nextSibling();
    while (!n) { var p = walker.parentNode(); if (!p) return null; walker.currentNode = p; n = walker.nextSibling(); }
    return n;
  }

  // Comment threads go wherever they are and whatever their share of the text: an "open thread"
  // post is a few lines above hundreds of comments, and Readability's scoring then picks the
  // comments. A block that holds the page's headline or its marked article body is the post
  // itself and stays.
  var COMMENT_TOKEN = /^(comments?|commentlist|comment-?list|comments-(area|list|section|wrapper|container|block|content|thread)|comment-(section|area|respond|form|thread|threads)|respond|disqus_thread|dsq-comments|article-comments|post-comments|user-comments|reader-comments|commentaires|kommentare|comentarios)$/i;
  function isCommentBlock(el) {
    if (el.getAttribute("itemprop") === "comment" || /schema\\.org\\/(User)?Comments?$/i.test(el.getAttribute("itemtype") || "")) return true;
    if (/^comment-\\d+$/i.test(el.id || "") || COMMENT_TOKEN.test(el.id || "")) return true;
    var tokens = (el.getAttribute("class") || "").split(/\\s+/);
    for (var i = 0; i < tokens.length; i++) if (COMMENT_TOKEN.test(tokens[i])) return true;
    return false;
  }
  // A page that declares itself a discussion (a forum thread, a question and its answers): its
  // replies are its content.
  // A Question alone is one only outside an FAQ: a product or service page lists its FAQ's
  // questions as Question nodes too.
  var DISCUSSION = /^(DiscussionForumPosting|QAPage|SocialMediaPosting)$/;
  function isDiscussion(nodes) {
    if (document.querySelector("[itemtype*=DiscussionForumPosting], [itemtype*=QAPage], [itemtype$='/Question']")) return true;
    return jsonLdTypes(nodes, DISCUSSION) || (jsonLdTypes(nodes, /^Question$/) && !jsonLdTypes(nodes, /^(FAQPage|Product|ProductGroup)$/)); // page-region.ts
  }
  // Comments under an article go; a page of comments with no article above them (a forum
  // thread, a link aggregator's story) keeps them. The article is a body the page marks as one,
  // outside the comments, with a few lines of prose.
  var ARTICLE_BODY = "[itemprop=articleBody], article:has(h1), .entry-content, .post-content, .post-body, .post-entry, .article-content, .article-body, .article__body, .article__content, .story-body, .blog-post-content, .single-post-content";
  function commentProseIn(el, comments) {
    var n = 0;
    for (var i = 0; i < comments.length; i++) if (el.contains(comments[i])) n += prose(comments[i]);
    return n;
  }
  // A page that says it is an article (its structured data, microdata or Open Graph type) and is
  // no discussion: a blog post or a news story, whose comments and the site's cards are not it.
  var declaredArticle = null;
  function isDeclaredArticle() {
    if (declaredArticle === null) {
      var nodes = jsonLdNodes();
      declaredArticle = !isDiscussion(nodes) && (jsonLdTypes(nodes, ARTICLE_TYPES) ||
        !!document.querySelector(ARTICLE_MICRODATA + ', meta[property="og:type" i][content="article" i], meta[property="article:published_time" i]'));
    }
    return declaredArticle;
  }
  // A body the page marks as its post, outside the comments, with a few lines of prose or, on a
  // page that says it is an article, paragraphs saying a sentence: an open thread's one line and
  // its links. (A forum's first post is short too, and there the replies are the content.)
  function hasArticleBody(root, comments) {
    var bodies = root.querySelectorAll(ARTICLE_BODY);
    for (var i = 0; i < bodies.length; i++) {
      var inside = false;
      for (var j = 0; j < comments.length && !inside; j++) inside = comments[j].contains(bodies[i]);
      if (inside) continue;
      if (prose(bodies[i]) - commentProseIn(bodies[i], comments) >= 100) return true;
      if (isDeclaredArticle() && paragraphsOutside(bodies[i], comments) >= 50) return true;
    }
    return false;
  }
  function paragraphsOutside(el, comments) {
    var n = 0, ps = el.getElementsByTagName("p");
    for (var i = 0; i < ps.length; i++) {
      var inComment = false;
      for (var j = 0; j < comments.length && !inComment; j++) inComment = comments[j].contains(ps[i]);
      if (!inComment) n += norm(ps[i].textContent).length;
    }
    return n;
  }
  // On a discussion page (a forum thread, a link aggregator's story) the comments are the content:
  // they stay where the page marks no post of its own outside them.
  function removeComments(root) {
    var els = root.querySelectorAll("div, section, ol, ul, li, aside, article, form, footer");
    var found = [];
    for (var i = 0; i < els.length; i++) {
      var el = els[i];
      if (!isCommentBlock(el) || el.querySelector("h1, [itemprop=articleBody]")) continue;
      if (found.length && found[found.length - 1].contains(el)) continue;
      found.push(el);
    }
    // A post the page marks as one, however short, is the content and its comments are not.
    if (!found.length || !hasArticleBody(root, found)) return root;
    for (var j = 0; j < found.length; j++) found[j].remove();
    return root;
  }

  // Page furniture goes before Readability scores the page: a list of story cards beside a short
  // story otherwise outscores it (each card's paragraph counts for the block that holds them), and
  // Readability then returns the story and the cards. Blocks holding the headline or the marked
  // article body stay, and so does any block with much of the page's prose: then the class name
  // is not what it says.
  function removeFurniture(doc, index) {
    if (!doc.body) return;
    var all = index.get(doc.body) || 0;
    var els = doc.body.querySelectorAll("nav, aside, footer, div, section, ul, ol, form, header, p, span, figure");
    for (var i = 0; i < els.length; i++) {
      var el = els[i];
      if (!doc.body.contains(el)) continue;
      var tag = el.nodeName;
      var marker = markerOf(el);
      var furniture = tag === "ASIDE" || (tag !== "HEADER" && BOILERPLATE.test(marker));
      // Comments are removeComments' to judge (a discussion page's comments are its content).
      if (!furniture || /comment|respond/i.test(marker) || el.querySelector("h1, [itemprop=articleBody]")) continue;
      if ((index.get(el) || 0) > all * 0.4) continue;
      el.remove();
    }
  }

  // Share of el's text inside links; with sameSite, only links to other pages of this site.
  // What an element's class, id and role say it is. An id made from a heading ("sharing-with-a-
  // single-developer") names a section of the text, not a widget: it is not read.
  function markerOf(el) {
    var id = el.getAttribute("id") || ""; // not el.id: a form's input named "id" shadows it
    if (id.split(/[-_]/).length >= 4) id = "";
    return (el.getAttribute("class") || "") + " " + id + " " + (el.getAttribute("role") || "");
  }

  function linkDensity(el, len, sameSite) {
    if (!len) return 0;
    var l = 0, as = el.getElementsByTagName("a");
    for (var i = 0; i < as.length; i++) {
      if (sameSite && !toOtherPageOfSite(as[i].getAttribute("href"))) continue;
      l += norm(as[i].textContent).length;
    }
    return l / len;
  }
  // A paragraph of the text's own prose: long enough, and words more than links.
  function isProse(p) {
    var n = norm(p.textContent).length;
    return n >= 80 && linkDensity(p, n) < 0.3;
  }
  // The site is the page's host and the host its canonical address names: a page served from a
  // mirror, a CDN or an AMP cache links to its own site by absolute address.
  var siteHosts = null;
  function isSiteHost(host) {
    var www = /^www\\./;
    if (!siteHosts) {
      siteHosts = [location.host];
      var declared = document.querySelector('link[rel~=canonical i][href], meta[property="og:url" i][content]');
      try { if (declared) siteHosts.push(new URL(declared.getAttribute("href") || declared.getAttribute("content"), document.baseURI).host); } catch (e) {}
      siteHosts = siteHosts.map(function (h) { return h.replace(www, ""); });
    }
    return siteHosts.indexOf(host.replace(www, "")) >= 0;
  }
  function toOtherPageOfSite(href) {
    if (!href || href.charAt(0) === "#") return false;
    try {
      var u = new URL(href, document.baseURI);
      return isSiteHost(u.host) && (u.host !== location.host || u.pathname !== location.pathname || u.search !== location.search);
    } catch (e) { return false; }
  }

  // Removes boilerplate from a detached container; never removes most of its text.
  function clean(root) {
    var total = norm(root.textContent).length;
    // A list of links with the text's own paragraphs before and after it is part of the text (a
    // documentation page's list of topics, a guide's list of tools); menus and "more stories" stand
    // at the edges of the pick.
    var paras = null;
    function betweenProse(el) {
      if (!paras) paras = Array.prototype.filter.call(root.querySelectorAll("p"), isProse);
      var before = false, after = false;
      for (var k = 0; k < paras.length && !(before && after); k++) {
        // A paragraph inside the list, or one a later step of this pass removed, says nothing.
        if (!root.contains(paras[k])) continue;
        var pos = el.compareDocumentPosition(paras[k]);
        if (pos & Node.DOCUMENT_POSITION_CONTAINED_BY) continue;
        if (pos & Node.DOCUMENT_POSITION_PRECEDING) before = true;
        else if (pos & Node.DOCUMENT_POSITION_FOLLOWING) after = true;
      }
      return before && after;
    }
    var els = Array.prototype.slice.call(root.querySelectorAll("*"));
    for (var i = els.length - 1; i >= 0; i--) {
      var el = els[i];
      // Inside a removed block already (root is often a detached clone: isConnected says nothing).
      if (!root.contains(el)) continue;
      var tag = el.nodeName;
      if (/^(PRE|CODE|TABLE|THEAD|TBODY|TR|TD|TH|FIGCAPTION|H[1-6])$/.test(tag)) continue;
      var len = norm(el.textContent).length;
      if (len > total * 0.5) continue;
      var marker = markerOf(el);
      // Comments are removeComments' to judge: on a discussion page they are the content.
      if (/comment|respond/i.test(marker)) continue;
      if (/^(NAV|ASIDE|FOOTER|FORM)$/.test(tag) || BOILERPLATE.test(marker) || (len < 40 && BOILERPLATE_TEXT.test(norm(el.textContent)))) { el.remove(); continue; }
      // Mostly links to other pages of this site: more stories, tags, menus. A table of contents
      // (links within the page) and a list of shops or sources (other sites) are content.
      if (/^(UL|OL|DIV|SECTION|P|DL)$/.test(tag) && len > 0 && len < 2000 && el.getElementsByTagName("a").length >= 2 && linkDensity(el, len, true) > 0.6 && !(/^(UL|OL|DL)$/.test(tag) && betweenProse(el))) { el.remove(); continue; }
      // A news page's links to other stories inside the text: "Related: <headline>", "READ MORE: …".
      if (/^(P|LI|DIV|ASIDE|STRONG|H[2-6])$/.test(tag) && len < 300 && READ_NEXT.test(norm(el.textContent)) && linkDensity(el, len) > 0.5) el.remove();
    }
    return root;
  }

  // Containers pages mark as their content: trafilatura's list (BODY_XPATH) and the landmarks.
  var CONTENT_SELECTOR = [
    "[itemprop=articleBody]", "[class~=post]", "[class~=entry]", "[class*=post-text]", "[class*=post_text]",
    "[class*=post-body]", "[class*=post-entry]", "[class*=postentry]", "[class*=post-content]", "[class*=post_content]",
    "[class*=postcontent]", "[class*=postContent]", "[class*=article-text]", "[class*=articletext]", "[class*=articleText]",
    "[id*=entry-content]", "[class*=entry-content]", "[id*=article-content]", "[class*=article-content]",
    "[id*=article__content]", "[class*=article__content]", "[id*=article-body]", "[class*=article-body]",
    "[id*=article__body]", "[class*=article__body]", "[id*=articlebody i]", "[class*=articlebody i]",
    "[class*=page-content]", "[class*=text-content]", "[id*=body-text]", "[class*=body-text]",
    "[class*=story-body]", "[class*=story-content]", "[class*=storycontent]", "[class*=blog-content]",
    "[class*=single-content]", "[class*=content-body]", "[class*=content__body]", "[id*=main-content i]",
    "[class*=main-content i]", "#content", "[class~=content]", "article", "main", "[role=main]", "[role=article]"
  ].join(",");
  var LANDMARKS = "article, main, [role=main], [itemprop=articleBody]";

  // Does el's text hold the pick's? Two of three probes (its start, middle and end) are enough:
  // Readability rewrites a little of what it keeps.
  function holds(text, pick) {
    var probes = [pick.slice(0, 60), pick.slice(Math.floor(pick.length / 2), Math.floor(pick.length / 2) + 60), pick.slice(-60)];
    var found = 0;
    for (var i = 0; i < probes.length; i++) if (text.indexOf(probes[i]) >= 0) found++;
    return found >= 2;
  }

  // Characters of prose under root: paragraphs, list items, cells and quotes of a sentence or
  // more that are not mostly links.
  var PROSE_BLOCKS = "p, li, td, dd, blockquote, pre";
  function proseOf(block) {
    if (block.querySelector(PROSE_BLOCKS)) return 0; // counted at its innermost block
    var len = norm(block.textContent).length;
    return len >= 50 && linkDensity(block, len) < 0.3 ? len : 0;
  }
  function prose(root) {
    var total = 0, blocks = root.querySelectorAll(PROSE_BLOCKS);
    for (var i = 0; i < blocks.length; i++) total += proseOf(blocks[i]);
    return total;
  }
  // prose() of every element under root at once (each block's prose added to its ancestors), for
  // the passes that ask it of many nested elements. Read before removals: an ancestor's figure
  // then still counts what was removed below it.
  function proseIndex(root) {
    var index = new Map(), blocks = root.querySelectorAll(PROSE_BLOCKS);
    for (var i = 0; i < blocks.length; i++) {
      var len = proseOf(blocks[i]);
      if (len) for (var n = blocks[i]; n && n !== root.parentNode; n = n.parentNode) index.set(n, (index.get(n) || 0) + len);
    }
    return index;
  }

  // On an article's page, a container holding the pick whose text beyond it is the site's cards
  // for other stories adds no article (on a section front the cards are the content; a forum's
  // replies are more text).
  // bare: container without its card groups, where the caller has it already.
  function addsOnlyCards(container, pickText, bare) {
    return isDeclaredArticle() && holds(norm(container.textContent), pickText) &&
      norm((bare || withoutCardGroups(container)).textContent).length < pickText.length * 1.5;
  }

  // Readability keeps one block and only the siblings that score like it, so an article the page
  // splits into sections (one CMS module each, headings between them) comes back as one section.
  // Where a container the page marks as its content holds the pick and, cleaned, a good deal more
  // prose, that container is the content; the smallest such wins, so a <main> with a sidebar loses
  // to the article inside it. With no pick at all, the largest landmark stands in.
  function widerContainer(source, article, picked, index) {
    if (!source.body) return null;
    var pickText = picked ? norm(article.textContent) : "";
    var found = null, foundLength = 0;
    var pickProse = picked ? prose(new DOMParser().parseFromString(article.content, "text/html").body) : 0;
    // A pick with next to no prose is no anchor to widen from: only the landmark rule below applies.
    var els = picked && pickProse < 200 ? [] : source.body.querySelectorAll(picked ? CONTENT_SELECTOR : LANDMARKS);
    // A header, a byline, sharing and an author box are more text too, but not more article:
    // only a container with at least twice the pick's prose, and 800 characters more, wins.
    function addsProse(p) { return p >= pickProse * 2 && p - pickProse >= 800; }
    for (var i = 0; i < els.length; i++) {
      var n = norm(els[i].textContent).length;
      if (picked ? n < Math.max(500, picked * 1.25) : n <= 80) continue;
      // Cleaning only removes prose: a container short of it before cleaning is out already.
      if (picked && !addsProse(index.get(els[i]) || 0)) continue;
      var c = clean(removeComments(els[i].cloneNode(true)));
      var text = norm(c.textContent), len = text.length;
      if (picked && (len < picked * 1.25 || !holds(text, pickText) || linkDensity(c, len) > 0.3)) continue;
      // On an article's page, the prose it adds must be outside the site's cards.
      var bare = picked && isDeclaredArticle() ? withoutCardGroups(c) : c;
      if (picked && (!addsProse(prose(bare)) || addsOnlyCards(c, pickText, bare))) continue;
      if (!found || (picked ? len < foundLength : len > foundLength)) { found = c; foundLength = len; }
    }
    if (!found && picked) {
      // A pick that is a small part of the page's marked article (a teaser, a caption, a box)
      // was a wrong pick: the landmark, cleaned, is the content.
      var landmarks = source.body.querySelectorAll(LANDMARKS), biggest = null, most = 0;
      for (var j = 0; j < landmarks.length; j++) {
        var m = norm(landmarks[j].textContent).length;
        if (m > most) { most = m; biggest = landmarks[j]; }
      }
      if (biggest && most > 1500 && picked < most * 0.25) found = clean(removeComments(biggest.cloneNode(true)));
      // A pick with prose of its own is no wrong pick inside a landmark that adds only cards (a
      // pick outside it, a consent notice, still is).
      if (found && pickProse >= 200 && addsOnlyCards(found, pickText)) found = null;
    }
    return found;
  }

  ${JSON_LD_NODES}
  ${CONTENT_EDGES_JS}
  ${PAGE_REGION_JS}
  ${DISCUSSION_THREAD_JS}
  ${STORY_CARDS_JS}
  // The longest articleBody any of the page's JSON-LD objects carries.
  function jsonLdBody(nodes) {
    var best = "";
    nodes.forEach(function (o) {
      if (typeof o.articleBody === "string" && o.articleBody.length > best.length) best = o.articleBody;
    });
    return best;
  }
  // The first description long enough to stand for the page.
  function jsonLdDescription(nodes) {
    var found = nodes.filter(function (o) {
      return typeof o.description === "string" && norm(o.description).length > 40;
    })[0];
    return found ? norm(found.description) : "";
  }
  function metaDescription() {
    var el = document.querySelector('meta[property="og:description" i], meta[name="description" i], meta[name="twitter:description" i]');
    return norm(el && el.getAttribute("content"));
  }
  function escapeHtml(s) { return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"); }
  function textToHtml(t) {
    return t.split(/\\n\\s*\\n|\\n/).map(norm).filter(Boolean).map(function (p) { return "<p>" + escapeHtml(p) + "</p>"; }).join("");
  }

  // A page whose scripts did not render it: its no-script version (noscript.ts), titled as the page.
  ${NOSCRIPT_DOCUMENT_JS}

  // What Readability reads: the rendered page without what is not shown; the whole clone when
  // almost nothing is shown (a page hidden until a script that never ran reveals it); the
  // no-script version when the rendered page holds no text at all.
  function bodyText(doc) {
    if (!doc.body) return 0;
    Array.prototype.forEach.call(doc.body.querySelectorAll("script, style, template, noscript"), function (n) { n.remove(); });
    return norm(doc.body.textContent).length;
  }
  // bodyText() of the live page without cloning it.
  function liveBodyText() {
    if (!document.body) return 0;
    var len = norm(document.body.textContent).length;
    var skip = document.body.querySelectorAll("script, style, template, noscript");
    for (var i = 0; i < skip.length; i++) if (!skip[i].parentNode.closest("script, style, template, noscript")) len -= norm(skip[i].textContent).length;
    return len;
  }
  function readableDocument() {
    var visible = visibleClone(document);
    var shown = bodyText(visible);
    if (shown < ${RENDERED_TEXT_MIN_CHARS}) {
      var ns = noscriptDocument("<title></title>");
      if (ns) { ns.title = document.title; return ns; }
    }
    // liveBodyText() is at most the body's raw text length: most pages pass on that alone, without
    // normalizing text that can be megabytes of inline script data.
    var raw = document.body ? document.body.textContent.length : 0;
    if (shown >= raw * 0.2 || shown >= liveBodyText() * 0.2) return visible;
    var whole = document.cloneNode(true);
    bodyText(whole);
    return whole;
  }

  return function () {
    var article = null;
    var source = readableDocument();
    // The page's JSON-LD, parsed at most once, and only if a fallback below needs it.
    var ld = null;
    function ldNodes() { return ld || (ld = jsonLdNodes()); }
    if (!isDiscussion(ldNodes())) removeComments(source);
    var index = source.body ? proseIndex(source.body) : new Map();
    removeFurniture(source, index);
    try { article = new __ptd.Readability(source.cloneNode(true), { charThreshold: 500, keepClasses: true }).parse(); } catch (e) { article = null; }
    var picked = article && article.textContent ? norm(article.textContent).length : 0;
    var html = picked > 80 ? article.content : "";
    // Which way the content was found, for the quality bench's breakdown.
    var via = html ? "readability" : "";
    var wider = widerContainer(source, article, picked, index);
    var thread = !wider && picked > 80 ? discussionThread(source, article, isDiscussion(ldNodes())) : null;
    if (wider) { html = wider.innerHTML; via = "container"; }
    else if (thread) { html = thread.innerHTML; via = "thread"; }
    else if (isNonArticlePage(ldNodes()) && !isDiscussion(ldNodes())) {
      var region = regionInsteadOf(source, html ? picked : 0);
      if (region) { html = region.innerHTML; via = "region"; }
    }
    if (!html) {
      var body = jsonLdBody(ldNodes());
      if (norm(body).length > 80) { html = textToHtml(body); via = "json-ld"; }
    }
    var container = new DOMParser().parseFromString("<body><div id=__ptd_root>" + (html || "") + "</div></body>", "text/html").getElementById("__ptd_root");
    // Cleaning that would take most of the text misread the page's class names: keep it whole.
    var cleaned = clean(container.cloneNode(true));
    if (norm(cleaned.textContent).length >= norm(container.textContent).length * 0.4) container = cleaned;
    trimEdges(container);
    // Under an article, the site's cards for other stories; on a page read whole they may be it.
    if (via === "readability") removeStoryCards(container);
    if (!norm(container.textContent) && source.body) {
      // Last resort: what the reader sees, minus the page chrome.
      var b = source.body.cloneNode(true);
      Array.prototype.forEach.call(b.querySelectorAll("nav, header, footer, aside, script, style, noscript, template"), function (n) { n.remove(); });
      var text = norm(b.textContent) ? b.innerHTML : "";
      container.innerHTML = text || textToHtml((document.body && document.body.innerText) || "");
      via = "body";
    }
    if (!norm(container.textContent)) {
      // An app shell that rendered nothing (its scripts blocked or failed): the page's own
      // summary, from structured data or its description, is better than an empty answer.
      var summary = jsonLdDescription(ldNodes()) || metaDescription();
      if (summary) { container.innerHTML = textToHtml(summary); via = "description"; }
    }
    var langMeta = document.querySelector('meta[http-equiv="content-language" i]');
    var root = document.documentElement; // null where the page's own script removed it
    var lang = (article && article.lang) || (root && (root.getAttribute("lang") || root.getAttribute("xml:lang"))) ||
      (langMeta && langMeta.getAttribute("content")) || "";
    return { html: container.innerHTML, title: norm((article && article.title) || document.title), lang: norm(lang), via: via };
  };
})();`;

/** In-page source defining `__ptd` (libraries) and `__ptdMain()` (the extractor). */
export function mainContentScript(): string {
  return inPageLibraries() + EXTRACTOR;
}
