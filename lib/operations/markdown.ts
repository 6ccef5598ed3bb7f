import type { PageSnapshot } from "@/lib/page/types";
import { inPageLibraries } from "./in-page";
import { evaluateBounded, IN_PAGE_RESULT_MAX_CHARS } from "@/lib/page/bounded-transfer";

/**
 * `markdown`: the page's main content as Markdown. Readability picks the main content on a clone
 * of the live DOM (so the page is untouched for other operations of a scrape); Turndown with the
 * GFM plugin (tables, strikethrough, task lists) writes Markdown. Pages Readability cannot make
 * sense of (app shells, link hubs) fall back to the whole body rather than to nothing.
 */
export async function markdown(snap: PageSnapshot): Promise<string> {
  const script = `(() => {
    ${inPageLibraries()}
    var article = null;
    try {
      article = new __ptd.Readability(document.cloneNode(true), { charThreshold: 250 }).parse();
    } catch (e) { article = null; }
    var html = article && article.content && article.textContent.trim().length > 80 ? article.content : (document.body ? document.body.innerHTML : "");
    // Readability sometimes settles on a footer or teaser while the page marks its own main
    // content (<article>, <main>, role=main, itemprop=articleBody). When that element holds far
    // more visible text than Readability's pick, trust the page's own markup instead.
    var marked = Array.prototype.slice.call(document.querySelectorAll("article, main, [role=main], [itemprop=articleBody]"))
      .map(function (el) { return { el: el, n: (el.innerText || "").trim().length }; })
      .sort(function (x, y) { return y.n - x.n; })[0];
    var picked = article && article.textContent ? article.textContent.trim().length : 0;
    if (marked && marked.n > 1500 && picked < marked.n * 0.25) {
      var clone = marked.el.cloneNode(true);
      Array.prototype.forEach.call(clone.querySelectorAll("nav, aside, footer, header, [role=navigation], [aria-hidden=true]"), function (n) { n.remove(); });
      html = clone.innerHTML;
    }
    var td = new __ptd.TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced", bulletListMarker: "-", emDelimiter: "_", linkStyle: "inlined" });
    td.use(__ptd.gfm);
    td.remove(["script", "style", "noscript", "template", "iframe", "form", "button", "select", "input", "svg", "canvas"]);
    // Links and images absolute, against the page's own base URL.
    td.addRule("absoluteImages", {
      filter: "img",
      replacement: function (_c, node) {
        var src = node.getAttribute("src") || node.getAttribute("data-src") || "";
        if (!src || src.indexOf("data:") === 0) return "";
        try { src = new URL(src, document.baseURI).href; } catch (e) {}
        var alt = (node.getAttribute("alt") || "").replace(/[\\[\\]\\n]+/g, " ").trim();
        return "![" + alt + "](" + src + ")";
      }
    });
    td.addRule("absoluteLinks", {
      filter: function (node) { return node.nodeName === "A" && node.getAttribute("href"); },
      replacement: function (content, node) {
        var href = node.getAttribute("href");
        var text = content.replace(/\\n+/g, " ").trim();
        if (!text) return "";
        if (/^(javascript|mailto|tel):/i.test(href) || href.charAt(0) === "#") return text;
        try { href = new URL(href, document.baseURI).href; } catch (e) {}
        return "[" + text + "](" + href + ")";
      }
    });
    var md = td.turndown(html || "");
    var title = (article && article.title) || document.title || "";
    title = title.replace(/\\s+/g, " ").trim();
    if (title && md.indexOf("# ") !== 0) md = "# " + title + "\\n\\n" + md;
    return md.replace(/\\n{3,}/g, "\\n\\n").trim() + "\\n";
  })()`;
  return evaluateBounded<string>(snap.page, script, IN_PAGE_RESULT_MAX_CHARS);
}
