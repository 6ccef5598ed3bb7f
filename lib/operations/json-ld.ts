/**
 * In-page source (plain ES5, so it runs in any page and in main-content.ts's extractor) defining
 * `jsonLdNodes()`: every JSON-LD object on the page, in document order, with `@graph` members and
 * a page's `mainEntity` (the forum post or question a WebPage wraps) flattened in after the
 * object that holds them. `meta` and the main-content extractor read the same nodes, so a page's
 * structured data is read the same way by both.
 *
 * XHTML-era templates wrap a script's text in CDATA markers ("<![CDATA[ {…} ]]>", often inside
 * "//" or "/* *\/" comments), which JSON.parse rejects: they are stripped first. Malformed JSON-LD
 * is common and skipped.
 */
export const JSON_LD_NODES = String.raw`
  function jsonLdNodes() {
    var nodes = [];
    var scripts = document.querySelectorAll('script[type="application/ld+json" i]');
    for (var i = 0; i < scripts.length && nodes.length < 5000; i++) {
      var parsed;
      try {
        var text = (scripts[i].textContent || "")
          .replace(/^\s*(\/\/|\/\*)?\s*<!\[CDATA\[/, "")
          .replace(/(\/\/|\/\*)?\s*\]\]>\s*(\*\/)?\s*$/, "");
        parsed = JSON.parse(text);
      } catch (e) {
        continue;
      }
      var queue = [parsed];
      while (queue.length && nodes.length < 5000) {
        var o = queue.shift();
        if (Array.isArray(o)) { queue.push.apply(queue, o); continue; }
        if (!o || typeof o !== "object") continue;
        nodes.push(o);
        if (o["@graph"] && typeof o["@graph"] === "object") queue.push(o["@graph"]);
        if (o.mainEntity && typeof o.mainEntity === "object") queue.push(o.mainEntity);
      }
    }
    return nodes;
  }
`;
