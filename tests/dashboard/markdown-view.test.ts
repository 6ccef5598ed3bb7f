import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MarkdownView } from "@/components/results/markdown-view";
import { safeUrl } from "@/lib/dashboard/safe-url";

const render = (source: string, baseUrl?: string) =>
  renderToStaticMarkup(createElement(MarkdownView, { source, baseUrl }));

describe("Playground Markdown preview", () => {
  it("renders what the markdown operation emits: headings, lists, code, tables, strikethrough", () => {
    const html = render(
      "# Title\n\n1. one\n2. two\n\n```js\nconst a = '<b>';\n```\n\n| a | b |\n| - | - |\n| 1 | ~~2~~ |",
    );
    expect(html).toContain(">Title</h1>");
    expect(html).toMatch(/<ol[^>]*>\s*<li[^>]*>one<\/li>/);
    expect(html).toContain("<code>const a = &#x27;&lt;b&gt;&#x27;;</code></pre>");
    expect(html).toMatch(/<th[^>]*>a<\/th>/);
    expect(html).toContain("<del>2</del>");
  });

  it("shows raw HTML as text, never as markup", () => {
    const html = render('<script>alert(1)</script> <img src=x onerror="alert(1)">');
    expect(html).not.toMatch(/<script|<img/);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("drops script-capable links and images, keeping their text, and resolves relative ones", () => {
    const html = render(
      "[x](javascript:alert(1)) ![pic](data:text/html;base64,PHNjcmlwdD4=) [docs](/guide?a=1) ![logo](img/logo.png)",
      "https://example.com/a/",
    );
    expect(html).not.toMatch(/javascript:|data:text/);
    expect(html).toMatch(/<p>x pic <a href="https:\/\/example.com\/guide\?a=1"[^>]*>docs<\/a>/);
    expect(html).toContain('src="https://example.com/a/img/logo.png"');
    expect(safeUrl("mailto:a@example.com", undefined, "link")).toBe("mailto:a@example.com");
    expect(safeUrl("mailto:a@example.com", undefined, "image")).toBeNull();
    expect(safeUrl("data:image/png;base64,iVBORw0=", undefined, "image")).toBe(
      "data:image/png;base64,iVBORw0=",
    );
  });
});
