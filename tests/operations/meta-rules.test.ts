import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FALLBACK_RULES } from "@/lib/operations/meta-in-page/author";
import { BYLINE_RULES } from "@/lib/operations/meta-in-page/byline";
import { DATE_RULES } from "@/lib/operations/meta-in-page/date";
import { DESCRIPTION_RULES } from "@/lib/operations/meta-in-page/description";
import { FAVICON_RULES } from "@/lib/operations/meta-in-page/favicon";
import { LANGUAGE_RULES } from "@/lib/operations/meta-in-page/language";
import { MAIN_IMAGE_RULES } from "@/lib/operations/meta-in-page/main-image";
import { TITLE_RULES } from "@/lib/operations/meta-in-page/title";
import { hasChromium, pageBundle } from "@/tests/support/page-bundle";
import type { RunOptions } from "./meta-rules/page-entry";

/**
 * Each of meta's in-page rules (lib/operations/meta-in-page/) alone, in real Chromium: one page
 * per rule on which that rule answers, run through the same context meta builds (the rules are
 * bundled for the page as the build bundles them, from a test entry that runs one rule by name).
 * The whole chain is the benches' business (bench/meta-wceb.ts, bench/meta-readability.ts).
 */
const evaluateOn = pageBundle(path.join(import.meta.dirname, "meta-rules/page-entry.ts"), "__metaTest");

function run(list: string, name: string, html: string, o: RunOptions = {}): Promise<unknown> {
  return evaluateOn(
    html,
    `__metaTest.run(${JSON.stringify(list)}, ${JSON.stringify(name)}, ${JSON.stringify(o)})`,
  );
}

const ld = (o: object) => `<script type="application/ld+json">${JSON.stringify(o)}</script>`;

/** [list, rule, page, answer, options]: a page on which the rule answers, and its answer. */
type Case = [string, string, string, string, RunOptions?];
const CASES: Case[] = [
  ["title", "meta-tags", '<meta property="og:title" content="OG Title">', "OG Title"],
  ["title", "json-ld-headline", ld({ "@type": "NewsArticle", headline: "LD Headline" }), "LD Headline"],
  ["title", "document-title", "<title> Doc   Title </title>", "Doc Title"],
  ["title", "first-heading", "<h1>Heading One</h1>", "Heading One"],
  ["description", "meta-tags", '<meta name="description" content="A page.">', "A page."],
  ["description", "json-ld-description", ld({ "@type": "Article", description: "LD desc" }), "LD desc"],
  ["language", "html-lang", '<html lang="fr-CA"><body>x</body></html>', "fr-CA"],
  ["language", "meta-tags", '<meta property="og:locale" content="de_DE">', "de-DE"],
  ["language", "content-language-header", "<p>x</p>", "es", { headerLanguage: "es, en" }],
  ["main-image", "meta-tags", '<meta property="og:image" content="/img/a.jpg">', "/img/a.jpg"],
  [
    "main-image",
    "json-ld-image",
    ld({ "@type": "Article", image: [{ url: "https://example.test/b.jpg" }] }),
    "https://example.test/b.jpg",
  ],
  ["main-image", "link-image-src", '<link rel="image_src" href="/c.jpg">', "/c.jpg"],
  [
    "favicon",
    "icon-32",
    '<link rel="icon" href="/i.png"><link rel="icon" sizes="32x32" href="/i32.png">',
    "/i32.png",
  ],
  ["favicon", "icon", '<link rel="icon" href="/i.png">', "/i.png"],
  ["favicon", "shortcut-icon", '<link rel="shortcut icon" href="/s.ico">', "/s.ico"],
  ["favicon", "apple-touch-icon", '<link rel="apple-touch-icon" href="/a.png">', "/a.png"],
  ["byline", "data-author-username", '<div data-author-username="jdoe">q</div>', "jdoe"],
  [
    "byline",
    "microdata-author-name",
    '<div itemprop="author"><meta itemprop="name" content="Jane Doe"></div>',
    "Jane Doe",
  ],
  ["byline", "data-author", '<article data-author="Jane Roe">post</article>', "Jane Roe"],
  ["byline", "reddit-post-author", '<shreddit-post author="jdoe"></shreddit-post>', "jdoe"],
  ["byline", "data-author-name", '<div data-author-name="Jane Doe"></div>', "Jane Doe"],
  ["byline", "microdata-author", '<span itemprop="author">jdoe</span>', "jdoe"],
  [
    "byline",
    "microdata-author-list",
    '<span itemprop="author">Ann Lee, Bob Ray and Cy Young</span>',
    "Ann Lee, Bob Ray, Cy Young",
  ],
  ["byline", "rel-author", '<a rel="author" href="/me">Jane Doe</a>', "Jane Doe"],
  ["byline", "author-link", '<a class="author" href="/x">Jane Doe</a>', "Jane Doe"],
  ["byline", "author-name-box", '<span class="author-name">Jane Doe</span>', "Jane Doe"],
  ["byline", "byline-box", '<div class="byline">By Jane Doe</div>', "Jane Doe"],
  ["byline", "author-id-box", '<div id="author">Jane Doe</div>', "Jane Doe"],
  ["byline", "author-name-box-one-word", '<span class="author-name">Newsdesk</span>', "Newsdesk"],
  ["byline", "byline-in-text", "<p>By Jane Doe</p><p>The story.</p>", "Jane Doe"],
  ["byline", "dateline-name", "<h1>Big News</h1><p>December 17, 2025 · 5 min · Jane Doe</p>", "Jane Doe"],
  ["byline", "role-line", "<h1>Big News</h1><p>Jane Doe, Senior Editor</p>", "Jane Doe"],
  ["byline", "profile-link", '<main><a href="/people/jane-doe">Jane Doe</a></main>', "Jane Doe"],
  ["byline", "one-name-byline", '<div class="byline">By Adam</div>', "Adam"],
  ["byline", "article-address", "<article><address>Jane Doe</address></article>", "Jane Doe"],
  ["byline", "forum-poster", '<a class="hnuser" href="user?id=pg">pg</a>', "pg"],
  ["byline", "profile-in-byline", '<div class="byline"><a href="/~scvalex">scvalex</a></div>', "scvalex"],
  [
    "byline",
    "byline-box-first-line",
    '<div class="author">Jane Doe<br>Writes about things</div>',
    "Jane Doe",
  ],
  ["byline", "author-archive-link", '<a href="/author/jdoe/" title="Posts by Jane Doe"></a>', "Jane Doe"],
  [
    "byline",
    "author-portrait",
    '<div class="author"><img class="avatar" alt="Photo of Jane Doe" src="/p.png"></div>',
    "Jane Doe",
  ],
  ["byline", "writer-box", '<div class="writer">Jane Doe</div>', "Jane Doe"],
  ["byline", "forum-login", '<a class="username" href="/u/1">jdoe</a>', "jdoe"],
  [
    "author-fallback",
    "spelled-profile-address",
    '<meta property="article:author" content="https://example.test/staff/tracey-lien">',
    "Tracey Lien",
  ],
  ["author-fallback", "json-ld-organization", "<p>x</p>", "Acme News", { orgName: "Acme News" }],
  ["author-fallback", "meta-author-as-written", "<p>x</p>", "jdoe", { rawAuthor: "jdoe" }],
  ["author-fallback", "site-owner", '<a href="/">Pierce Freeman</a>', "Pierce Freeman"],
  [
    "date",
    "declared-as-shown",
    '<meta property="article:published_time" content="2025-03-12T10:00:00Z"><p>March 12, 2025</p>',
    "2025-03-12T10:00:00Z",
  ],
  ["date", "time-element", '<time datetime="2025-03-12">Wednesday</time>', "2025-03-12"],
  [
    "date",
    "microformat",
    '<abbr class="published" title="2025-03-12T10:00:00+01:00">March</abbr>',
    "2025-03-12T10:00:00+01:00",
  ],
  ["date", "unix-time", '<span data-utime="1741773600"></span>', "2025-03-12"],
  [
    "date",
    "canonical-url",
    '<link rel="canonical" href="https://example.test/2025/03/12/slug">',
    "2025-03-12",
  ],
  ["date", "date-classed-text", '<span class="post-date">12 March 2025</span>', "2025-03-12"],
  ["date", "date-id-or-timestamp", '<span id="pubdate">12 March 2025</span>', "2025-03-12"],
  ["date", "post-meta-box", '<div class="entry-meta">Posted 12.03.2025</div>', "2025-03-12"],
  [
    "date",
    "forum-post",
    '<span class="subline"><span class="age" title="2025-03-12T10:00:00 1741773600">3 hours ago</span></span>',
    "2025-03-12T10:00:00",
  ],
  ["date", "near-headline", "<h1>Big News</h1><p>12 March 2025</p>", "2025-03-12"],
  ["date", "labelled-line", "<p>Last updated: 12 March 2025</p>", "2025-03-12"],
  [
    "date",
    "script-data",
    '<script>window.__STATE__ = {"datePublished":"2025-03-12T10:00:00Z"};</script>',
    "2025-03-12T10:00:00Z",
  ],
  ["date", "modified", '<meta property="article:modified_time" content="2025-03-14">', "2025-03-14"],
  ["date", "title", "<title>Report of 12.03.2025</title>", "2025-03-12"],
  ["date", "labelled-month", "<p>Last Updated: June 2022</p>", "2022-06-01"],
  ["date", "image-path", '<img src="/uploads/2025/03/12/photo.jpg">', "2025-03-12"],
];

const LISTS: Record<string, readonly { name: string }[]> = {
  title: TITLE_RULES,
  description: DESCRIPTION_RULES,
  language: LANGUAGE_RULES,
  "main-image": MAIN_IMAGE_RULES,
  favicon: FAVICON_RULES,
  byline: BYLINE_RULES,
  "author-fallback": FALLBACK_RULES(null, null),
  date: DATE_RULES,
};

describe("meta's rule lists", () => {
  it("are bundled for the page as they are now (meta-in-page.generated.ts is not stale)", () => {
    const root = path.resolve(import.meta.dirname, "../..");
    execFileSync(process.execPath, [path.join(root, "scripts/build-in-page.mjs"), "--check"], { cwd: root });
  });

  it("name each rule once, and every rule has a case below", () => {
    for (const [list, rules] of Object.entries(LISTS)) {
      const names = rules.map((r) => r.name);
      expect(new Set(names).size, list).toBe(names.length);
      const tested = CASES.filter((c) => c[0] === list).map((c) => c[1]);
      expect(tested.sort(), list).toEqual([...names].sort());
    }
  });
});

describe.runIf(hasChromium)("each of meta's in-page rules, alone in Chromium", () => {
  it.each(CASES)("%s: %s", async (list, name, html, answer, options) => {
    expect(await run(list, name, html, options)).toBe(answer);
  });
});
