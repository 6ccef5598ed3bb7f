/**
 * The Turndown rules `markdown` writes with, for a document that prepare.ts has readied: each
 * table a regular grid with one heading row, each code block a `<pre data-ptd-lang>` holding only
 * its text, each image kept with one absolute `src`.
 */
import { linkTarget } from "./link-target";
import type { TurndownService } from "./turndown";

/** The whole text of a permalink beside a heading. */
const PERMALINK_SIGN = /^(#|¶|§|⚓|\u{1F517}\u{FE0F}?)$/u;

/**
 * A table cell, heading or link text is one line: a <br> in it (the hard break "\" + newline)
 * and a paragraph break become a space.
 */
export function oneLine(s: string): string {
  return s.replace(/\s*\\?\n\s*/g, " ").trim();
}

/** The longest run of backticks in `s` (0 for none). */
export function longestRun(s: string): number {
  const runs = s.match(/`+/g) || [];
  let n = 0;
  for (let i = 0; i < runs.length; i++) n = Math.max(n, runs[i].length);
  return n;
}

/** The delimiter of a code span: a backtick run that does not occur in the code. */
export function codeSpanTick(code: string): string {
  const runs: string[] = code.match(/`+/g) || [];
  let tick = "`";
  while (runs.indexOf(tick) >= 0) tick += "`";
  return tick;
}

/** Does a <br> stand at the edge of a line already: beside nothing, a block or another <br>? */
function lineEdge(node: Node, dir: "previousSibling" | "nextSibling"): boolean {
  let s = node[dir];
  while (s && s.nodeType === 3 && !/\S/.test((s as Text).data)) s = s[dir];
  return (
    !s ||
    /^(BR|ADDRESS|ARTICLE|ASIDE|BLOCKQUOTE|DIV|DL|FIGURE|FOOTER|FORM|H[1-6]|HEADER|HR|LI|MAIN|NAV|OL|P|PRE|SECTION|TABLE|UL)$/.test(
      s.nodeName,
    )
  );
}

/** Our escaping and rules (GFM tables, fenced code with its language, absolute links and images). */
export function markdownRules(td: TurndownService): void {
  // Turndown escapes every "_"; one between two letters or digits (snake_case) is no emphasis
  // in GFM and stays as written. "<" before a tag name would read as HTML, so it is escaped.
  const escapeMarkdown = td.escape;
  // (The Unicode pattern, costly to compile in each new renderer, only reads text with an "\\_".)
  td.escape = (text) => {
    let escaped: string = escapeMarkdown.call(td, text);
    if (escaped.indexOf("\\_") >= 0) escaped = escaped.replace(/([\p{L}\p{N}])\\_(?=[\p{L}\p{N}])/gu, "$1_");
    return escaped.replace(/<(?=[A-Za-z\/!?])/g, "\\<");
  };

  td.addRule("ptdLineBreak", {
    filter: "br",
    // Two <br> in a row end a paragraph; one at the edge of a block adds nothing.
    replacement: (_c, node) =>
      lineEdge(node, "previousSibling") || lineEdge(node, "nextSibling") ? "\n" : "\\\n",
  });
  td.addRule("ptdHeading", {
    filter: ["h1", "h2", "h3", "h4", "h5", "h6"],
    replacement: (content, node) => {
      const text = oneLine(content);
      return text ? "\n\n" + "#".repeat(Number(node.nodeName.charAt(1))) + " " + text + "\n\n" : "";
    },
  });
  // A fence longer than any backtick run in the code, with the language the page names.
  td.addRule("ptdCodeBlock", {
    filter: "pre",
    replacement: (_c, node) => {
      const code = (node.textContent || "").replace(/^\n+/, "").replace(/\s+$/, "");
      if (!code.trim()) return "";
      const fence = "`".repeat(Math.max(3, longestRun(code) + 1));
      return (
        "\n\n" + fence + (node.getAttribute("data-ptd-lang") || "") + "\n" + code + "\n" + fence + "\n\n"
      );
    },
  });
  // A code span is its text (a link or <br> inside cannot be Markdown inside backticks).
  td.addRule("ptdCode", {
    filter: "code",
    replacement: (_c, node) => {
      const code = (node.textContent || "").replace(/\s*\n\s*/g, " ");
      if (!code.trim()) return "";
      const tick = codeSpanTick(code);
      const pad = /^`|`$|^ .*[^ ].* $/.test(code) ? " " : "";
      return tick + pad + code + pad + tick;
    },
  });

  // Tables (prepare-tables.ts made them regular): a cell is one line with its pipes escaped.
  td.addRule("ptdTableCell", {
    filter: ["th", "td"],
    replacement: (content) => {
      const text = oneLine(content).replace(/\|/g, "\\|");
      return text ? " " + text + " |" : " |";
    },
  });
  td.addRule("ptdTableRow", {
    filter: "tr",
    replacement: (content, node) => {
      const head =
        node.parentNode!.nodeName === "THEAD"
          ? "\n|" + " --- |".repeat((node as HTMLTableRowElement).cells.length)
          : "";
      return "\n|" + content + head;
    },
  });
  td.addRule("ptdTableSection", { filter: ["thead", "tbody", "tfoot"], replacement: (c) => c });
  td.addRule("ptdTable", {
    filter: "table",
    replacement: (content) => "\n\n" + content.replace(/^\n+/, "") + "\n\n",
  });

  td.addRule("ptdImage", {
    filter: "img",
    replacement: (_c, node) => {
      const src = node.getAttribute("src");
      if (!src) return "";
      const alt = (node.getAttribute("alt") || "").replace(/[\[\]\s]+/g, " ").trim();
      return "![" + alt + "](" + src + ")";
    },
  });
  td.addRule("ptdLink", {
    filter: (node) => node.nodeName === "A" && node.hasAttribute("href"),
    replacement: (content, node) => {
      const text = oneLine(content);
      if (!text) return "";
      const target = linkTarget(node.getAttribute("href")!);
      if (target) return "[" + text + "](" + target + ")";
      // A heading's permalink ("#", "¶", "§", a link emoji) says nothing once it leads nowhere.
      return PERMALINK_SIGN.test(text) ? "" : text;
    },
  });
}
