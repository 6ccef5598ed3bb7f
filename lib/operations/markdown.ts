import type { PageSnapshot } from "@/lib/page/types";
import { evaluateBounded, IN_PAGE_RESULT_MAX_CHARS } from "@/lib/page/bounded-transfer";
import { mainContentScript } from "./main-content";

export interface MarkdownOptions {
  /** Start with the page's title as a `# H1` line. Default false: the Markdown is the main content. */
  includeTitle?: boolean;
}

/**
 * `markdown`: the page's main content (main-content.ts, on clones of the live DOM, so the page is
 * untouched for other operations of a scrape) written by Turndown with the GFM plugin (tables,
 * strikethrough, task lists).
 */
export async function markdown(snap: PageSnapshot, options: MarkdownOptions = {}): Promise<string> {
  const script = `((includeTitle) => {
    ${mainContentScript()}
    var main = __ptdMain();
    var doc = new DOMParser().parseFromString("<body>" + main.html + "</body>", "text/html");
    // GFM tables need a heading row: a table without one would be kept as raw HTML. Layout
    // tables (one column, or holding tables) are unwrapped into their cells' content instead.
    Array.prototype.slice.call(doc.querySelectorAll("table")).reverse().forEach(function (t) {
      var rows = t.rows, cols = 0;
      for (var i = 0; i < rows.length; i++) cols = Math.max(cols, rows[i].cells.length);
      if (cols < 2 || t.querySelector("table")) {
        var box = doc.createElement("div");
        Array.prototype.forEach.call(t.querySelectorAll("td, th, caption"), function (c) {
          var d = doc.createElement("div"); while (c.firstChild) d.appendChild(c.firstChild); box.appendChild(d);
        });
        t.replaceWith(box);
        return;
      }
      var first = rows[0];
      if (first && first.parentNode.nodeName !== "THEAD") {
        var head = doc.createElement("thead");
        head.appendChild(first);
        t.insertBefore(head, t.firstChild);
      }
    });
    var td = new __ptd.TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced", bulletListMarker: "-", emDelimiter: "_", linkStyle: "inlined" });
    td.use(__ptd.gfm);
    // Forms that are page furniture (search, sign-up) were cleaned out with the boilerplate; a form
    // left in the main content is the content (a product configurator's options): keep its text.
    td.remove(["script", "style", "noscript", "template", "iframe", "button", "select", "input", "textarea", "svg", "canvas"]);
    // A cell is one line of a GFM table: its blocks are joined, its pipes escaped.
    td.addRule("tableCellOneLine", {
      filter: ["th", "td"],
      replacement: function (content, node) {
        var text = content.replace(/\\n+/g, " ").replace(/\\|/g, "\\\\|").trim();
        var first = Array.prototype.indexOf.call(node.parentNode.childNodes, node) === 0;
        return (first ? "| " : " ") + text + " |";
      }
    });
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
    var md = td.turndown(doc.body).replace(/\\n{3,}/g, "\\n\\n").trim();
    // Content made only of what Markdown drops still has words to give.
    if (!md) md = (doc.body.textContent || "").split(/\\n\\s*\\n|\\n/).map(function (l) { return l.replace(/\\s+/g, " ").trim(); }).filter(Boolean).join("\\n\\n");
    // The content often opens with the title as its own heading: drop it unless asked for.
    var title = main.title;
    var lead = /^#{1,2} (.*)\\n*/.exec(md);
    var same = function (a, b) { return a.replace(/[^\\p{L}\\p{N}]+/gu, " ").trim().toLowerCase() === b.replace(/[^\\p{L}\\p{N}]+/gu, " ").trim().toLowerCase(); };
    if (lead && title && (same(lead[1], title) || title.toLowerCase().indexOf(lead[1].trim().toLowerCase()) === 0)) {
      md = md.slice(lead[0].length);
      title = lead[1].trim();
    }
    if (includeTitle && title) md = "# " + title + "\\n\\n" + md;
    return md.trim() + "\\n";
  })(${JSON.stringify(options.includeTitle ?? false)})`;
  return evaluateBounded<string>(snap.page, script, IN_PAGE_RESULT_MAX_CHARS);
}
