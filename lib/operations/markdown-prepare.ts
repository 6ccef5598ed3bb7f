/**
 * In-page source (plain ES5) that readies the main content (an inert copy, main-content.ts) for
 * Turndown and markdown-rules.ts. Readability, which picked most of that content, drops class
 * names, inline styles and H1s (it makes them H2), so what only those told is read back from the
 * live page: an element of the copy is matched to its twin on the page by its text (code blocks,
 * headings) or its address (images). Defines `__ptdPrepareMarkdown(root)`:
 *
 * - headings an H1 on the page are H1 again; a list written straight inside a list is nested
 *   in the item before it;
 * - each code block becomes `<pre data-ptd-lang="…">` holding its text, lines kept (`<br>`,
 *   a block per line, or what the page renders), its language from the names highlighters use;
 * - each data table a regular grid (spans filled with empty cells) whose first row is its heading
 *   row (an empty one when the table has none); layout tables give their cells' content instead;
 * - each image keeps one absolute `src` (lazy-load and srcset sources read), or goes when it is
 *   no content: a tracking pixel, an icon, an avatar, an image with no source; an emoji is its alt;
 * - figure captions follow their image; class names go (Turndown's plugins must not read them).
 *
 * Written with String.raw so regular expressions read as they run.
 */
export const MARKDOWN_PREPARE_JS = String.raw`
var __ptdPrepareMarkdown = (function () {
  function all(root, selector) { return Array.prototype.slice.call(root.querySelectorAll(selector)); }
  function norm(s) { return (s || "").replace(/[\s\u00a0]+/g, " ").trim(); }
  function squash(s) { return (s || "").replace(/[\s\u00a0]+/g, ""); }
  function classOf(el) { return (el && el.getAttribute && el.getAttribute("class")) || ""; }
  function rename(el, tag) {
    var copy = el.ownerDocument.createElement(tag);
    while (el.firstChild) copy.appendChild(el.firstChild);
    el.replaceWith(copy);
    return copy;
  }
  function absolute(url) {
    try { return new URL(url.trim(), document.baseURI).href; } catch (e) { return ""; }
  }

  // ---- Headings: Readability writes the page's H1s as H2.
  function restoreHeadings(root) {
    var levels = {};
    all(document, "h1, h2").forEach(function (h) { var k = norm(h.textContent); levels[k] = (levels[k] || "") + h.nodeName; });
    all(root, "h2").forEach(function (h) {
      var seen = levels[norm(h.textContent)] || "";
      if (seen.indexOf("H1") >= 0 && seen.indexOf("H2") < 0) rename(h, "h1");
    });
  }

  // ---- Code blocks.
  var LANGUAGES = /^(bash|sh|shell|shellsession|zsh|fish|console|powershell|ps1|bat|batch|cmd|python|py|python3|ipython|ipython3|pycon|ruby|rb|perl|php|javascript|js|jsx|mjs|typescript|ts|tsx|json|json5|jsonc|yaml|yml|toml|ini|xml|html|xhtml|svg|css|scss|sass|less|sql|mysql|pgsql|plsql|go|golang|rust|rs|java|kotlin|kt|scala|swift|c|cpp|c\+\+|cc|h|hpp|csharp|cs|fsharp|objectivec|objc|r|matlab|julia|lua|dart|elixir|erlang|haskell|hs|clojure|lisp|scheme|ocaml|groovy|dockerfile|docker|makefile|make|cmake|nginx|apache|diff|patch|markdown|md|graphql|protobuf|proto|terraform|hcl|vim|tex|latex|http|jinja|django|twig|nix|awk|svelte|vue|elm|zig|nim|solidity|nasm|asm|fortran|pascal|delphi|vbnet|vb|regex|csv|plaintext|text|txt)$/;
  var NO_LANGUAGE = /^(none|nohighlight|no-highlight|plain|default|auto|undefined|null|source|code)$/;
  // The language a highlighter wrote on one element: data-lang, "language-x"/"lang-x" (Prism,
  // highlight.js, GFM renderers), "highlight-source-x" (GitHub), "highlight-x" (Pygments, Sphinx),
  // "brush: x" (SyntaxHighlighter), and on the block itself a bare name ("hljs python", pandoc).
  // On a wrapper, "language-en" or data-lang="de" may name a human language: there only a known
  // code language counts (and GitHub's unambiguous highlight-source-x).
  function languageOn(el, onBlock) {
    var cls = classOf(el).toLowerCase(), tokens = cls.split(/\s+/), m, i, github = false;
    var named = el.getAttribute("data-lang") || el.getAttribute("data-language") || el.getAttribute("data-code-language") || "";
    // GitHub's <pre lang="python">; a two-letter lang is a human language ("en").
    var lang = (el.getAttribute("lang") || "").toLowerCase();
    if (!named && onBlock && lang.length > 2 && LANGUAGES.test(lang)) named = lang;
    if (!named && (m = /(?:^|\s)brush:\s*([\w#+.-]+)/.exec(cls))) named = m[1];
    for (i = 0; !named && i < tokens.length; i++) {
      m = /^highlight-(?:source|text)-([\w#+.-]+)$/.exec(tokens[i]);
      if (m) github = true;
      else m = /^(?:language|lang|highlight|sourcecode)-([\w#+.-]+)$/.exec(tokens[i]);
      if (m) named = m[1];
    }
    for (i = 0; !named && onBlock && i < tokens.length; i++) if (LANGUAGES.test(tokens[i])) named = tokens[i];
    named = named.toLowerCase().replace(/[^\w#+.-]/g, "").slice(0, 30);
    if (NO_LANGUAGE.test(named) || (!onBlock && !github && !LANGUAGES.test(named))) return "";
    return named;
  }
  function languageOf(pre) {
    if (!pre) return "";
    var code = pre.querySelector("code");
    var lang = languageOn(pre, true) || (code ? languageOn(code, true) : "");
    // Wrappers: GitHub's div.highlight-source-js, Sphinx's div.highlight-python > div.highlight.
    for (var el = pre.parentElement, i = 0; !lang && el && i < 3; el = el.parentElement, i++) lang = languageOn(el, false);
    return lang;
  }
  // The block's text with its lines: a <br> or a block element (a highlighter's line) ends one.
  function codeText(pre) {
    var out = "";
    (function walk(node) {
      for (var c = node.firstChild; c; c = c.nextSibling) {
        if (c.nodeType === 3) { out += c.data; continue; }
        if (c.nodeType !== 1) continue;
        if (c.nodeName === "BR") { out += "\n"; continue; }
        var block = /^(DIV|P|LI|TR|UL|OL|TABLE|H[1-6])$/.test(c.nodeName);
        if (block && out && !/\n$/.test(out)) out += "\n";
        walk(c);
        if (block && !/\n$/.test(out)) out += "\n";
      }
    })(pre);
    return out;
  }
  var livePres = null;
  function liveTwin(text) {
    if (!livePres) {
      livePres = {};
      all(document, "pre").forEach(function (p) {
        [p.textContent, p.innerText].forEach(function (t) { var k = squash(t); if (k && !livePres[k]) livePres[k] = p; });
      });
    }
    return livePres[squash(text)] || null;
  }
  function lineCount(s) { return s.split("\n").filter(function (l) { return /\S/.test(l); }).length; }
  function prepareCode(root) {
    all(root, "pre").forEach(function (pre) {
      if (!root.contains(pre) || (pre.parentElement && pre.parentElement.closest("pre"))) return;
      all(pre, "[class*=linenos], [class*=line-numbers-rows], [class*=gutter]").forEach(function (n) { n.remove(); });
      var text = codeText(pre), twin = liveTwin(text);
      // What the page renders has the lines a highlighter draws with CSS (display: block).
      var shown = twin ? twin.innerText || "" : "";
      if (twin && squash(shown) === squash(text) && lineCount(shown) > lineCount(text)) text = shown;
      var block = pre.ownerDocument.createElement("pre");
      var lang = languageOf(pre) || languageOf(twin);
      if (lang) block.setAttribute("data-ptd-lang", lang);
      block.textContent = text.replace(/\u00a0/g, " ");
      pre.replaceWith(block);
    });
    // Pygments' table layout: a column of line numbers beside the code.
    all(root, "td pre").forEach(function (pre) {
      var row = pre.closest("tr");
      if (row && /^[\d\s]+$/.test(pre.textContent) && row.querySelectorAll("pre").length > 1) pre.remove();
    });
  }

  // ---- Tables.
  function isLayout(table) {
    var role = (table.getAttribute("role") || "").toLowerCase();
    if (role === "presentation" || role === "none") return true;
    if (table.querySelector("table, pre, h1, h2, h3, h4, h5, h6")) return true;
    var rows = table.rows, cols = 0;
    for (var i = 0; i < rows.length; i++) cols = Math.max(cols, rows[i].cells.length);
    return rows.length < 2 || cols < 2;
  }
  function unwrap(table) {
    var doc = table.ownerDocument, box = doc.createElement("div");
    all(table, "caption, td, th").forEach(function (cell) {
      var d = doc.createElement("div");
      while (cell.firstChild) d.appendChild(cell.firstChild);
      box.appendChild(d);
    });
    table.replaceWith(box);
  }
  // The table's cells placed on a grid: a spanned place holds null.
  function grid(table) {
    var rows = Array.prototype.slice.call(table.rows), places = [];
    rows.forEach(function (row, r) {
      places[r] = places[r] || [];
      var c = 0;
      Array.prototype.forEach.call(row.cells, function (cell) {
        while (places[r][c] !== undefined) c++;
        var across = Math.min(Math.max(cell.colSpan || 1, 1), 50);
        var down = cell.rowSpan === 0 ? rows.length - r : Math.min(Math.max(cell.rowSpan || 1, 1), rows.length - r);
        for (var dr = 0; dr < down; dr++) {
          places[r + dr] = places[r + dr] || [];
          for (var dc = 0; dc < across; dc++) places[r + dr][c + dc] = dr || dc ? null : cell;
        }
        c += across;
      });
    });
    return { rows: rows, places: places };
  }
  function regularTable(table) {
    var doc = table.ownerDocument, g = grid(table), width = 0;
    g.places.forEach(function (p) { width = Math.max(width, p.length); });
    var first = g.rows[0];
    var headed = first && (first.parentNode.nodeName === "THEAD" ||
      Array.prototype.every.call(first.cells, function (c) { return c.nodeName === "TH"; }));
    var out = doc.createElement("table"), head = doc.createElement("thead"), body = doc.createElement("tbody");
    function row(places, tag) {
      var tr = doc.createElement("tr");
      for (var c = 0; c < width; c++) {
        var cell = doc.createElement(tag), from = places ? places[c] : null;
        if (from) while (from.firstChild) cell.appendChild(from.firstChild);
        tr.appendChild(cell);
      }
      return tr;
    }
    head.appendChild(row(headed ? g.places[0] : null, "th"));
    g.places.forEach(function (p, r) { if (r || !headed) body.appendChild(row(p, "td")); });
    out.appendChild(head);
    out.appendChild(body);
    if (table.caption && norm(table.caption.textContent)) {
      var caption = rename(table.caption, "p");
      table.parentNode.insertBefore(caption, table);
    }
    table.replaceWith(out);
  }
  function prepareTables(root) {
    // Innermost first: a table inside a table makes the outer one layout.
    all(root, "table").reverse().forEach(function (t) {
      if (root.contains(t)) isLayout(t) ? unwrap(t) : regularTable(t);
    });
  }

  // ---- Images.
  var PLACEHOLDER = /^(data|about|blob):|(^|[\/_.-])(blank|spacer|pixel|placeholder|transparent|lazy|loading|loader|empty|grey|gray|1x1)[\w.-]*\.(gif|png|svg|jpe?g|webp)([?#]|$)/i;
  var TRACKER = /^https?:\/\/([^\/]*\.)?(doubleclick\.net|google-analytics\.com|googletagmanager\.com|googleadservices\.com|scorecardresearch\.com|quantserve\.com|bat\.bing\.com|pixel\.wp\.com|stats\.wp\.com|(pixel|pixels|tracker|tracking|track|beacon|analytics|stats|counter|metrics)\.[^\/]+)\/|^https?:\/\/[^\/]*facebook\.com\/tr[\/?]|\/(pixel|beacon|tracking|track|collect|impression|1x1)\.(gif|png)([?#]|$)/i;
  var ICON_CLASS = /(^|[\s_-])(emoji|emoticon|smiley|wp-smiley|icon|icons|avatar|gravatar|sprite|spinner)([\s_-]|$)/i;
  var ICON_SRC = /gravatar\.com\/avatar|\/avatars?\/|[\/.-]emoji[\/.-]|twemoji|\/icons?\/|\/icons?([-_.][\w.-]*)?\.(svg|png|gif|ico|webp)([?#]|$)|\/sprites?\/|favicon/i;
  var EMOJI = /emoji|emoticon|smiley/i;
  var LAZY_ATTRIBUTES = ["data-src", "data-lazy-src", "data-original", "data-lazy", "data-url", "data-hi-res-src", "data-full-src"];

  // The biggest candidate of a srcset (by its width or density descriptor).
  function largest(srcset) {
    var s = srcset || "", i = 0, best = "", score = -1;
    while (i < s.length) {
      while (i < s.length && /[\s,]/.test(s.charAt(i))) i++;
      var j = i;
      while (j < s.length && !/\s/.test(s.charAt(j))) j++;
      var url = s.slice(i, j), descriptor = "";
      i = j;
      if (/,$/.test(url)) url = url.replace(/,+$/, "");
      else {
        var k = s.indexOf(",", i);
        if (k < 0) k = s.length;
        descriptor = s.slice(i, k);
        i = k + 1;
      }
      var m = /([\d.]+)\s*[wx]/.exec(descriptor), n = m ? parseFloat(m[1]) : 1;
      if (url && n > score) { best = url; score = n; }
    }
    return best;
  }
  function lazySource(img) {
    for (var i = 0; i < LAZY_ATTRIBUTES.length; i++) {
      var v = (img.getAttribute(LAZY_ATTRIBUTES[i]) || "").trim();
      if (v && !PLACEHOLDER.test(v)) return v;
    }
    return "";
  }
  function srcsetOf(img) {
    var set = img.getAttribute("srcset") || img.getAttribute("data-srcset") || img.getAttribute("data-lazy-srcset") || "";
    var picture = img.parentElement && img.parentElement.nodeName === "PICTURE" ? img.parentElement : null;
    if (!set && picture) {
      var source = picture.querySelector("source[srcset], source[data-srcset]");
      if (source) set = source.getAttribute("srcset") || source.getAttribute("data-srcset") || "";
    }
    return set;
  }
  // The image's source: a real src; a lazy-load script's source when src is its placeholder (or
  // the image says it is lazy); else the largest srcset candidate.
  function sourceOf(img, lazyClass) {
    var src = (img.getAttribute("src") || "").trim(), lazy = lazySource(img);
    var real = src && !PLACEHOLDER.test(src) ? src : "";
    var url = (lazy && (!real || lazyClass) ? lazy : "") || real || largest(srcsetOf(img)) || lazy;
    url = url ? absolute(url) : "";
    return /^https?:/.test(url) ? url : "";
  }
  var liveImages = null;
  function liveTwinImage(img) {
    if (!liveImages) {
      liveImages = {};
      all(document, "img").forEach(function (l) {
        var keys = [l.currentSrc, l.getAttribute("src"), lazySource(l), largest(srcsetOf(l))];
        keys.forEach(function (k) { k = k && absolute(k); if (k && !liveImages[k]) liveImages[k] = l; });
      });
    }
    var mine = [img.getAttribute("src"), lazySource(img), largest(srcsetOf(img))];
    for (var i = 0; i < mine.length; i++) {
      var k = mine[i] && absolute(mine[i]);
      if (k && liveImages[k]) return liveImages[k];
    }
    return null;
  }
  function px(v) { return /^\s*[\d.]+\s*(px)?\s*$/.test(v || "") ? parseFloat(v) : NaN; }
  // A tracking pixel or spacer: 2 px or less across or down as its attributes declare it; or, on
  // the page, 2 × 2 px or less as loaded from url (not a lazy-load placeholder still in its place)
  // or as laid out where a style sets its size (an image not fetched lies out 0 × 0 unsized, and
  // Next.js's sizes images width:0 with a min-width: the box counts, not the declaration).
  function isTiny(img, twin, url) {
    var declared = [img.getAttribute("width"), img.getAttribute("height")];
    if (twin) declared.push(twin.getAttribute("width"), twin.getAttribute("height"));
    for (var i = 0; i < declared.length; i++) if (px(declared[i]) <= 2) return true;
    if (!twin || !twin.getClientRects().length) return false;
    var loaded = twin.complete && twin.naturalWidth > 0 && !!twin.currentSrc && absolute(twin.currentSrc) === url;
    if (loaded && twin.naturalWidth <= 2 && twin.naturalHeight <= 2) return true;
    var box = twin.getBoundingClientRect();
    return (loaded || !!twin.style.width || !!twin.style.height) && box.width <= 2 && box.height <= 2;
  }
  function prepareImages(root) {
    all(root, "img").forEach(function (img) {
      if (img.closest("noscript")) return;
      var twin = liveTwinImage(img), classes = classOf(img) + " " + classOf(twin);
      var url = sourceOf(img, /lazy/i.test(classes));
      var alt = norm(img.getAttribute("alt"));
      if (url && (EMOJI.test(classes) || /[\/.-]emoji[\/.-]|twemoji/i.test(url))) {
        img.replaceWith(img.ownerDocument.createTextNode(alt));
        return;
      }
      if (!url || TRACKER.test(url) || ICON_CLASS.test(classes) || ICON_SRC.test(url) || isTiny(img, twin, url)) {
        img.remove();
        return;
      }
      for (var i = img.attributes.length - 1; i >= 0; i--) {
        if (img.attributes[i].name !== "alt") img.removeAttribute(img.attributes[i].name);
      }
      img.setAttribute("src", url.replace(/\(/g, "%28").replace(/\)/g, "%29"));
    });
    all(root, "picture source").forEach(function (s) { s.remove(); });
  }

  // A list written straight inside a list (as visual editors do) belongs to the item before it.
  function nestLists(root) {
    all(root, "ul > ul, ul > ol, ol > ul, ol > ol").forEach(function (list) {
      var item = list.previousElementSibling;
      if (!item || item.nodeName !== "LI") {
        item = list.ownerDocument.createElement("li");
        list.replaceWith(item);
      }
      item.appendChild(list);
    });
  }

  return function (root) {
    restoreHeadings(root);
    nestLists(root);
    prepareCode(root);
    // A code span is one line: a <br> in it is a space.
    all(root, "code br").forEach(function (br) { br.replaceWith(" "); });
    prepareTables(root);
    prepareImages(root);
    all(root, "figure > figcaption").forEach(function (c) { c.parentNode.appendChild(c); });
    all(root, "[class]").forEach(function (el) { el.removeAttribute("class"); });
  };
})();
`;
