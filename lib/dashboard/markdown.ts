/**
 * A tiny Markdown reader for the Playground preview. It produces a tree, never HTML: React renders
 * the tree and escapes every string, so a page's Markdown cannot inject markup or script. Raw HTML
 * in the source shows as text. Links and images keep only safe schemes (http, https, mailto,
 * data:image), resolved against the page's address.
 *
 * Covers what the markdown operation emits (turndown + GFM): ATX/Setext headings, paragraphs,
 * nested lists, fenced and indented code, quotes, rules, tables, and inline code, emphasis,
 * links, images, autolinks and hard breaks.
 */

export type Inline =
  | { type: "text"; text: string }
  | { type: "code"; text: string }
  | { type: "strong"; children: Inline[] }
  | { type: "em"; children: Inline[] }
  | { type: "del"; children: Inline[] }
  | { type: "link"; href: string; children: Inline[] }
  | { type: "image"; src: string; alt: string }
  | { type: "break" };

export type Block =
  | { type: "heading"; level: 1 | 2 | 3 | 4 | 5 | 6; children: Inline[] }
  | { type: "paragraph"; children: Inline[] }
  | { type: "list"; ordered: boolean; start: number; items: Block[][] }
  | { type: "code"; lang: string; text: string }
  | { type: "quote"; children: Block[] }
  | { type: "table"; header: Inline[][]; rows: Inline[][][] }
  | { type: "hr" };

export interface MarkdownOptions {
  /** Relative links and images resolve against this (the page's URL). */
  baseUrl?: string;
}

const MAX_DEPTH = 12;

export function parseMarkdown(source: string, options: MarkdownOptions = {}): Block[] {
  return parseBlocks(source.replace(/\r\n?/g, "\n").split("\n"), options, 0);
}

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)/;
const HEADING = /^ {0,3}(#{1,6})(?:\s+(.*?))?\s*#*\s*$/;
const HR = /^ {0,3}([-*_])(?:\s*\1){2,}\s*$/;
const LIST_ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])(\s+|$)(.*)$/;
const QUOTE = /^ {0,3}> ?(.*)$/;
const TABLE_DIVIDER = /^\s*\|?\s*:?-{1,}:?\s*(\|\s*:?-{1,}:?\s*)*\|?\s*$/;

function parseBlocks(lines: string[], options: MarkdownOptions, depth: number): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i].trim().startsWith(fence[1])) body.push(lines[i++]);
      i++; // closing fence (or end of input)
      blocks.push({ type: "code", lang: fence[2] ?? "", text: body.join("\n") });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({
        type: "heading",
        level: heading[1].length as 1,
        children: parseInline(heading[2] ?? "", options, depth),
      });
      i++;
      continue;
    }
    if (HR.test(line)) {
      blocks.push({ type: "hr" });
      i++;
      continue;
    }
    if (/^( {4}|\t)/.test(line)) {
      const body: string[] = [];
      while (i < lines.length && (/^( {4}|\t)/.test(lines[i]) || !lines[i].trim()))
        body.push(lines[i++].replace(/^( {4}|\t)/, ""));
      blocks.push({ type: "code", lang: "", text: body.join("\n").replace(/\n+$/, "") });
      continue;
    }
    if (QUOTE.test(line)) {
      const body: string[] = [];
      while (i < lines.length && lines[i].trim() && (QUOTE.test(lines[i]) || body.length)) {
        const q = QUOTE.exec(lines[i]);
        body.push(q ? q[1] : lines[i]);
        i++;
      }
      blocks.push({
        type: "quote",
        children: depth < MAX_DEPTH ? parseBlocks(body, options, depth + 1) : [],
      });
      continue;
    }
    if (LIST_ITEM.test(line)) {
      i = readList(lines, i, blocks, options, depth);
      continue;
    }
    if (
      line.includes("|") &&
      i + 1 < lines.length &&
      TABLE_DIVIDER.test(lines[i + 1]) &&
      lines[i + 1].includes("-")
    ) {
      const header = splitRow(line).map((c) => parseInline(c, options, depth));
      const rows: Inline[][][] = [];
      i += 2;
      while (i < lines.length && lines[i].trim() && lines[i].includes("|")) {
        rows.push(splitRow(lines[i++]).map((c) => parseInline(c, options, depth)));
      }
      blocks.push({ type: "table", header, rows });
      continue;
    }
    // Paragraph: until a blank line or the start of another block.
    const body: string[] = [line];
    i++;
    while (i < lines.length && lines[i].trim() && !startsBlock(lines[i])) {
      if (/^ {0,3}(=+|-+)\s*$/.test(lines[i])) {
        // Setext heading underline.
        const level = lines[i].trim().startsWith("=") ? 1 : 2;
        blocks.push({ type: "heading", level, children: parseInline(body.join("\n"), options, depth) });
        body.length = 0;
        i++;
        break;
      }
      body.push(lines[i++]);
    }
    if (body.length)
      blocks.push({ type: "paragraph", children: parseInline(body.join("\n"), options, depth) });
  }
  return blocks;
}

function startsBlock(line: string): boolean {
  return FENCE.test(line) || HEADING.test(line) || HR.test(line) || QUOTE.test(line) || LIST_ITEM.test(line);
}

function readList(
  lines: string[],
  start: number,
  out: Block[],
  options: MarkdownOptions,
  depth: number,
): number {
  const first = LIST_ITEM.exec(lines[start])!;
  const ordered = /\d/.test(first[2]);
  const indent = first[1].length;
  const items: string[][] = [];
  let i = start;
  while (i < lines.length) {
    const line = lines[i];
    const m = LIST_ITEM.exec(line);
    if (m && m[1].length <= indent + 1 && /\d/.test(m[2]) === ordered) {
      items.push([m[4]]);
      i++;
      continue;
    }
    if (!line.trim()) {
      // A blank line continues the list only if the next line is indented or another item.
      const next = lines[i + 1];
      if (
        next !== undefined &&
        (/^\s{2,}\S/.test(next) || (LIST_ITEM.exec(next)?.[1].length ?? 99) <= indent + 1)
      ) {
        items[items.length - 1].push("");
        i++;
        continue;
      }
      break;
    }
    if (/^\s{2,}\S/.test(line) || !startsBlock(line)) {
      // Continuation: nested content (dedented) or a lazy paragraph line.
      items[items.length - 1].push(line.replace(/^\s{2,4}/, ""));
      i++;
      continue;
    }
    break;
  }
  out.push({
    type: "list",
    ordered,
    start: ordered ? Number.parseInt(first[2], 10) : 1,
    items: items.map((body) => (depth < MAX_DEPTH ? parseBlocks(body, options, depth + 1) : [])),
  });
  return i;
}

function splitRow(line: string): string[] {
  const trimmed = line.trim().replace(/^\|/, "").replace(/\|$/, "");
  return trimmed.split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, "|"));
}

// ---- inline ----

const ESCAPABLE = /[\\`*_{}[\]()#+\-.!|<>~]/;

export function parseInline(text: string, options: MarkdownOptions = {}, depth = 0): Inline[] {
  const out: Inline[] = [];
  let buffer = "";
  const flush = () => {
    if (buffer) out.push({ type: "text", text: buffer });
    buffer = "";
  };
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const ch = text[i];
    if (ch === "\\" && i + 1 < text.length && ESCAPABLE.test(text[i + 1])) {
      buffer += text[i + 1];
      i += 2;
      continue;
    }
    if (ch === "\\" && text[i + 1] === "\n") {
      flush();
      out.push({ type: "break" });
      i += 2;
      continue;
    }
    if (ch === "\n") {
      if (/ {2,}$/.test(buffer)) {
        buffer = buffer.replace(/ +$/, "");
        flush();
        out.push({ type: "break" });
      } else buffer += " ";
      i++;
      continue;
    }
    if (ch === "`") {
      const m = /^(`+)([\s\S]*?[^`])\1(?!`)/.exec(rest);
      if (m) {
        flush();
        out.push({ type: "code", text: m[2].replace(/^ (.*) $/, "$1") });
        i += m[0].length;
        continue;
      }
    }
    if (ch === "!" && text[i + 1] === "[") {
      const m = linkAt(text, i + 1);
      if (m) {
        flush();
        const src = safeUrl(m.href, options.baseUrl, "image");
        if (src) out.push({ type: "image", src, alt: m.label });
        else buffer += m.label;
        i = m.end;
        continue;
      }
    }
    if (ch === "[") {
      const m = linkAt(text, i);
      if (m) {
        flush();
        const href = safeUrl(m.href, options.baseUrl, "link");
        const children =
          depth < MAX_DEPTH
            ? parseInline(m.label, options, depth + 1)
            : [{ type: "text" as const, text: m.label }];
        if (href) out.push({ type: "link", href, children });
        else out.push(...children);
        i = m.end;
        continue;
      }
    }
    if (ch === "<") {
      const m = /^<((?:https?:\/\/|mailto:)[^\s<>]+)>/i.exec(rest);
      if (m) {
        flush();
        const href = safeUrl(m[1], undefined, "link");
        if (href) out.push({ type: "link", href, children: [{ type: "text", text: m[1] }] });
        else buffer += m[0];
        i += m[0].length;
        continue;
      }
    }
    if (ch === "*" || ch === "_" || ch === "~") {
      const m =
        /^(\*\*|__)(?=\S)([\s\S]*?\S)\1/.exec(rest) ??
        /^(~~)(?=\S)([\s\S]*?\S)~~/.exec(rest) ??
        /^(\*|_)(?=\S)([\s\S]*?\S)\1(?!\1)/.exec(rest);
      // `_` inside a word (snake_case) is not emphasis.
      const intraword = ch === "_" && /\w/.test(text[i - 1] ?? "");
      if (m && !intraword && depth < MAX_DEPTH) {
        flush();
        const children = parseInline(m[2], options, depth + 1);
        const type = m[1] === "~~" ? "del" : m[1].length === 2 ? "strong" : "em";
        out.push({ type, children });
        i += m[0].length;
        continue;
      }
    }
    buffer += ch;
    i++;
  }
  flush();
  return out;
}

/** `[label](href "title")` starting at `start` (the `[`), with balanced brackets and parentheses. */
function linkAt(text: string, start: number): { label: string; href: string; end: number } | null {
  let depth = 0;
  let j = start;
  for (; j < text.length; j++) {
    if (text[j] === "\\") {
      j++;
      continue;
    }
    if (text[j] === "[") depth++;
    else if (text[j] === "]" && --depth === 0) break;
  }
  if (j >= text.length || text[j + 1] !== "(") return null;
  const label = text.slice(start + 1, j);
  let k = j + 2;
  let parens = 1;
  for (; k < text.length; k++) {
    if (text[k] === "(") parens++;
    else if (text[k] === ")" && --parens === 0) break;
  }
  if (k >= text.length) return null;
  const inner = text.slice(j + 2, k).trim();
  const href = /^<([^>]*)>/.exec(inner)?.[1] ?? inner.split(/\s+/)[0] ?? "";
  return { label, href, end: k + 1 };
}

/** Keeps only schemes that cannot run script; resolves relative addresses against the page. */
export function safeUrl(raw: string, baseUrl: string | undefined, kind: "link" | "image"): string | null {
  const trimmed = raw.trim();
  if (!trimmed) return null;
  if (kind === "image" && /^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]+$/i.test(trimmed))
    return trimmed;
  let url: URL;
  try {
    url = baseUrl ? new URL(trimmed, baseUrl) : new URL(trimmed);
  } catch {
    return null;
  }
  const allowed = kind === "link" ? ["http:", "https:", "mailto:"] : ["http:", "https:"];
  return allowed.includes(url.protocol) ? url.toString() : null;
}
