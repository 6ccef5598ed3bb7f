import { inPageLibraries } from "./in-page";
import { JSON_LD_NODES } from "./json-ld";
import { NOSCRIPT_DOCUMENT_JS, RENDERED_TEXT_MIN_CHARS } from "./noscript";

/**
 * Our main-content extractor, run inside the page (plain ES5 source, evaluated with the libraries
 * of in-page.ts). It defines `__ptdMain()`, which returns `{ html, title, lang }`: the main content
 * as an HTML string of an inert document, for `markdown` (Turndown) and for `summarize`/`keywords`
 * (main-text.ts). What the field knows, combined:
 *
 * 1. Elements the browser does not render (computed style, not only inline style) are dropped
 *    from the clones first: hidden menus, modals and templated widgets are boilerplate.
 * 2. Readability's scoring picks a candidate. The page's own markup (`<article>`, `<main>`,
 *    `role=main`, `itemprop=articleBody`) wins when it holds far more text than that pick, and
 *    JSON-LD `articleBody` when both fail.
 * 3. The pick is cleaned the way trafilatura and jusText do: blocks whose class/id say comments,
 *    related links, sharing, newsletters or ads, and link-dense blocks (menus, tag clouds, "more
 *    stories") go; tables, code, lists and figure captions stay.
 * 4. A page with visible text never gives nothing: the last fallback is the body's rendered text,
 *    and for an app shell that rendered no text at all, the page's own description.
 */
const EXTRACTOR = `
var __ptdMain = (function () {
  var BOILERPLATE = /(^|[\\s_-])(comments?|comment-list|respond|related|relatedposts|share|sharing|sharedaddy|social|socials|newsletter|subscribe|subscription|promo|sponsored|advert|advertisement|ads|ad-slot|breadcrumbs?|recommended|recommendations|more-stories|popular|trending|cookie|signup|paywall|disqus|outbrain|taboola|jp-relatedposts|post-navigation|nav-links|author-box|about-author|tags-links|cat-links)([\\s_-]|$)/i;
  var BOILERPLATE_TEXT = /^(share( this)?( article| post)?|advertisement|related( articles| posts| stories)?|read more|tags?|follow us|sign up|subscribe|print|email)[:.!]?$/i;
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
          getComputedStyle(a).display !== "contents") { drop.push(b); skip = true; }
      if (skip) {
        // Skip the hidden subtree in both walkers.
        a = nextOutside(live, a); b = nextOutside(dead, b);
      } else { a = live.nextNode(); b = dead.nextNode(); }
    }
    for (var i = 0; i < drop.length; i++) drop[i].remove();
    return copy;
  }
  function nextOutside(walker, node) {
    walker.currentNode = node;
    var n = walker.nextSibling();
    while (!n) { var p = walker.parentNode(); if (!p) return null; walker.currentNode = p; n = walker.nextSibling(); }
    return n;
  }

  function linkDensity(el, len) {
    if (!len) return 0;
    var l = 0, as = el.getElementsByTagName("a");
    for (var i = 0; i < as.length; i++) l += norm(as[i].textContent).length;
    return l / len;
  }

  // Removes boilerplate from a detached container; never removes most of its text.
  function clean(root) {
    var total = norm(root.textContent).length;
    var els = Array.prototype.slice.call(root.querySelectorAll("*"));
    for (var i = els.length - 1; i >= 0; i--) {
      var el = els[i];
      if (!el.isConnected || !root.contains(el)) continue;
      var tag = el.nodeName;
      if (/^(PRE|CODE|TABLE|THEAD|TBODY|TR|TD|TH|FIGCAPTION|H[1-6])$/.test(tag)) continue;
      var len = norm(el.textContent).length;
      if (len > total * 0.5) continue;
      var marker = (el.getAttribute("class") || "") + " " + (el.id || "") + " " + (el.getAttribute("role") || "");
      if (/^(NAV|ASIDE|FOOTER|FORM)$/.test(tag) || BOILERPLATE.test(marker) || (len < 40 && BOILERPLATE_TEXT.test(norm(el.textContent)))) { el.remove(); continue; }
      if (/^(UL|OL|DIV|SECTION|P|DL)$/.test(tag) && len > 0 && len < 2000 && el.getElementsByTagName("a").length >= 2 && linkDensity(el, len) > 0.6) el.remove();
    }
    return root;
  }

  ${JSON_LD_NODES}
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
  function readableDocument() {
    var visible = visibleClone(document);
    var shown = bodyText(visible);
    if (shown < ${RENDERED_TEXT_MIN_CHARS}) {
      var ns = noscriptDocument("<title></title>");
      if (ns) { ns.title = document.title; return ns; }
    }
    var whole = document.cloneNode(true);
    var all = bodyText(whole);
    return shown < all * 0.2 ? whole : visible;
  }

  return function () {
    var article = null;
    var source = readableDocument();
    // The page's JSON-LD, parsed at most once, and only if a fallback below needs it.
    var ld = null;
    function ldNodes() { return ld || (ld = jsonLdNodes()); }
    try { article = new __ptd.Readability(source.cloneNode(true), { charThreshold: 500 }).parse(); } catch (e) { article = null; }
    var picked = article && article.textContent ? norm(article.textContent).length : 0;
    var html = picked > 80 ? article.content : "";
    var marked = Array.prototype.slice.call(document.querySelectorAll("article, main, [role=main], [itemprop=articleBody]"))
      .map(function (el) { return { el: el, n: norm(el.innerText).length }; })
      .sort(function (x, y) { return y.n - x.n; })[0];
    if (marked && marked.n > 80 && (!html || (marked.n > 1500 && picked < marked.n * 0.25))) {
      html = visibleClone(marked.el).innerHTML;
    }
    if (!html) {
      var body = jsonLdBody(ldNodes());
      if (norm(body).length > 80) html = textToHtml(body);
    }
    var container = new DOMParser().parseFromString("<body><div id=__ptd_root>" + (html || "") + "</div></body>", "text/html").getElementById("__ptd_root");
    // Cleaning that would take most of the text misread the page's class names: keep it whole.
    var cleaned = clean(container.cloneNode(true));
    if (norm(cleaned.textContent).length >= norm(container.textContent).length * 0.4) container = cleaned;
    if (!norm(container.textContent) && source.body) {
      // Last resort: what the reader sees, minus the page chrome.
      var b = source.body.cloneNode(true);
      Array.prototype.forEach.call(b.querySelectorAll("nav, header, footer, aside, script, style, noscript, template"), function (n) { n.remove(); });
      var text = norm(b.textContent) ? b.innerHTML : "";
      container.innerHTML = text || textToHtml((document.body && document.body.innerText) || "");
    }
    if (!norm(container.textContent)) {
      // An app shell that rendered nothing (its scripts blocked or failed): the page's own
      // summary, from structured data or its description, is better than an empty answer.
      var summary = jsonLdDescription(ldNodes()) || metaDescription();
      if (summary) container.innerHTML = textToHtml(summary);
    }
    var langMeta = document.querySelector('meta[http-equiv="content-language" i]');
    var root = document.documentElement; // null where the page's own script removed it
    var lang = (article && article.lang) || (root && (root.getAttribute("lang") || root.getAttribute("xml:lang"))) ||
      (langMeta && langMeta.getAttribute("content")) || "";
    return { html: container.innerHTML, title: norm((article && article.title) || document.title), lang: norm(lang) };
  };
})();`;

/** In-page source defining `__ptd` (libraries) and `__ptdMain()` (the extractor). */
export function mainContentScript(): string {
  return inPageLibraries() + EXTRACTOR;
}
