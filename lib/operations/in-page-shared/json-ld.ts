/** A JSON-LD object as parsed: its properties are whatever the page wrote. */
export type LdNode = Record<string, unknown>;

/**
 * Every JSON-LD object of doc, in document order, with `@graph` members and a page's `mainEntity`
 * (the forum post or question a WebPage wraps) flattened in after the object that holds them.
 * `meta` and the main-content extractor read the same nodes, so a page's structured data is read
 * the same way by both.
 *
 * XHTML-era templates wrap a script's text in CDATA markers ("<![CDATA[ {…} ]]>", often inside
 * "//" or "/* *\/" comments), which JSON.parse rejects: they are stripped first. Malformed JSON-LD
 * is common and skipped.
 */
export function jsonLdNodes(doc: Document): LdNode[] {
  const nodes: LdNode[] = [];
  const scripts = doc.querySelectorAll('script[type="application/ld+json" i]');
  for (let i = 0; i < scripts.length && nodes.length < 5000; i++) {
    let parsed: unknown;
    try {
      const text = (scripts[i]!.textContent || "")
        .replace(/^\s*(\/\/|\/\*)?\s*<!\[CDATA\[/, "")
        .replace(/(\/\/|\/\*)?\s*\]\]>\s*(\*\/)?\s*$/, "");
      parsed = JSON.parse(text);
    } catch {
      continue;
    }
    const queue: unknown[] = [parsed];
    while (queue.length && nodes.length < 5000) {
      const o = queue.shift();
      if (Array.isArray(o)) {
        queue.push(...(o as unknown[]));
        continue;
      }
      if (!o || typeof o !== "object") continue;
      const node = o as LdNode;
      nodes.push(node);
      if (node["@graph"] && typeof node["@graph"] === "object") queue.push(node["@graph"]);
      if (node.mainEntity && typeof node.mainEntity === "object") queue.push(node.mainEntity);
    }
  }
  return nodes;
}
