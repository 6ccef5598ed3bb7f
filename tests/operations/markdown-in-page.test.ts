import path from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES, languageOn } from "@/lib/operations/markdown-in-page/code-language";
import { largest, PLACEHOLDER } from "@/lib/operations/markdown-in-page/image-source";
import { AVATAR_ALT, ICON_SRC, TRACKER } from "@/lib/operations/markdown-in-page/prepare-images";
import { codeSpanTick, longestRun, oneLine } from "@/lib/operations/markdown-in-page/rules";
import { tidyMarkdown } from "@/lib/operations/markdown-in-page/tidy";
import { hasChromium, pageBundle } from "@/tests/support/page-bundle";

/**
 * The Markdown writer's modules (lib/operations/markdown-in-page/) one by one: the pure ones in
 * Node, the DOM steps in real Chromium (bundled for the page from a test entry, as
 * meta-rules.test.ts does). The whole writer on real page shapes is markdown.test.ts's business.
 */

/** An element as languageOn reads it: its attributes only. */
const element = (attributes: Record<string, string>) =>
  ({ getAttribute: (name: string) => attributes[name] ?? null }) as unknown as Element;

describe("tidyMarkdown", () => {
  it("drops trailing spaces and runs of blank lines, and starts and ends with text", () => {
    expect(tidyMarkdown("\n\nOne  \n\n\n\nTwo\t\n\n")).toBe("One\n\nTwo");
  });
  it("drops a hard break before a blank line, and a line that is only one; keeps an escaped backslash", () => {
    expect(tidyMarkdown("Line one\\\n\nLine two")).toBe("Line one\n\nLine two");
    expect(tidyMarkdown("A\n\\\n\nB")).toBe("A\n\nB");
    expect(tidyMarkdown("C:\\\\\n\nD")).toBe("C:\\\\\n\nD");
    expect(tidyMarkdown("Kept\\\nnext")).toBe("Kept\\\nnext");
  });
  it("keeps a code block's blank lines, to a closing fence at least as long as the opening one", () => {
    const md = "```js\na\n\n\nb  \n```\n\n\n````\n```\n\n\n````";
    expect(tidyMarkdown(md)).toBe("```js\na\n\n\nb\n```\n\n````\n```\n\n\n````");
  });
});

describe("the rules' text helpers", () => {
  it("write a cell, heading or link text on one line", () => {
    expect(oneLine(" a\\\nb \n\n c ")).toBe("a b c");
  });
  it("fence and delimit code longer than its backtick runs", () => {
    expect(longestRun("a `b` ``c`` d")).toBe(2);
    expect(longestRun("none")).toBe(0);
    expect(codeSpanTick("x")).toBe("`");
    expect(codeSpanTick("`x`")).toBe("``");
    expect(codeSpanTick("` and ``")).toBe("```");
  });
});

describe("code languages", () => {
  it("read from the names highlighters write on the block", () => {
    expect(languageOn(element({ class: "language-Python" }), true)).toBe("python");
    expect(languageOn(element({ class: "hljs rust" }), true)).toBe("rust");
    expect(languageOn(element({ class: "brush: js; gutter: false" }), true)).toBe("js");
    expect(languageOn(element({ "data-lang": "TSX" }), true)).toBe("tsx");
    expect(languageOn(element({ lang: "python" }), true)).toBe("python");
    expect(languageOn(element({ class: "language-none" }), true)).toBe("");
    expect(languageOn(element({ lang: "en" }), true)).toBe("");
  });
  it("on a wrapper, only a known code language or GitHub's highlight-source-x", () => {
    expect(languageOn(element({ class: "highlight-python" }), false)).toBe("python");
    expect(languageOn(element({ class: "highlight-source-foo" }), false)).toBe("foo");
    expect(languageOn(element({ class: "language-en" }), false)).toBe("");
    expect(languageOn(element({ "data-lang": "de" }), false)).toBe("");
    expect(languageOn(element({ class: "python" }), false)).toBe("");
    expect(LANGUAGES.test("c++")).toBe(true);
  });
});

describe("image sources", () => {
  it("take a srcset's largest candidate, by width or density", () => {
    expect(largest("a.jpg 480w, b.jpg 1200w, c.jpg 800w")).toBe("b.jpg");
    expect(largest("a.jpg, b.jpg 2x")).toBe("b.jpg");
    expect(largest("https://x.test/a,b.jpg 1x, https://x.test/c.jpg 3x")).toBe("https://x.test/c.jpg");
    expect(largest("")).toBe("");
  });
  it("tell a placeholder, a tracker and an icon by its address", () => {
    expect(PLACEHOLDER.test("data:image/gif;base64,R0lGOD")).toBe(true);
    expect(PLACEHOLDER.test("/img/lazy-placeholder.png")).toBe(true);
    expect(PLACEHOLDER.test("/img/river.jpg")).toBe(false);
    expect(TRACKER.test("https://www.facebook.com/tr?id=1")).toBe(true);
    expect(TRACKER.test("https://pixel.example.com/a.gif")).toBe(true);
    expect(TRACKER.test("https://example.com/img/track.jpg")).toBe(false);
    expect(ICON_SRC.test("https://example.com/icons/pdf.svg")).toBe(true);
    expect(ICON_SRC.test("https://example.com/img/iconic-view.jpg")).toBe(false);
  });
  it("tell an avatar by its address or its alt; not a film's poster", () => {
    expect(ICON_SRC.test("https://avatars.githubusercontent.com/u/49038?s=100&v=4")).toBe(true);
    expect(ICON_SRC.test("https://static.example.co.uk/forum/customavatars/avatar3711622_48.gif")).toBe(true);
    for (const alt of [
      "User avatar",
      "Avatar for Andrew97",
      "Profile image of Founder at Ghost",
      "Karri's avatar",
    ])
      expect(AVATAR_ALT.test(alt)).toBe(true);
    for (const alt of [
      "Avatar",
      "Avatar: The Way of Water poster",
      "A profile of the river in cross-section",
    ])
      expect(AVATAR_ALT.test(alt)).toBe(false);
    expect(ICON_SRC.test("https://example.com/posters/avatar-the-way-of-water.jpg")).toBe(false);
  });
});

describe.runIf(hasChromium)("the DOM steps, in Chromium", () => {
  const evaluateOn = pageBundle(
    path.join(import.meta.dirname, "markdown-in-page/page-entry.ts"),
    "__markdownTest",
  );

  /** The fragment readied in a page whose live document is `page`. */
  async function prepare(page: string, fragment: string): Promise<string> {
    return String(await evaluateOn(page, `__markdownTest.prepare(${JSON.stringify(fragment)})`));
  }

  it("end a code line where a highlighter's line element ends, written without newlines (Shiki on Tailwind's docs) or with them", async () => {
    const line = (...tokens: string[]) =>
      `<span class="line">${tokens.map((t) => `<span style="color:#f0f">${t}</span>`).join("")}</span>`;
    const bare = `<pre class="shiki"><code>${line("npm", " create", " vite@latest")}${line("cd", " my-project")}</code></pre>`;
    const withNewlines = `<pre class="shiki"><code>${line("npm", " install")}\n${line("npm", " run", " dev")}</code></pre>`;
    expect(await prepare("<p>page</p>", bare)).toBe("<pre>npm create vite@latest\ncd my-project\n</pre>");
    expect(await prepare("<p>page</p>", withNewlines)).toBe("<pre>npm install\nnpm run dev\n</pre>");
  });

  it("restore H1s, nest lists, write code blocks with their lines and language, regular tables and absolute images", async () => {
    const page = '<h1>Title</h1><div class="highlight-python"><pre>x = 1</pre></div>';
    const fragment =
      "<h2>Title</h2><ul><li>a</li><ul><li>b</li></ul></ul>" +
      '<pre class="x">x = 1</pre><pre><code class="language-js">a()<br>b()</code></pre>' +
      '<table><tr><th>A</th><th>B</th></tr><tr><td rowspan="2">1</td><td>2</td></tr><tr><td>3</td></tr></table>' +
      '<table role="presentation"><tr><td>only</td></tr></table>' +
      '<img src="/img/a(1).jpg" class="wide" width="600" alt="A"><img src="/img/b.gif" width="1">';
    expect(await prepare(page, fragment)).toBe(
      "<h1>Title</h1><ul><li>a<ul><li>b</li></ul></li></ul>" +
        '<pre data-ptd-lang="python">x = 1</pre><pre data-ptd-lang="js">a()\nb()</pre>' +
        "<table><thead><tr><th>A</th><th>B</th></tr></thead>" +
        "<tbody><tr><td>1</td><td>2</td></tr><tr><td></td><td>3</td></tr></tbody></table>" +
        "<div><div>only</div></div>" +
        '<img alt="A" src="https://example.test/img/a%281%29.jpg">',
    );
  });

  it("drop the site's logo, an image that is the whole of a link to the site's home page; keep a partner's", async () => {
    const img = (name: string, alt: string) => `<img src="/img/${name}.png" width="200" alt="${alt}">`;
    const page = '<link rel="canonical" href="https://www.example.org/harbour"><p>page</p>';
    const fragment =
      `<p><a href="/">${img("masthead", "Example News")}</a></p>` +
      `<p><a href="https://example.org/">${img("brand", "Example")}</a></p>` +
      `<p><a href="https://partner.example/">${img("partner", "Harbour Trust")}</a></p>` +
      `<p><a href="/photos/dawn">${img("dawn", "Boats at dawn")}</a></p>`;
    expect(await prepare(page, fragment)).toBe(
      '<p><a href="/"></a></p><p><a href="https://example.org/"></a></p>' +
        '<p><a href="https://partner.example/"><img alt="Harbour Trust" src="https://example.test/img/partner.png"></a></p>' +
        '<p><a href="/photos/dawn"><img alt="Boats at dawn" src="https://example.test/img/dawn.png"></a></p>',
    );
  });

  it("drop a poster's avatar, told by its alt or its address", async () => {
    const fragment =
      '<div><img src="/forum/customavatars/avatar37_48.gif" width="48" alt="">member37</div>' +
      '<div><img src="/u/1.jpg" width="80" alt="Avatar for Andrew97">Andrew97</div>' +
      '<p><img src="/posters/avatar.jpg" width="400" alt="Avatar"></p>';
    expect(await prepare("<p>page</p>", fragment)).toBe(
      "<div>member37</div><div>Andrew97</div>" +
        '<p><img alt="Avatar" src="https://example.test/posters/avatar.jpg"></p>',
    );
  });

  it("empty an image's alt when an earlier image has it, the content already says it or it is a file name; keep a new one", async () => {
    const img = (name: string, alt: string) => `<img src="/img/${name}.jpg" width="600" alt="${alt}">`;
    const fragment =
      "<h2>The harbour at dawn</h2>" +
      `<figure>${img("a", "Boats in the harbour")}<figcaption>Boats in the harbour, 6 a.m.</figcaption></figure>` +
      img("b", "Gallery") +
      img("c", "Gallery") +
      img("d", "A gull on a mooring post") +
      img("e", "the harbour at dawn!") +
      // A file name or an address for alt, and an alt that only names a format.
      img("f", "IMG_2979.jpg") +
      img("g", "Screen Shot 2022-07-10 at 8.11.16 AM.png") +
      img("h", "https://example.test/img/h.jpg") +
      img("i", "The JPEG and PNG formats compared");
    expect(await prepare("<p>page</p>", fragment)).toBe(
      "<h2>The harbour at dawn</h2>" +
        '<figure><img alt="" src="https://example.test/img/a.jpg"><figcaption>Boats in the harbour, 6 a.m.</figcaption></figure>' +
        '<img alt="Gallery" src="https://example.test/img/b.jpg">' +
        '<img alt="" src="https://example.test/img/c.jpg">' +
        '<img alt="A gull on a mooring post" src="https://example.test/img/d.jpg">' +
        '<img alt="" src="https://example.test/img/e.jpg">' +
        '<img alt="" src="https://example.test/img/f.jpg">' +
        '<img alt="" src="https://example.test/img/g.jpg">' +
        '<img alt="" src="https://example.test/img/h.jpg">' +
        '<img alt="The JPEG and PNG formats compared" src="https://example.test/img/i.jpg">',
    );
  });

  it("drop a code block's header that only names its language or says it is code, and take the language from it", async () => {
    const fragment =
      // MDN: the header names the block's own language.
      '<div><div><span>js</span></div><pre class="brush: js"><code>a()</code></pre></div>' +
      // Tailwind's docs: a "Terminal" label and a copy button above the wrapper the block opens.
      '<div><div><div>Terminal</div><button title="Copy to clipboard"></button></div><div><pre><code>npm i</code></pre></div></div>' +
      // phpBB: "Code: Select all", and a block with no language of its own gets the header's.
      '<div><p>Code: <a href="#">Select all</a></p><pre><code>x = 1</code></pre></div>' +
      "<div><div>Python</div><pre><code>y = 2</code></pre></div>" +
      // The reader's: a file's name, a heading, another language than the block's, a sentence.
      '<div><div>vite.config.ts</div><pre><code class="language-ts">export {}</code></pre></div>' +
      '<h3>JavaScript</h3><pre><code class="language-js">b()</code></pre>' +
      '<div><div>HTML</div><pre><code class="language-css">p {}</code></pre></div>' +
      "<p>Run this in a terminal:</p><pre><code>ls</code></pre>";
    expect(await prepare("<p>page</p>", fragment)).toBe(
      '<div><pre data-ptd-lang="js">a()</pre></div>' +
        '<div><div><pre data-ptd-lang="sh">npm i</pre></div></div>' +
        "<div><pre>x = 1</pre></div>" +
        '<div><pre data-ptd-lang="python">y = 2</pre></div>' +
        '<div><div>vite.config.ts</div><pre data-ptd-lang="ts">export {}</pre></div>' +
        '<h3>JavaScript</h3><pre data-ptd-lang="js">b()</pre>' +
        '<div><div>HTML</div><pre data-ptd-lang="css">p {}</pre></div>' +
        "<p>Run this in a terminal:</p><pre>ls</pre>",
    );
  });

  it("write emphasis once: no strong inside a strong, no two side by side; apart they stay apart", async () => {
    const fragment =
      "<ul><li><strong>Audience</strong><strong>:</strong> three billion</li>" +
      '<li><strong>Reach</strong><span style="font-weight: 400"><strong>:</strong> organic</span></li></ul>' +
      "<p><strong><b>TLDR:</b></strong> short</p><p><em>one</em><i>two</i> and <em>three</em> <em>four</em></p>";
    expect(await prepare("<p>page</p>", fragment)).toBe(
      "<ul><li><strong>Audience:</strong> three billion</li>" +
        '<li><strong>Reach:</strong><span style="font-weight: 400"> organic</span></li></ul>' +
        "<p><strong>TLDR:</strong> short</p><p><em>onetwo</em> and <em>three</em> <em>four</em></p>",
    );
  });

  it("set apart inline siblings a style sheet lays out (a brand and a product name, a row of same-class items); not a word split into letters, a footnote mark or code", async () => {
    const fragment =
      '<a href="/p/1"><span class="brand">Merrell</span><span class="title">Moab Speed 2</span></a>' +
      '<p><span class="meta">1994</span><span class="meta">2h 22m</span><span class="meta">R</span></p>' +
      '<p><span class="char">H</span><span class="char">i</span> and <b>i</b><b>Phone</b></p>' +
      "<p>trusted APIs<sup>1</sup> and <code><span>getName</span><span>Value</span></code></p>";
    expect(await prepare("<p>page</p>", fragment)).toBe(
      '<a href="/p/1"><span>Merrell</span> <span>Moab Speed 2</span></a>' +
        "<p><span>1994</span> <span>2h 22m</span> <span>R</span></p>" +
        "<p><span>H</span><span>i</span> and <b>iPhone</b></p>" +
        "<p>trusted APIs<sup>1</sup> and <code><span>getName</span><span>Value</span></code></p>",
    );
  });

  it("empty the alts of a gallery, three images or more with no text between them that repeat one name", async () => {
    const img = (name: string, alt: string) => `<img src="/img/${name}.jpg" width="600" alt="${alt}">`;
    const fragment =
      '<div class="gallery">' +
      `<a href="/img/k1.jpg">${img("k1", "Blue kettle, side view")}</a>` +
      `<div>${img("k2", "Blue kettle, top view")}</div>` +
      img("k3", "With its lid open") +
      "</div><p>A kettle for the stove.</p>" +
      img("s1", "The kettle on a gas ring") +
      img("s2", "Its whistle") +
      "<p>Two pictures are no gallery, nor three described each in its own words:</p>" +
      img("e1", "Steam over the spout") +
      img("e2", "A cup poured") +
      img("e3", "The kettle left to cool");
    expect(await prepare("<p>page</p>", fragment)).toBe(
      '<div><a href="/img/k1.jpg"><img alt="" src="https://example.test/img/k1.jpg"></a>' +
        '<div><img alt="" src="https://example.test/img/k2.jpg"></div>' +
        '<img alt="" src="https://example.test/img/k3.jpg">' +
        "</div><p>A kettle for the stove.</p>" +
        '<img alt="The kettle on a gas ring" src="https://example.test/img/s1.jpg">' +
        '<img alt="Its whistle" src="https://example.test/img/s2.jpg">' +
        "<p>Two pictures are no gallery, nor three described each in its own words:</p>" +
        '<img alt="Steam over the spout" src="https://example.test/img/e1.jpg">' +
        '<img alt="A cup poured" src="https://example.test/img/e2.jpg">' +
        '<img alt="The kettle left to cool" src="https://example.test/img/e3.jpg">',
    );
  });
});
