import { languageOf } from "./code-language";
import { all, squash } from "./dom";

/** The block's text with its lines: a <br> or a block element (a highlighter's line) ends one. */
export function codeText(pre: Node): string {
  let out = "";
  const walk = (node: Node): void => {
    for (let c = node.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3) {
        out += (c as Text).data;
        continue;
      }
      if (c.nodeType !== 1) continue;
      if (c.nodeName === "BR") {
        out += "\n";
        continue;
      }
      const block = /^(DIV|P|LI|TR|UL|OL|TABLE|H[1-6])$/.test(c.nodeName);
      if (block && out && !/\n$/.test(out)) out += "\n";
      walk(c);
      if (block && !/\n$/.test(out)) out += "\n";
    }
  };
  walk(pre);
  return out;
}

/** How many lines of `s` hold something. */
export function lineCount(s: string): number {
  return s.split("\n").filter((l) => /\S/.test(l)).length;
}

/**
 * The live page's code block whose text (as written, or as rendered) is `text`, spaces aside; the
 * page's blocks are read at the first question.
 */
function liveCodeBlocks(): (text: string) => HTMLElement | null {
  // A Map, not an object: a block whose text is "constructor" or "__proto__" is a key like any other.
  let livePres: Map<string, HTMLElement> | null = null;
  return (text) => {
    if (!livePres) {
      const pres = (livePres = new Map<string, HTMLElement>());
      all<HTMLElement>(document, "pre").forEach((p) => {
        [p.textContent, p.innerText].forEach((t) => {
          const k = squash(t);
          if (k && !pres.has(k)) pres.set(k, p);
        });
      });
    }
    return livePres.get(squash(text)) || null;
  };
}

/**
 * Each code block becomes `<pre data-ptd-lang="…">` holding its text, lines kept (`<br>`, a block
 * per line, or what the page renders), its language from the names highlighters use.
 */
export function prepareCode(root: Element): void {
  const liveTwin = liveCodeBlocks();
  all(root, "pre").forEach((pre) => {
    if (!root.contains(pre) || (pre.parentElement && pre.parentElement.closest("pre"))) return;
    all(pre, "[class*=linenos], [class*=line-numbers-rows], [class*=gutter]").forEach((n) => {
      n.remove();
    });
    let text = codeText(pre);
    const twin = liveTwin(text);
    // What the page renders has the lines a highlighter draws with CSS (display: block).
    const shown = twin ? twin.innerText || "" : "";
    if (twin && squash(shown) === squash(text) && lineCount(shown) > lineCount(text)) text = shown;
    const block = pre.ownerDocument.createElement("pre");
    const lang = languageOf(pre) || languageOf(twin);
    if (lang) block.setAttribute("data-ptd-lang", lang);
    block.textContent = text.replace(/\u00a0/g, " ");
    pre.replaceWith(block);
  });
  // Pygments' table layout: a column of line numbers beside the code.
  all(root, "td pre").forEach((pre) => {
    const row = pre.closest("tr");
    if (row && /^[\d\s]+$/.test(pre.textContent) && row.querySelectorAll("pre").length > 1) pre.remove();
  });
}
