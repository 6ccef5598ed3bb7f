import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
import { describe, expect, it } from "vitest";
import { markdown } from "@/lib/operations/markdown";
import { evaluateIsolated } from "@/lib/page/isolated-world";
import type { PageSnapshot } from "@/lib/page/types";
import { visitPage } from "@/lib/page/visit";
import { pageFixture } from "@/tests/page/setup";

/**
 * Markdown fidelity on real page shapes (tests/support/sites/markdown-pages.ts), visited by the
 * engine as the API visits them for `markdown` (the text load policy: images are not fetched).
 * What the Markdown means is read back with a CommonMark + GFM parser (micromark, as GitHub
 * renders), so a table, a code block or a nested list counts only if a reader would see one.
 */
const fx = pageFixture();

async function markdownOf(path: string): Promise<string> {
  return visitPage(
    { organization: "org-markdown", url: `http://site.test${path}`, loadPolicy: "text" },
    (snap) => markdown(snap),
    { pool: fx.pool },
  );
}

/** The parts of an mdast node these tests read. */
interface Node {
  type: string;
  children?: Node[];
  value?: string;
  lang?: string | null;
  url?: string;
  alt?: string | null;
  depth?: number;
  ordered?: boolean | null;
  start?: number | null;
}

const parse = (md: string) =>
  fromMarkdown(md, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }) as unknown as Node;

function nodesOf(tree: Node, type: string): Node[] {
  const found: Node[] = [];
  const walk = (n: Node) => {
    if (n.type === type) found.push(n);
    n.children?.forEach(walk);
  };
  walk(tree);
  return found;
}

/** The text a reader sees (an image by its alt text). */
function textOf(n: Node): string {
  if (n.type === "image") return n.alt ?? "";
  if (n.type === "break") return "\n";
  return n.value ?? (n.children ?? []).map(textOf).join("");
}

/** A list as an indented outline: "- item", "9. item", two spaces per level. */
function outline(list: Node, depth = 0): string[] {
  return (list.children ?? []).flatMap((item, i) => {
    const marker = list.ordered ? `${(list.start ?? 1) + i}.` : "-";
    const [first, ...rest] = item.children ?? [];
    return [
      `${"  ".repeat(depth)}${marker} ${first ? textOf(first) : ""}`,
      ...rest.flatMap((n) => (n.type === "list" ? outline(n, depth + 1) : [])),
    ];
  });
}

describe("markdown fidelity", () => {
  it("writes a data table as one GFM table: a heading row, spans filled, one line per cell, pipes escaped; a layout table as its text", async () => {
    const md = await markdownOf("/markdown/table");
    const tables = nodesOf(parse(md), "table");
    expect(tables).toHaveLength(1);
    expect(tables[0]!.children!.map((row) => row.children!.map(textOf))).toEqual([
      ["Planet", "Moons", ""],
      ["", "Named", "Total"],
      ["Jupiter", "57", "95"],
      ["Saturn", "63", "146 as of 2023"],
      ["Uranus | Neptune", "counted separately", ""],
    ]);
    expect(md).toContain("| [Jupiter](http://site.test/wiki/Jupiter) |");
    expect(md).toContain("Known moons by planet\n\n|");
    expect(md).toContain("A layout table holds this note beside the photograph");
    expect(md).toContain("no reader would call it data.");
  });

  it("fences code with the language the page names, keeps its lines, and writes code spans and words as they are", async () => {
    const md = await markdownOf("/markdown/code");
    const tree = parse(md);
    expect(nodesOf(tree, "code").map((c) => [c.lang, c.value])).toEqual([
      ["python", 'def greet(name):\n    return f"Hello, {name}"'],
      ["js", "const total = items.reduce((a, b) => a + b, 0);\nconsole.log(total);"],
      ["rust", 'fn main() {\n    println!("hello");\n}'],
      ["bash", "npm install --save left-pad"],
      ["go", 'fmt.Println("hi")'],
      ["tsx", "const a = 1;\nconst b = 2;"],
      ["sql", "SELECT name\nFROM users\nWHERE id = 1;"],
      ["css", "body { margin: 0; }\np { color: red; }"],
      ["markdown", "Fence a block like this:\n```js\nlet x = 1;\n```"],
    ]);
    expect(nodesOf(tree, "inlineCode").map((c) => c.value)).toEqual(["greet()", "`x`", "snake_case_name"]);
    // An underscore inside a word is no emphasis: it is not escaped; one at a word's edge is.
    expect(md).toContain("as do file_name_utils and \\_\\_init\\_\\_ in prose.");
    expect(textOf(tree)).toContain("as do file_name_utils and __init__ in prose.");
  });

  it("keeps nested lists three levels deep, ordered inside unordered, indented under wide markers, and lists an editor wrote straight inside lists", async () => {
    const md = await markdownOf("/markdown/lists");
    const lists = parse(md).children!.filter((n) => n.type === "list");
    expect(lists.flatMap((l) => outline(l))).toEqual([
      "- Fruit",
      "  - Apples",
      "    1. Bramley",
      "    2. Cox",
      "  - Pears",
      "- Vegetables",
      "9. Ninth shelf",
      "10. Tenth shelf",
      "  - Spices on the tenth shelf",
      "- Knives",
      "  - Paring knife",
      "    - Carbon steel",
      "- Boards",
    ]);
  });

  it("makes links and images absolute, reads lazy sources, keeps a linked image once, and drops pixels, icons, avatars and empty links", async () => {
    const md = await markdownOf("/markdown/images");
    const tree = parse(md);
    const page = "http://site.test/markdown";
    expect(nodesOf(tree, "link").map((l) => [textOf(l), l.url])).toEqual([
      ["getting started guide", "http://site.test/docs/start.html"],
      ["next page", `${page}/images?page=2`],
      ["the notes", "http://cdn.site.test/notes.pdf"],
      ["Download the report", "http://site.test/files/report.pdf"],
      ["The mill, thumbnail", `${page}/img/full/mill.jpg`],
      ["The lock gates", `${page}/img/full/lock.jpg`],
    ]);
    expect(nodesOf(tree, "image").map((i) => [i.alt, i.url])).toEqual([
      // Its caption says it (the alt is not read twice: prepare-alts.ts).
      ["", `${page}/img/river.jpg`],
      ["A heron on the bank", `${page}/img/heron.jpg`],
      ["The towpath in autumn", `${page}/img/towpath.jpg`],
      ["The weir in flood", `${page}/img/weir-1200.jpg`],
      ["The mill, thumbnail", `${page}/img/thumb/mill.jpg`],
      ["The lock gates", `${page}/img/lock.jpg`],
    ]);
    // The caption is text below its image; a javascript: link is its text; an emoji its character.
    expect(md).toContain(`![](${page}/img/river.jpg)\n\nThe river at dawn, from the old bridge.`);
    expect(md).toContain("[the notes](http://cdn.site.test/notes.pdf) or show more.");
    expect(md).toContain("Photographs by the author 😀 with thanks. Ana Reyes lent the camera.");
    expect(md).not.toMatch(/(^|[^!])\[\s*\]\(/m); // no empty link (an image without alt is not one)
    expect(md).not.toMatch(/javascript:|tracker|beacon|gravatar|emoji|icon-pdf|\/share|\/social|ad-click/);
  });

  it("resolves links and images against the page's <base href>", async () => {
    const md = await markdownOf("/markdown/base");
    const tree = parse(md);
    const base = "http://static.site.test/guide/v2";
    expect(nodesOf(tree, "link").map((l) => l.url)).toEqual([
      "http://static.site.test/guide/docs/start.html",
      `${base}/?page=2`,
      "http://cdn.site.test/notes.pdf",
      "http://static.site.test/files/report.pdf",
      `${base}/img/full/mill.jpg`,
      `${base}/img/full/lock.jpg`,
    ]);
    expect(nodesOf(tree, "image").map((i) => i.url)).toEqual([
      `${base}/img/river.jpg`,
      `${base}/img/heron.jpg`,
      `${base}/img/towpath.jpg`,
      `${base}/img/weir-1200.jpg`,
      `${base}/img/thumb/mill.jpg`,
      `${base}/img/lock.jpg`,
    ]);
  });

  it("keeps the page's heading levels, block quotes and line breaks, with no trailing spaces or runs of blank lines", async () => {
    const md = await markdownOf("/markdown/headings");
    const tree = parse(md);
    // The H1 that repeats the title is dropped; the page's other H1 stays an H1. A heading's
    // permalink ("#", "¶") is not part of its text.
    expect(nodesOf(tree, "heading").map((h) => [h.depth, textOf(h)])).toEqual([
      [2, "Background"],
      [3, "Earlier work"],
      [1, "Part two"],
    ]);
    const quote = nodesOf(tree, "blockquote");
    expect(quote).toHaveLength(1);
    expect(quote[0]!.children!.map(textOf)).toEqual([
      "Quoted first paragraph, as the source wrote it.",
      "Quoted second paragraph.",
    ]);
    const paragraphs = nodesOf(tree, "paragraph").map(textOf);
    expect(paragraphs).toContain("A postal address:\n12 Mill Lane\nAshby");
    expect(paragraphs).toContain("Two breaks make a paragraph.");
    expect(paragraphs).toContain("This is the next one.");
    expect(md).not.toMatch(/[ \t]$/m);
    expect(md).not.toMatch(/\n\n\n/);
  });

  it("writes a heading and code blocks whose text names an object's property (__proto__, constructor)", async () => {
    const tree = parse(await markdownOf("/markdown/property-names"));
    expect(nodesOf(tree, "heading").map(textOf)).toEqual(["__proto__"]);
    expect(nodesOf(tree, "code").map((c) => c.value)).toEqual(["constructor", "__proto__"]);
  });

  it("preloads the extractor for the page's later documents: the same Markdown, none of it visible to the page", async () => {
    const org = "org-markdown-preload";
    const visit = <T>(path: string, read: (snap: PageSnapshot) => Promise<T>) =>
      visitPage({ organization: org, url: `http://site.test${path}`, loadPolicy: "text" }, read, {
        pool: fx.pool,
      });
    const first = await visit("/markdown/table", (snap) => markdown(snap));
    const second = await visit("/markdown/table", async (snap) => ({
      before: await evaluateIsolated(snap.page, "typeof __ptdMarkdown + ' ' + typeof __ptdMain"),
      pageSees: await snap.page.evaluate(
        "typeof __ptdMarkdown + ' ' + typeof __ptdMain + ' ' + typeof __ptd",
      ),
      md: await markdown(snap),
    }));
    expect(second.before).toBe("object function");
    expect(second.pageSees).toBe("undefined undefined undefined");
    expect(second.md).toBe(first);
    expect(nodesOf(parse(second.md), "table")).toHaveLength(1);
  });
});
