import { LANGUAGES, languageOf } from "./code-language";
import { all, norm, squash } from "./dom";

/**
 * A highlighter's line as its class names it: Shiki's `span.line`, prism-react-renderer's
 * `token-line`, CodeMirror's `cm-line`, Monaco's `view-line`. Where the page draws each line as a
 * block with CSS and writes no newline between them (Tailwind's documentation), only the class
 * says where a line ends: under the text load policy the page's styles are not there to show it.
 */
const LINE_CLASS = /(^|\s)(line|token-line|code-line|cm-line|view-line)(\s|$)/;

/** The block's text with its lines: a <br>, a block element or a highlighter's line ends one. */
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
      // A line the page already ends with a newline (Shiki's usual output) is not ended twice.
      const next = c.nextSibling;
      const lineEnds = LINE_CLASS.test((c as Element).getAttribute("class") || "");
      if (lineEnds && next && next.nodeType === 3 && /^\r?\n/.test((next as Text).data)) continue;
      if ((block || lineEnds) && !/\n$/.test(out)) out += "\n";
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
  // A Map, not an object: a block whose text is "constructor" or "__proto__" is a key like
  // any other.
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

/** Languages as code blocks' headers spell them, where the fence's names differ. */
const SPELLED: Record<string, string> = {
  "c#": "csharp",
  "c++": "cpp",
  "objective-c": "objc",
  "plain text": "text",
  terminal: "sh",
};
/** Names of one language, to tell a header that repeats the block's language. */
const SAME_AS: Record<string, string> = {
  javascript: "js",
  typescript: "ts",
  python: "py",
  shell: "sh",
  bash: "sh",
};
/** A copy button's words, which a header holds beside its label. */
const BUTTON_WORDS = /\b(copy( code| to clipboard)?|copied|select all)\b/g;
/** Headers that say only "here is code". */
const GENERIC_LABEL = /^(code|terminal|shell|console|command line|snippet)$/;

/** The node before `node` that holds something (an element, or text that is not blank). */
function previousContent(node: Node): Node | null {
  let n = node.previousSibling;
  while (n && (n.nodeType === 8 || (n.nodeType === 3 && !/\S/.test(n.textContent || ""))))
    n = n.previousSibling;
  return n;
}

/**
 * The header a code block's own frame shows above it: the element just before the block, or
 * before the wrapper the block opens (three levels up at most). Not a heading (a page's heading
 * names its section, whatever its words), nor anything that holds code, an image or a list.
 */
function headerBefore(pre: Element, root: Element): Element | null {
  let node: Element = pre;
  for (let i = 0; i < 3 && !previousContent(node) && node.parentElement && node.parentElement !== root; i++)
    node = node.parentElement;
  const header = previousContent(node);
  if (!header || header.nodeType !== 1) return null;
  const el = header as Element;
  if (/^(H[1-6]|PRE|CODE|TABLE|UL|OL|LI|IMG|FIGURE)$/.test(el.nodeName)) return null;
  return el.querySelector("pre, code, img, table, ul, ol, h1, h2, h3, h4, h5, h6") ? null : el;
}

/**
 * A header that only names the block's language or says it is code ("js", "Terminal",
 * "Code: Select all", beside a copy button's words) repeats what the fence says: it goes, and
 * names the block's language when nothing else did. A file's name, or a language other than the
 * block's, is the reader's and stays.
 */
function dropLanguageHeader(pre: Element, root: Element, lang: string): string {
  const header = headerBefore(pre, root);
  const text = header ? norm(header.textContent).toLowerCase() : "";
  if (!header || !text || text.length > 40) return lang;
  const label = text
    .replace(BUTTON_WORDS, " ")
    .replace(/[:\s]+/g, " ")
    .trim();
  const named = LANGUAGES.test(label) ? label : SPELLED[label] || "";
  const same = (a: string, b: string) => (SAME_AS[a] || a) === (SAME_AS[b] || b);
  if (label && !GENERIC_LABEL.test(label) && !(named && (!lang || same(named, lang)))) return lang;
  header.remove();
  return lang || named;
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
    const lang = dropLanguageHeader(pre, root, languageOf(pre) || languageOf(twin));
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
