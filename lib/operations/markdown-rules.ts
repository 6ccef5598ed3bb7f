/**
 * In-page source (plain ES5) of the Turndown rules `markdown` writes with, for a document that
 * markdown-prepare.ts has readied: each table a regular grid with one heading row, each code block
 * a `<pre data-ptd-lang>` holding only its text, each image kept with one absolute `src`.
 * Defines `__ptdMarkdownRules(td)` (rules and escaping) and `__ptdTidyMarkdown(md)` (layout).
 *
 * Written with String.raw so regular expressions read as they run; the source holds no backtick
 * (`TICK` stands for it) and no dollar-brace.
 */
export const MARKDOWN_RULES_JS = String.raw`
var __ptdMarkdownRules = (function () {
  var TICK = "\x60";
  function repeat(s, n) { return new Array(n + 1).join(s); }
  // A table cell, heading or link text is one line: a <br> in it (the hard break "\" + newline)
  // and a paragraph break become a space.
  function oneLine(s) { return s.replace(/\s*\\?\n\s*/g, " ").trim(); }
  function longestRun(s) {
    var runs = s.match(/\x60+/g) || [], n = 0;
    for (var i = 0; i < runs.length; i++) n = Math.max(n, runs[i].length);
    return n;
  }
  // Does a <br> stand at the edge of a line already: beside nothing, a block or another <br>?
  function lineEdge(node, dir) {
    var s = node[dir];
    while (s && s.nodeType === 3 && !/\S/.test(s.data)) s = s[dir];
    return !s || /^(BR|ADDRESS|ARTICLE|ASIDE|BLOCKQUOTE|DIV|DL|FIGURE|FOOTER|FORM|H[1-6]|HEADER|HR|LI|MAIN|NAV|OL|P|PRE|SECTION|TABLE|UL)$/.test(s.nodeName);
  }
  // Links resolve against the page's own base (its <base href>, else its address). A link that
  // cannot leave the page (javascript:, an anchor on the page itself) keeps only its text.
  function linkTarget(href) {
    var raw = href.trim(), url;
    if (!raw || raw.charAt(0) === "#") return "";
    try { url = new URL(raw, document.baseURI); } catch (e) { return ""; }
    if (!/^(https?|mailto|tel|ftp):$/.test(url.protocol)) return "";
    // Readability has already written "#part" against the base: still an anchor on this page.
    var bare = url.href.replace(/#.*$/, "");
    if (url.href !== bare && (bare === location.href.replace(/#.*$/, "") || bare === document.baseURI.replace(/#.*$/, ""))) return "";
    // Parentheses break a Markdown destination in many readers: they are sent percent-encoded.
    return url.href.replace(/\(/g, "%28").replace(/\)/g, "%29");
  }

  return function (td) {
    // Turndown escapes every "_"; one between two letters or digits (snake_case) is no emphasis
    // in GFM and stays as written. "<" before a tag name would read as HTML, so it is escaped.
    var escapeMarkdown = td.escape;
    td.escape = function (text) {
      return escapeMarkdown.call(td, text)
        .replace(/([\p{L}\p{N}])\\_(?=[\p{L}\p{N}])/gu, "$1_")
        .replace(/<(?=[A-Za-z\/!?])/g, "\\<");
    };

    td.addRule("ptdLineBreak", {
      filter: "br",
      replacement: function (_c, node) {
        // Two <br> in a row end a paragraph; one at the edge of a block adds nothing.
        return lineEdge(node, "previousSibling") || lineEdge(node, "nextSibling") ? "\n" : "\\\n";
      }
    });
    td.addRule("ptdHeading", {
      filter: ["h1", "h2", "h3", "h4", "h5", "h6"],
      replacement: function (content, node) {
        var text = oneLine(content);
        return text ? "\n\n" + repeat("#", Number(node.nodeName.charAt(1))) + " " + text + "\n\n" : "";
      }
    });
    // A fence longer than any backtick run in the code, with the language the page names.
    td.addRule("ptdCodeBlock", {
      filter: "pre",
      replacement: function (_c, node) {
        var code = (node.textContent || "").replace(/^\n+/, "").replace(/\s+$/, "");
        if (!code.trim()) return "";
        var fence = repeat(TICK, Math.max(3, longestRun(code) + 1));
        return "\n\n" + fence + (node.getAttribute("data-ptd-lang") || "") + "\n" + code + "\n" + fence + "\n\n";
      }
    });
    // A code span is its text (a link or <br> inside cannot be Markdown inside backticks).
    td.addRule("ptdCode", {
      filter: "code",
      replacement: function (_c, node) {
        var code = (node.textContent || "").replace(/\s*\n\s*/g, " ");
        if (!code.trim()) return "";
        // The delimiter is a backtick run that does not occur in the code.
        var runs = code.match(/\x60+/g) || [], tick = TICK;
        while (runs.indexOf(tick) >= 0) tick += TICK;
        var pad = /^\x60|\x60$|^ .*[^ ].* $/.test(code) ? " " : "";
        return tick + pad + code + pad + tick;
      }
    });

    // Tables (markdown-prepare.ts made them regular): a cell is one line with its pipes escaped.
    td.addRule("ptdTableCell", {
      filter: ["th", "td"],
      replacement: function (content) {
        var text = oneLine(content).replace(/\|/g, "\\|");
        return text ? " " + text + " |" : " |";
      }
    });
    td.addRule("ptdTableRow", {
      filter: "tr",
      replacement: function (content, node) {
        var head = node.parentNode.nodeName === "THEAD" ? "\n|" + repeat(" --- |", node.cells.length) : "";
        return "\n|" + content + head;
      }
    });
    td.addRule("ptdTableSection", { filter: ["thead", "tbody", "tfoot"], replacement: function (c) { return c; } });
    td.addRule("ptdTable", {
      filter: "table",
      replacement: function (content) { return "\n\n" + content.replace(/^\n+/, "") + "\n\n"; }
    });

    td.addRule("ptdImage", {
      filter: "img",
      replacement: function (_c, node) {
        var src = node.getAttribute("src");
        if (!src) return "";
        var alt = (node.getAttribute("alt") || "").replace(/[\[\]\s]+/g, " ").trim();
        return "![" + alt + "](" + src + ")";
      }
    });
    td.addRule("ptdLink", {
      filter: function (node) { return node.nodeName === "A" && node.hasAttribute("href"); },
      replacement: function (content, node) {
        var text = oneLine(content);
        if (!text) return "";
        var target = linkTarget(node.getAttribute("href"));
        return target ? "[" + text + "](" + target + ")" : text;
      }
    });
  };
})();

// No trailing spaces, no runs of blank lines, no break at the end of a paragraph; a code block
// keeps its blank lines.
function __ptdTidyMarkdown(md) {
  var out = [], fence = "";
  md.split("\n").forEach(function (line, i, lines) {
    line = line.replace(/\s+$/, "");
    var mark = /^[\s>]*(\x60{3,})[^\x60]*$/.exec(line);
    if (fence) {
      if (mark && mark[1].length >= fence.length && line.replace(/^[\s>]*/, "") === mark[1]) fence = "";
      out.push(line);
      return;
    }
    if (mark) fence = mark[1];
    // A hard break ("\" at the end, an odd count) before a blank line ends nothing: it goes.
    var next = (lines[i + 1] || "").trim();
    if (!next && /(^|[^\\])(\\\\)*\\$/.test(line)) line = line.slice(0, -1).replace(/\s+$/, "");
    if (line === "\\") line = "";
    if (!line && (!out.length || out[out.length - 1] === "")) return;
    out.push(line);
  });
  return out.join("\n").trim();
}
`;
