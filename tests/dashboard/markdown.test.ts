import { describe, expect, it } from "vitest";
import { parseInline, parseMarkdown, safeUrl } from "@/lib/dashboard/markdown";

describe("Playground Markdown reader", () => {
  it("reads headings, paragraphs, rules and fenced code", () => {
    const blocks = parseMarkdown(
      "# Title\n\nFirst line\nsecond line\n\n---\n\n```js\nconst a = '<b>';\n```\n\nSub\n===",
    );
    expect(blocks).toEqual([
      { type: "heading", level: 1, children: [{ type: "text", text: "Title" }] },
      { type: "paragraph", children: [{ type: "text", text: "First line second line" }] },
      { type: "hr" },
      { type: "code", lang: "js", text: "const a = '<b>';" },
      { type: "heading", level: 1, children: [{ type: "text", text: "Sub" }] },
    ]);
  });

  it("reads nested and ordered lists", () => {
    const [list] = parseMarkdown("1. one\n2. two\n   - a\n   - b\n3. three");
    expect(list.type).toBe("list");
    if (list.type !== "list") return;
    expect(list.ordered).toBe(true);
    expect(list.items).toHaveLength(3);
    expect(list.items[1][1]).toMatchObject({
      type: "list",
      ordered: false,
      items: [[{ type: "paragraph" }], [{ type: "paragraph" }]],
    });
  });

  it("keeps raw HTML as text (React escapes it), never as markup", () => {
    const [p] = parseMarkdown('<script>alert(1)</script> <img src=x onerror="alert(1)">');
    expect(p).toEqual({
      type: "paragraph",
      children: [{ type: "text", text: '<script>alert(1)</script> <img src=x onerror="alert(1)">' }],
    });
  });

  it("drops script-capable link and image schemes and resolves relative ones against the page", () => {
    expect(parseInline("[x](javascript:alert(1))")).toEqual([{ type: "text", text: "x" }]);
    expect(parseInline("![x](data:text/html;base64,PHNjcmlwdD4=)")).toEqual([{ type: "text", text: "x" }]);
    expect(parseInline("[docs](/guide?a=1)", { baseUrl: "https://example.com/blog/post" })).toEqual([
      { type: "link", href: "https://example.com/guide?a=1", children: [{ type: "text", text: "docs" }] },
    ]);
    expect(parseInline('![logo](img/logo.png "Logo")', { baseUrl: "https://example.com/a/" })).toEqual([
      { type: "image", src: "https://example.com/a/img/logo.png", alt: "logo" },
    ]);
    expect(safeUrl("mailto:a@example.com", undefined, "link")).toBe("mailto:a@example.com");
    expect(safeUrl("mailto:a@example.com", undefined, "image")).toBeNull();
  });

  it("reads inline code, emphasis, strikethrough, autolinks, escapes and hard breaks", () => {
    expect(
      parseInline("a `<b>` **bold _it_** ~~gone~~ snake_case_name \\*lit\\* <https://x.example/>  \nnext"),
    ).toEqual([
      { type: "text", text: "a " },
      { type: "code", text: "<b>" },
      { type: "text", text: " " },
      {
        type: "strong",
        children: [
          { type: "text", text: "bold " },
          { type: "em", children: [{ type: "text", text: "it" }] },
        ],
      },
      { type: "text", text: " " },
      { type: "del", children: [{ type: "text", text: "gone" }] },
      { type: "text", text: " snake_case_name *lit* " },
      { type: "link", href: "https://x.example/", children: [{ type: "text", text: "https://x.example/" }] },
      { type: "break" },
      { type: "text", text: "next" },
    ]);
  });

  it("reads GFM tables and quotes", () => {
    const [table, quote] = parseMarkdown("| a | b |\n| --- | :-: |\n| 1 | 2 |\n\n> quoted\n> text");
    expect(table).toMatchObject({
      type: "table",
      header: [[{ text: "a" }], [{ text: "b" }]],
      rows: [[[{ text: "1" }], [{ text: "2" }]]],
    });
    expect(quote).toMatchObject({
      type: "quote",
      children: [{ type: "paragraph", children: [{ type: "text", text: "quoted text" }] }],
    });
  });

  it("survives pathological nesting without recursion blow-up", () => {
    const deep = "> ".repeat(200) + "x";
    expect(() => parseMarkdown(deep)).not.toThrow();
    expect(() => parseInline("[".repeat(5000) + "x")).not.toThrow();
  });
});
