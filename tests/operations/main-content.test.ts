import fs from "node:fs";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { markdown } from "@/lib/operations/markdown";
import { meta } from "@/lib/operations/meta";
import { CHROMIUM_ARGS } from "@/lib/page/config";
import type { PageSnapshot } from "@/lib/page/types";

/**
 * Our main-content extractor (main-content.ts) and the metadata rules, in real Chromium. Pages are
 * set with setContent and every request is refused: no network is involved.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/lib/chromium/chromium";
let browser: Browser;
let context: BrowserContext;
/** Pages ready for a case, and the pages the running case took. */
const idle: Page[] = [];
const taken: Page[] = [];

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
  // One context for the file, a page of its own per case: a context per case cost each its own
  // set-up and renderer process, and the file twice the time (116 s → 65 s alone on 2 cores).
  context = await browser.newContext();
});
// A case's pages are kept for the next ones, each on a new empty document without its routes: a
// new page starts a renderer process (about 0.5 s on a slow 2-core machine, most of a case's time).
// A page that cannot be reset (its renderer crashed) is closed; the next case opens another.
afterEach(async () => {
  for (const page of taken.splice(0)) {
    try {
      await page.unrouteAll({ behavior: "ignoreErrors" });
      await page.goto("about:blank");
      idle.push(page);
    } catch {
      await page.close().catch(() => undefined);
    }
  }
});
afterAll(async () => {
  await browser?.close();
});

/**
 * The page in Chromium. `served`: loaded from its address (the only request answered), so links
 * to other pages of the site are that (setContent leaves the page at about:blank).
 */
async function snapshot(body: string, head = "", lang = "en", served = false): Promise<PageSnapshot> {
  const page = idle.pop() ?? (await context.newPage());
  taken.push(page);
  const url = "https://example.test/article";
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;
  await page.route("**/*", (route) =>
    served && route.request().url() === url
      ? route.fulfill({ contentType: "text/html", body: html })
      : route.abort(),
  );
  if (served) await page.goto(url, { waitUntil: "domcontentloaded" });
  else await page.setContent(html, { waitUntil: "domcontentloaded" });
  return {
    url,
    finalUrl: url,
    status: 200,
    headers: {},
    html,
    console: [],
    timings: { navigationMs: 0, totalMs: 0 },
    page,
    settings: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, colorScheme: "light" },
  };
}

const para = (n: number, word: string) =>
  Array.from(
    { length: n },
    (_, i) =>
      `<p>Paragraph ${i + 1} about ${word}, long enough to read as prose: the committee met on Tuesday, heard the evidence, and agreed, after a long debate, to publish its findings.</p>`,
  ).join("");

const ARTICLE = `
  <header><nav><ul><li><a href="/">Home</a></li><li><a href="/news">News</a></li><li><a href="/sport">Sport</a></li></ul></nav></header>
  <main><article>
    <h1>River levels fall after the storm</h1>
    ${para(6, "rivers")}
    <table><tr><td>Town</td><td>Level</td></tr><tr><td>Ashby</td><td>2.1 m</td></tr></table>
    <pre><code>level = read_gauge()</code></pre>
    <figure><img src="/chart.png" alt="chart"><figcaption>Gauge readings for the week</figcaption></figure>
    <div class="share-buttons"><a href="/s/1">Share on X</a> <a href="/s/2">Share on Facebook</a></div>
    <section class="related-posts"><h3>Related</h3><ul><li><a href="/a">Bridge reopens</a></li><li><a href="/b">Ferry resumes</a></li><li><a href="/c">Road closed</a></li></ul></section>
    <div id="comments" class="comments"><p>Great article, thanks for writing it, I learned a lot about the rivers here!</p></div>
  </article></main>
  <div class="hidden-by-css">Subscribe to our newsletter for daily river news and more</div>
  <footer><a href="/about">About</a> <a href="/privacy">Privacy</a></footer>`;
const STYLE = `<title>River levels fall after the storm | Daily Gazette</title><style>.hidden-by-css { display: none }</style>`;

// A lead and, in a block whose class Readability scores down ("meta"), specification lists: on a
// product page they are content, on an article they are not read.
function productShapedPage(kind: string): string {
  const specs = ["Features", "Specs"]
    .map(
      (h) =>
        `<section><h2>${h}</h2><ul>${Array.from({ length: 12 }, (_, i) => `<li>${h} line ${i}: hand-made glass, lasts a lifetime</li>`).join("")}</ul></section>`,
    )
    .join("");
  return `<header><nav><a href="/">Home</a> <a href="/shop">Shop</a></nav></header>
    <main><div class="top"><div class="lead"><h1>The ${kind} cup</h1>${para(4, kind)}</div></div>
      <div class="tabs"><div class="product-meta">${specs}</div></div></main>
    <footer><a href="/about">About us</a></footer>`;
}

describe.runIf(fs.existsSync(CHROMIUM))("main content", () => {
  it("keeps the article, its table, code and caption, and drops menus, sharing, related links and comments", async () => {
    const md = await markdown(await snapshot(ARTICLE, STYLE));
    expect(md).toContain("Paragraph 1 about rivers");
    expect(md).toContain("Paragraph 6 about rivers");
    expect(md).toContain("| Town | Level |");
    expect(md).toContain("| Ashby | 2.1 m |");
    expect(md).not.toContain("<table");
    expect(md).toContain("level = read_gauge()");
    expect(md).toContain("Gauge readings for the week");
    for (const boilerplate of [
      "Share on X",
      "Bridge reopens",
      "Great article",
      "Subscribe to our newsletter",
      "Privacy",
      "Sport",
    ])
      expect(md).not.toContain(boilerplate);
  });

  it("keeps a short post and none of the long comment thread under it", async () => {
    // An "open thread": a few lines of post above far more comment text, all inside <article>.
    const comments = Array.from(
      { length: 40 },
      (_, i) =>
        `<li id="comment-${i + 1}" class="comment"><div class="comment-author">Reader ${i + 1}</div><div class="comment-content"><p>Comment ${i + 1}: I have thoughts on this week's news, and here they are at some length, because comment threads run long.</p></div><a href="#respond">Reply</a></li>`,
    ).join("");
    const md = await markdown(
      await snapshot(`<main><article><h1>Open thread</h1>
        <div class="entry-content"><p>This is the weekly open thread. Talk about whatever you like below, but keep it civil and on the level, as always.</p>
        <p>Next week we return to the usual schedule of posts about gardening, birds and the weather.</p></div>
        <section id="comments" class="comments-area"><h2>312 Comments</h2><ol class="comment-list">${comments}</ol>
        <div id="respond"><h3>Leave a Reply</h3><form><textarea></textarea></form></div></section>
      </article></main>`),
    );
    expect(md).toContain("This is the weekly open thread.");
    expect(md).toContain("Next week we return to the usual schedule");
    expect(md).not.toContain("Comment 1:");
    expect(md).not.toContain("Reader 2");
    expect(md).not.toContain("312 Comments");
  });

  it("keeps a post that marks its body for Instapaper and none of a component-styled comment thread", async () => {
    // A React forum engine's post page: no <article>, class names of components and their parts.
    const comments = Array.from(
      { length: 30 },
      (_, i) =>
        `<div class="CommentsNode-root"><div class="CommentsItem-root"><span class="CommentUserName-author">Reader ${i + 1}</span><div class="CommentBody-root"><p>Comment ${i + 1}: I have thoughts on this post, and here they are at some length, because comment threads run long.</p></div></div></div>`,
    ).join("");
    const md = await markdown(
      await snapshot(
        `<div class="PostsPage-root"><h1 class="PostsPageTitle-root">Notes on interpretability</h1>
        <div class="PostsPage-postContent instapaper_body"><p>This is a short post about interpretability research and what we plan to try next.</p>
        <p>We would like to hear what you think of it in the comments below.</p></div>
        <div class="PostsPage-commentsSection"><div class="CommentsListSection-root"><p>30 comments, sorted by top scoring</p>${comments}</div></div></div>`,
        `<meta property="og:type" content="article">`,
      ),
    );
    expect(md).toContain("This is a short post about interpretability");
    expect(md).not.toContain("Comment 1:");
    expect(md).not.toContain("sorted by top scoring");
  });

  it("keeps a one-line post and none of the comment thread under it", async () => {
    // The post is a line and a few links: less prose than any paragraph test counts, yet the page
    // marks it as the post's body, and its comments as comments.
    const comments = Array.from(
      { length: 40 },
      (_, i) =>
        `<div class="comment" id="comment-${i + 1}"><div class="comment-meta"><a href="/u/${i}">reader${i + 1}</a></div><div class="comment-body"><p>Comment ${i + 1}: I have thoughts on this week's news, and here they are at some length, because comment threads run long.</p></div></div>`,
    ).join("");
    const md = await markdown(
      await snapshot(
        `<main><article class="post"><h1>Open Thread 412</h1>
        <div class="available-content"><div class="body markup"><p>This is the weekly open thread. Post about <a href="/about">anything</a>, see the <a href="https://example.org/discord">Discord</a>.</p></div></div>
        <div id="comments" class="comments-page"><h2>1,204 Comments</h2><div class="comment-list">${comments}</div></div>
      </article></main>`,
        `<meta property="og:type" content="article">`,
        "en",
        true,
      ),
    );
    expect(md).toContain("This is the weekly open thread.");
    expect(md).not.toContain("Comment 1:");
    expect(md).not.toContain("reader2");
  });

  it("keeps an accordion's hidden sections, but not hidden tabs, hidden copies of shown text or template text", async () => {
    const section = (title: string, body: string, cls = "panel") =>
      `<h2>${title}</h2><button aria-expanded="false">More</button><div class="${cls} collapsed"><div><p>${body}</p></div></div>`;
    const body = `<main><article><h1>Meditation and health</h1>${para(4, "meditation")}
      ${section("Safety", "A review of eighty studies found that about eight percent of participants had a negative effect from practicing meditation, which is similar to what is reported for psychological therapies. The most commonly reported negative effects were anxiety and depression, and most of them were mild and did not last.")}
      ${section("Sleep", "Mindfulness meditation practices may help reduce insomnia and improve sleep quality, according to a number of small trials run over the last decade by several universities. The trials were small and short, and the researchers call for larger ones that follow people for a year or more before anything is settled.")}
      <h2>Pain</h2><button aria-expanded="false">More</button><div class="panel collapsed"><ul>
        <li>A 2020 report concluded that mindfulness-based stress reduction was associated with short-term improvements in chronic low-back pain.</li>
        <li>A 2017 analysis of 30 studies found that mindfulness meditation was more effective at decreasing chronic pain than several other treatments.</li>
        <li>A 2019 review found that mindfulness-based approaches did not reduce the frequency or the intensity of headaches.</li></ul></div>
      <div class="sample"><div role="tablist"><button role="tab">Python</button><button role="tab">Ruby</button></div>
        <div role="tabpanel"><p>Install Python and the SDK, then create a file called send.py anywhere on your machine and paste the code below into it before you run it.</p></div>
        <div role="tabpanel" class="collapsed"><p>Install Ruby and the gem, then create a file called send.rb anywhere on your machine and paste the code below into it before you run it. Replace the account's identifier and its token with your own, keep them out of version control, and run the file from a terminal to send the message. It prints the message identifier when it is sent./p></div></div>
      <div class="copy-for-small-screens collapsed"><p>Paragraph 1 about meditation, long enough to read as prose: the committee met on Tuesday, heard the evidence, and agreed, after a long debate, to publish its findings.</p><p>Paragraph 2 about meditation, long enough to read as prose: the committee met on Tuesday, heard the evidence, and agreed, after a long debate, to publish its findings.</p></div>
      <h2>Questions</h2><div class="faq-box"><div class="faq-head"><h3>How long should a session last?</h3></div><div class="faq-answer collapsed"><p>Ten to twenty minutes a day is where most of the trials started, and a few minutes is better than none.</p></div></div>
      <form><input name="email"><button>Send me the guide</button></form><div class="form-done collapsed"><p>Thanks! The guide is on its way to your inbox, and you can unsubscribe at any time you like.</p></div>
      <div class="card collapsed"><p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat. Duis aute irure dolor in reprehenderit in voluptate velit esse cillum dolore eu fugiat nulla pariatur.</p></div>
    </article></main>`;
    const md = await markdown(await snapshot(body, `<style>.collapsed { display: none }</style>`));
    expect(md).toContain("about eight percent of participants");
    expect(md).toContain("improve sleep quality");
    // A panel that is a list of findings, not paragraphs.
    expect(md).toContain("more effective at decreasing chronic pain");
    expect(md).toContain("send.py");
    expect(md).not.toContain("send.rb");
    // An FAQ's short answer under its question; not a short message after a form.
    expect(md).toContain("Ten to twenty minutes a day");
    expect(md).not.toContain("The guide is on its way");
    expect(md).not.toContain("Lorem ipsum");
    expect(md.split("Paragraph 1 about meditation").length).toBe(2);
    expect(md.split("Paragraph 2 about meditation").length).toBe(2);

    // On a shop's page, hidden panels (specifications, shipping, reviews) stay out, unless the
    // control that opens one says so (aria-expanded): an accordion's sections are kept.
    const shop = await markdown(
      await snapshot(
        body,
        `<style>.collapsed { display: none }</style><script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Cushion"}</script>`,
      ),
    );
    expect(shop).toContain("Paragraph 2 about meditation");
    expect(shop).toContain("about eight percent of participants");
    expect(shop).not.toContain("Ten to twenty minutes a day");

    // A blog post that also marks up its company's product (for the stars in search results) is a post.
    const post = await markdown(
      await snapshot(
        body,
        `<style>.collapsed { display: none }</style><script type="application/ld+json">[{"@context":"https://schema.org","@type":"BlogPosting","headline":"Meditation and health"},{"@context":"https://schema.org","@type":"Product","name":"Calm app","aggregateRating":{"@type":"AggregateRating","ratingValue":"4.6","reviewCount":"120"}}]</script>`,
      ),
    );
    expect(post).toContain("about eight percent of participants");
    expect(post).toContain("Ten to twenty minutes a day");
  });

  it("keeps the text a collapsed disclosure holds whatever its markup, on a shop's page too; not a menu's links or a tab", async () => {
    const product = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Summit 24 fire pit"}</script>
      <style>.collapse { display: none }</style>`;
    const body = `<main><h1>Summit 24 fire pit</h1><p>€549.99</p><p>Free shipping and free returns on every order.</p>
      <div class="accordion">
        <h3><button aria-expanded="false" aria-controls="d">Description</button></h3>
        <div class="collapse"><div role="region" id="d">From the team that made the most popular smokeless fire pit comes its most advanced design yet, with taller and brighter flames.<br><br>At the heart of the new pit is a cone that lights a fire in seconds: stack the wood around it, pour the gel into its three reservoirs and light it from the top.<br><br>Over time the steel takes on a golden-blue patina, a natural part of its charm.</div></div>
        <button aria-expanded="false">Shop by category</button>
        <div class="collapse"><ul><li><a href="/fire-pits">Fire pits for every garden, patio and terrace you have</a></li><li><a href="/stoves">Camp stoves for long weekends and longer trips away</a></li><li><a href="/grills">Grills and griddles for the whole family and friends</a></li><li><a href="/accessories">Accessories, covers, stands, shelters and spare parts</a></li><li><a href="/bundles">Bundles that save on everything above, all year round</a></li></ul></div>
        <div role="tablist"><button role="tab" aria-selected="true">Specifications</button><button role="tab" aria-expanded="false">Reviews</button></div>
        <div role="tabpanel"><p>Height 39 cm, width 62 cm, weight 16 kg, stainless steel.</p></div>
        <div role="tabpanel" class="collapse"><p>I bought this for our garden last spring and it has been the centre of every evening since. It lights in seconds and the smoke really is gone after a minute or two, which the neighbours appreciate as much as we do.</p></div>
      </div></main>`;
    const md = await markdown(await snapshot(body, product));
    expect(md).toContain("At the heart of the new pit is a cone");
    expect(md).toContain("golden-blue patina");
    expect(md).toContain("Height 39 cm");
    expect(md).not.toContain("Camp stoves");
    expect(md).not.toContain("centre of every evening");
  });

  it("drops the byline, date, disclosure, credits, author bio and sign-up call around an article, and keeps its own lines", async () => {
    const md = await markdown(
      await snapshot(`<main><article><h1>How rivers recover</h1>
        <div><p>By Jane Doe</p><p>Updated August 14, 2025</p><p>5 min read</p><p>Published 6 hours ago</p>
        <p>This article contains affiliate links; we may earn a commission at no extra cost to you.</p></div>
        <p>By the time the water fell, the town had counted the cost, and the council began the long work of repair.</p>
        ${para(5, "recovery")}
        <p>Photo credit: River Trust</p>
        <p>$1,599.00 from Lowe's</p>
        <p>Updated guidance from the agency, issued in 2025, says towns should keep their gauges.</p>
        ${para(2, "gauges")}
        <p>Jane Doe is a staff writer covering the environment, based in Leeds.</p>
        <p>Sign up for our weekly newsletter and never miss a story.</p>
      </article></main>`),
    );
    expect(md).toContain("By the time the water fell");
    expect(md).toContain("Updated guidance from the agency");
    expect(md).toContain("Paragraph 2 about gauges");
    for (const line of [
      "By Jane Doe",
      "August 14, 2025",
      "5 min read",
      "6 hours ago",
      "affiliate links",
      "Photo credit",
      "Lowe's",
      "staff writer",
      "Sign up",
    ])
      expect(md).not.toContain(line);
  });

  it("drops a picture's credit line from its caption or its box, and keeps the caption, a film's credits and a card's credit limit", async () => {
    const md = await markdown(
      await snapshot(`<main><article><h1>Fitness trends for the new year</h1>
        ${para(3, "pilates")}
        <figure><img src="/a.jpg" alt="women doing pilates"><figcaption><span class="caption__container">Pilates tops the list of booked classes.</span><span class="caption__source">Mikolette / Getty Images</span></figcaption></figure>
        ${para(2, "strength")}
        <figure><img src="/b.jpg" alt=""><figcaption>Strength training keeps rising.<div class="credit">Credit: Reviewed / Timothy Renzi</div></figcaption></figure>
        ${para(1, "sleep")}
        <div class="ProductCardImage"><a href="/p"><img src="/c.png" alt="toothbrush"></a><div class="ProductCardImageCreditText">Courtesy of brand</div></div>
        ${para(1, "brushing")}
        <figure><img src="/d.jpg" alt=""><figcaption><p>A crowd at the finish line.</p><p>Jae C. Hong/AP</p></figcaption></figure>
        ${para(2, "recovery")}
        <h2>Credits</h2><ul class="credits"><li>Director: Ann Lee</li><li>Music: Bo Chan</li></ul>
        <p class="accreditation">The gym is accredited by the national board.</p>
        <div class="card-credit-limit">Credit limit: $5,000</div>
      </article></main>`),
    );
    for (const kept of [
      "Pilates tops the list of booked classes.",
      "Strength training keeps rising.",
      "A crowd at the finish line.",
      "Director: Ann Lee",
      "accredited by the national board",
      "Credit limit: $5,000",
    ])
      expect(md).toContain(kept);
    for (const credit of ["Getty Images", "Timothy Renzi", "Courtesy of brand", "Hong/AP"])
      expect(md).not.toContain(credit);
  });

  it("drops an advertisement's slot inside the text, and keeps a sentence that starts the same way", async () => {
    // Hearst's magazines label each slot so, in a block with no class that says "ad".
    const md = await markdown(
      await snapshot(`<main><article><h1>The best online interior design services</h1>
        ${para(3, "decorators")}
        <div class="breaker"><span>Advertisement - Continue Reading Below</span></div>
        ${para(3, "budgets")}
        <p>Story continues below advertisement</p>
        <p>Content continues below the fold in the print edition, where the designers answer readers.</p>
        ${para(3, "rooms")}
      </article></main>`),
    );
    for (const kept of [
      "about decorators",
      "about budgets",
      "about rooms",
      "Content continues below the fold",
    ])
      expect(md).toContain(kept);
    expect(md).not.toContain("Continue Reading Below");
    expect(md).not.toContain("Story continues below advertisement");
  });

  it("keeps every section of an article its CMS writes as like blocks with pictures between, and not the site's pane after it", async () => {
    const widget = (extra: string, body: string) =>
      `<div><div class="articleWidget_root__x1${extra}">${body}</div></div>`;
    const md = await markdown(
      await snapshot(`<main><article><h1>Types of cameras</h1><div class="layout">
        ${widget(" articleWidget_isFirst__q2", `<p><strong>The digital revolution changed photography for good, and beginners now face more kinds of camera than ever before.</strong></p><ul><li>See our <a href="/reviews">camera reviews</a></li><li>Join a <a href="/tours">photo tour</a></li></ul><p>Since the first digital camera of 1975, makers have built compacts, bridges, mirrorless bodies and more, each for a kind of picture.</p>`)}
        <div><figure><img src="/a.jpg" alt=""></figure></div>
        ${widget("", `<h2>Small format</h2>${para(30, "sensors")}`)}
        <div><figure><img src="/b.jpg" alt=""></figure></div>
        ${widget("", `<h2>360° cameras</h2><p>Cameras that see all around have stayed out of the mainstream, waiting patiently for their time to shine with vloggers.</p><p>They stitch two wide lenses into one sphere, and most of them record 4K video with stabilisation built in.</p>`)}
        <div class="ad">Advertisement</div>
        ${widget(" articleWidget_comments__z9", `<h2>Comments</h2>${para(1, "replies")}<form><textarea></textarea></form>`)}
      </div></article></main>`),
    );
    for (const kept of [
      "The digital revolution",
      "Since the first digital camera",
      "about sensors",
      "360° cameras",
      "record 4K video",
    ])
      expect(md).toContain(kept);
    expect(md).not.toContain("about replies");
    expect(md.indexOf("Since the first digital camera")).toBeLessThan(md.indexOf("about sensors"));
    expect(md.indexOf("about sensors")).toBeLessThan(md.indexOf("record 4K video"));
  });

  it("keeps a tutorial's steps written straight into list items, each with its screenshot", async () => {
    const md = await markdown(
      await snapshot(`<main><article><h1>Tutorial: sweep, loft and extrude</h1>
        ${para(4, "curves")}
        <div class="tutorialblock"><h4><img src="/icons/match.png">Match and join the helix to the end curves</h4>
          <ol><li>On the <b>Curve</b> menu, click <b>Curve Edit Tools &gt; Match</b>.<br><img src="/shots/004.png"></li>
          <li>At the <b>Select open curve to change</b> prompt, select near the left end of the helix.</li>
          <li>At the <b>Select open curve to match</b> prompt, select near the lower end of the curve.<br><img src="/shots/005.png"></li>
          <li>In the Match Curve dialog box, under Continuity, click Tangency, and enable Join.</li></ol></div>
        ${para(2, "pipes")}
      </article></main>`),
    );
    expect(md).toContain("Match and join the helix");
    expect(md).toMatch(/1\.\s+On the \*\*Curve\*\* menu, click \*\*Curve Edit Tools > Match\*\*\./);
    expect(md).toMatch(/4\.\s+In the Match Curve dialog box/);
    expect(md).toContain("Paragraph 2 about pipes");
  });

  it("keeps a word a sentence sets in code or bold that a share button would say ('email', 'Print'); drops the buttons", async () => {
    const md = await markdown(
      await snapshot(`<main><article><h1>Working with forms</h1>
        ${para(3, "forms")}
        <p>Django will use the <code>url</code>, <code><span class="pre">email</span></code> and <code>number</code> HTML5 input types.</p>
        <p>To keep a copy, open the File menu and click <b>Print</b>, then choose a printer.</p>
        <pre><code class="language-python">r = requests.get(url)\n<span class="nb">print</span>(r.text)</code></pre>
        ${para(2, "widgets")}
        <p><a href="/share?via=print">Print</a> | <a href="/share?via=email">Email</a></p>
      </article></main>`),
    );
    expect(md).toContain("Django will use the `url`, `email` and `number` HTML5 input types.");
    expect(md).toContain("open the File menu and click **Print**, then choose a printer.");
    expect(md).toContain("print(r.text)");
    expect(md).not.toMatch(/\[Print\]|\[Email\]/);
  });

  it("drops a biography of the page's writer above the article and a sign-in call; a profile's subject keeps hers", async () => {
    const page = (lead: string) =>
      snapshot(`<main><article><h1>Scripts for the morning</h1>
        <a href="https://example.test/author/anurag-singh/">Anurag Singh</a>
        <p>Sign in to your account</p>
        <p>${lead} is an experienced journalist who has covered technology for five years, with a focus on Windows.</p>
        ${para(5, "scripts")}
      </article></main>`);
    const md = await markdown(await page("Anurag"));
    expect(md).toContain("Paragraph 5 about scripts");
    for (const line of ["experienced journalist", "Sign in"]) expect(md).not.toContain(line);
    // A profile opens with its subject, whom no author link names.
    expect(await markdown(await page("Maria Ressa"))).toContain("Maria Ressa is an experienced journalist");
  });

  it("drops a biography under the article that names the writer by the first name the author link spells", async () => {
    const page = (name: string) =>
      snapshot(`<main><article><h1>Lamps for a smart home</h1>
        <p>By <a href="https://example.test/author/irene/">Irene</a></p>
        ${para(5, "lamps")}
        <p>${name} is an experienced writer with five years in the tech and food niches, who writes for two other sites.</p>
      </article></main>`);
    const md = await markdown(await page("Irene"));
    expect(md).toContain("Paragraph 5 about lamps");
    expect(md).not.toContain("experienced writer");
    // Someone the author link does not name may be the article's own subject.
    expect(await markdown(await page("Maria"))).toContain("Maria is an experienced writer");
  });

  it("keeps the opening paragraph a page sets apart under its headline, and not the aside or the caption beside it", async () => {
    const lead = (open: string, close: string) =>
      snapshot(`<main>${open}<h1>How to use promises</h1>
        <p>Promises are the foundation of asynchronous programming: an object an asynchronous function returns, which represents the current state of the operation.</p>
        <aside><p>Sign up for our weekly letter about the web platform, with news, tips and the best of the community.</p></aside>
        <figure><img src="https://example.test/p.png" alt=""><figcaption><p>A promise moves from pending to fulfilled or rejected, and never back again in its life.</p></figcaption></figure>
        ${close}<div class="layout__body">${para(8, "promises")}</div></main>`);
    // MDN's header (a class Readability reads as the site's header) and a landing page's hero.
    for (const md of [
      await markdown(await lead(`<div class="layout__header">`, `</div>`)),
      await markdown(await lead(`<section class="hero">`, `</section>`)),
    ]) {
      expect(md).toMatch(/^Promises are the foundation of asynchronous programming/);
      expect(md).toContain("Paragraph 8 about promises");
      expect(md).not.toMatch(/weekly letter|pending to fulfilled/);
    }
    // A paragraph the pick holds, rewritten (Readability drops its aria-hidden part), is no lead.
    const md = await markdown(
      await snapshot(`<article><h1>Lorem</h1><div>
        <p><span aria-hidden="true">**WRONG**</span>Lorem ipsum dolor sit amet, consectetur adipisicing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.</p>
        <p>Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat.</p></div></article>`),
    );
    expect(md).not.toContain("WRONG");
    expect(md.split("Lorem ipsum").length).toBe(2);
  });

  it("keeps the opening paragraphs under the headline when the text's summary repeats their first sentence", async () => {
    const md = await markdown(
      await snapshot(`<main><div class="layout__header"><h1>How to use promises</h1>
        <p><strong>Promises</strong> are the foundation of asynchronous programming in modern JavaScript. A promise is an object an asynchronous function returns, which represents the current state of the operation.</p>
        <p>In the previous article, we talked about callbacks: you call the asynchronous function, passing in your callback, and it calls the callback when the operation is finished.</p></div>
        <div class="layout__body">${para(8, "promises")}
          <h2>Summary</h2><p>Promises are the foundation of asynchronous programming in modern JavaScript. They make it easier to express and reason about sequences of asynchronous operations.</p></div></main>`),
    );
    expect(md).toMatch(/^\*\*Promises\*\* are the foundation of asynchronous programming/);
    expect(md).toContain("In the previous article, we talked about callbacks");
    expect(md).toContain("They make it easier to express and reason about sequences");
  });

  it("drops an author box its markup names, whatever its sentence says", async () => {
    // The shapes of WordPress themes and plugins: Simple Author Box, `author_about`, `author-bio`.
    for (const box of [
      `<div class="saboxplugin-wrap" itemprop="author" itemscope itemtype="http://schema.org/Person"><div class="saboxplugin-desc"><p>With over seven years at the paper, Mike has played a pivotal role in its reach.</p></div></div>`,
      `<div class="author_about">Geri Mileva, an experienced network engineer and distinguished writer at the hub, specializes in the realms of media.</div>`,
      `<section class="post-author-bio__content"><p>With over seven years at the paper, Mike has played a pivotal role in its reach.</p></section>`,
    ]) {
      const md = await markdown(
        await snapshot(
          `<main><article><h1>Ports of the North Sea</h1>${para(6, "ports")}${box}</article></main>`,
        ),
      );
      expect(md).toContain("Paragraph 6 about ports");
      expect(md).not.toMatch(/pivotal role|distinguished writer/);
    }
  });

  it("drops a biography under the article with its portrait, its label and the lines after it that name the same person", async () => {
    const md = await markdown(
      await snapshot(`<main><article><h1>Cleaning trends for 2025</h1>
        ${para(12, "cleaning")}
        <p>Karina and her team test every product before it reaches a client's home, and keep what works.</p>
        <figure><img src="https://example.test/uploads/Karina.png" alt="" width="300" height="300"></figure>
        <p>Written by</p>
        <p>Karina Cohen is the owner of CR Maids, a local cleaning company serving the Greater Denver area, with a background as a global executive in fashion and software.</p>
        <p>Karina holds a Global Executive MBA from Duke University and a Bachelor of Science in Finance and Marketing from Fordham University.</p>
        <p>When she's not leading CR Maids, Karina homeschools her daughter and serves on the board of a university.</p>
      </article></main>`),
    );
    expect(md).toContain("Paragraph 12 about cleaning");
    // The article's own line that names her, above the biography, stays.
    expect(md).toContain("Karina and her team test every product");
    for (const gone of ["Karina.png", "Written by", "owner of CR Maids", "Executive MBA", "homeschools"])
      expect(md).not.toContain(gone);
  });

  it("after a biography under the text, drops the lines that name its person by word, not those where the name is part of a word", async () => {
    const md = await markdown(
      await snapshot(`<main><article><h1>Keeping bees on a city roof</h1>
        ${para(12, "bees")}
        <p>Ann Lee is the editor of City Hives, a quarterly magazine for urban beekeepers, and has kept bees in Leeds since 2009.</p>
        <p>Ann's own hives sit on the roof of the magazine's office.</p>
        <p>Annual members of the association receive the next issue free.</p>
      </article></main>`),
    );
    expect(md).toContain("Paragraph 12 about bees");
    for (const gone of ["editor of City Hives", "own hives"]) expect(md).not.toContain(gone);
    expect(md).toContain("Annual members of the association");
  });

  it("drops a card labelled 'Related' or 'See also' inside the text, and keeps the text and notes around it", async () => {
    // A news site's card as it stands in the text: its classes say "article", it has a picture.
    const card = (label: string, i: number) =>
      `<div class="display-card article article-card small"><picture><img src="https://example.test/card-${i}.jpg" alt="A laptop on a desk" width="440" height="364"></picture>
        <span class="article-card-label"><label>${label}</label></span>
        <div class="w-display-card-content regular article-block"><h5 class="display-card-title"><a href="/story-${i}">Four tools that save time for Windows users</a></h5>
        <p class="display-card-excerpt">Save time and streamline your workflow with the help of these tools for your PC.</p></div></div>`;
    const md = await markdown(
      await snapshot(`<main><article><h1>One script for the whole morning</h1>${para(3, "mornings")}
        ${card("Related", 1)}${para(2, "scripts")}${card("See also:", 2)}
        <p>Related to all of this, the script also opens the calendar, so the day's first meeting is never a surprise; man pages have a <i>see also</i> section.</p>
        <div class="note"><strong>See also</strong><br>This section covers the script itself. For the scheduler that starts it every morning, see the <a href="/wiki/Cron">cron</a> article.</div>
        ${para(2, "calendars")}</article></main>`),
    );
    for (const line of [
      "Paragraph 3 about mornings",
      "Paragraph 1 about scripts",
      "Related to all of this",
      "Paragraph 2 about calendars",
    ])
      expect(md).toContain(line);
    // A label in a sentence, and a note whose text only mentions a link, are the text's own.
    expect(md).toContain("man pages have a _see also_ section");
    expect(md).toContain("For the scheduler that starts it");
    for (const line of ["Four tools", "streamline your workflow", "card-1.jpg", "card-2.jpg"])
      expect(md).not.toContain(line);
  });

  it("drops the site's cards for other stories under an article, in rows too, and keeps a listicle's linked items", async () => {
    const card = (i: number, teaser: string) =>
      `<div class="post-item"><h3 class="title"><a href="/story-${i}">Other story number ${i}</a></h3><p>${teaser}</p></div>`;
    const cards = (n: number, teaser: string) =>
      Array.from({ length: n }, (_, i) => card(i + 1, teaser)).join("");
    const short =
      "A teaser for another story of the site, a sentence or two long, to make the reader click through.";
    const story = await markdown(
      await snapshot(
        `<main><div class="content"><h1>Top rental car companies</h1>${para(5, "cars")}
        <div class="more">${cards(4, short)}</div></div></main>`,
        "",
        "en",
        true,
      ),
    );
    expect(story).toContain("Paragraph 5 about cars");
    expect(story).not.toContain("Other story number");
    expect(story).not.toContain("A teaser for another story");
    // Cards in rows of two: a row with one linked headline beside a card whose headline is a
    // picture's link, and rows whose teasers follow each other.
    const row = (cells: string) => `<div class="post-list">${cells}</div>`;
    const pictureCard = `<div class="post-item"><h3 class="title"><a href="/story-0"><span></span></a></h3><p>A teaser under a picture, ${short}</p></div>`;
    const rows = await markdown(
      await snapshot(
        `<main><div class="content"><h1>Top rental car companies</h1>${para(5, "cars")}
        <div class="more">${row(pictureCard + card(1, short))}${row(card(2, short) + card(3, short))}${row(card(4, short) + card(5, short))}</div></div></main>`,
        "",
        "en",
        true,
      ),
    );
    expect(rows).toContain("Paragraph 5 about cars");
    for (const gone of ["Other story number", "A teaser under a picture", "A teaser for another story"])
      expect(rows, gone).not.toContain(gone);
    // A listicle: the same shape, then its conclusion.
    const listicle = await markdown(
      await snapshot(
        `<main><div class="content"><h1>Five tools we reviewed</h1>${para(3, "tools")}
        <div class="list">${cards(4, short)}</div><p>In the end, every one of these tools earns its place on a desk, and the first is the one we would buy.</p></div></main>`,
        "",
        "en",
        true,
      ),
    );
    expect(listicle).toContain("Other story number 4");
    expect(listicle).toContain("In the end, every one of these tools");
  });

  it("reads a product page's sections whole, where Readability keeps its lead; an article keeps Readability's pick", async () => {
    const typed = (type: string) => `<script type="application/ld+json">{"@type":"${type}"}</script>`;
    const product = await markdown(await snapshot(productShapedPage("product"), typed("Product")));
    for (const line of ["Paragraph 4 about product", "Features line 0", "Specs line 11"])
      expect(product).toContain(line);
    expect(product).not.toContain("About us");
    const article = await markdown(await snapshot(productShapedPage("article"), typed("NewsArticle")));
    expect(article).toContain("Paragraph 4 about article");
    expect(article).not.toContain("Specs line 11");
  });

  it("keeps a documentation page's list of links between its paragraphs, and drops one after its text", async () => {
    const links = (words: string[]) =>
      `<ul>${words.map((w) => `<li><a href="/docs/${w}">${w}</a></li>`).join("")}</ul>`;
    const md = await markdown(
      await snapshot(
        `<main><article><h1>Data types</h1>
        ${para(3, "types")}${links(["Strings", "Lists", "Hashes", "Streams"])}${para(3, "commands")}
        ${links(["Pricing", "Careers", "Press"])}</article></main>`,
        "",
        "en",
        true,
      ),
    );
    for (const line of ["[Strings](https://example.test/docs/Strings)", "Paragraph 3 about commands"])
      expect(md).toContain(line);
    expect(md).not.toContain("Careers");
  });

  it("keeps the headings of a page styled with utility classes that name 'hidden' or 'scroll'", async () => {
    // Tailwind's `scroll-mt-24` (a heading a link jumps to), `hidden lg:block` (shown on a wide
    // screen) and a design system's scroll offset put words Readability reads as boilerplate on
    // headings the page shows.
    const heading = (id: string, text: string, cls: string) =>
      `<h2 id="${id}" class="${cls}">${text}<a href="#${id}" class="ml-2 opacity-0">#</a></h2>`;
    const md = await markdown(
      await snapshot(
        `<main><article class="prose max-w-none"><h1>Auth</h1>${para(2, "auth")}
        ${heading("about", "About authentication and authorization", "group scroll-mt-24")}${para(2, "tokens")}
        ${heading("providers", "Providers", "hidden lg:block md:overflow-hidden")}${para(2, "providers")}
        ${heading("scopes", "Scopes", "display-500 g-offset-scroll-margin-top")}${para(2, "scopes")}</article></main>`,
        `<style>.hidden { display: none } @media (min-width: 1024px) { .lg\\:block { display: block } }</style>`,
      ),
    );
    expect(md).toMatch(/^## About authentication and authorization$/m);
    expect(md).toMatch(/^## Providers$/m);
    // A design system's own scroll offset class.
    expect(md).toMatch(/^## Scopes$/m);
  });

  it("keeps the section headings of a post whose class names them 'header' (Substack's header-anchor-post)", async () => {
    const heading = (slug: string, text: string) =>
      `<h2 class="header-anchor-post">${text}<div class="pencraft pc-display-flex header-anchor-parent"><div id="§${slug}" class="pencraft header-anchor offset-top"></div><button type="button" aria-label="Link">#</button></div></h2>`;
    const md = await markdown(
      await snapshot(
        `<header class="main-menu"><h2 class="header-title"><a href="/">The Newsletter</a></h2></header>
        <main><article class="post"><h1 class="post-title">Local-first software</h1><div class="available-content"><div class="body markup">${para(3, "edges")}
        ${heading("the-cloud-is-not-the-computer", "The cloud is not the computer")}${para(3, "clouds")}
        ${heading("data-belongs-to-the-application", "Data belongs to the application")}${para(3, "data")}</div></div></article></main>`,
      ),
    );
    expect(md).toMatch(/^## The cloud is not the computer$/m);
    expect(md).toMatch(/^## Data belongs to the application$/m);
    expect(md).toContain("Paragraph 3 about data");
  });

  it("keeps a listicle's introduction whose block's class says 'header', and not the site's header", async () => {
    const item = (i: number) =>
      `<section class="listicle-item"><h2>${i}. Design service number ${i}</h2><p>Service ${i} pairs you with a designer who sends a plan, a shopping list and two rounds of changes for a flat fee that is a fraction of a studio's.</p></section>`;
    const md = await markdown(
      await snapshot(
        `<div class="site-header"><a href="/">Home Digest</a> <a href="/rooms">Rooms</a> <a href="/garden">Garden</a><p>Ideas for every room.</p></div>
        <main><article><section class="listicle-header"><h1>The best online interior design services</h1>
          <div class="listicle-intro"><p>So you have decided to give your home a refresh, but where to begin? Between the swatches, the furniture and the styles, turning ideas into a room is hard work.</p>
          <p>Consider, then, an online interior design service: a handful have reached the market in the past few years, with personalized advice that is as affordable as it is convenient.</p></div></section>
          ${[1, 2, 3, 4, 5].map(item).join("")}</article></main>`,
      ),
    );
    expect(md).toContain("decided to give your home a refresh");
    expect(md).toContain("Consider, then, an online interior design service");
    expect(md).toContain("Service 5 pairs you with a designer");
    expect(md).not.toContain("Ideas for every room");
  });

  it("keeps a documentation section whose id spells a heading that says 'comments' or 'related', or an API's name in code", async () => {
    const section = (title: string, body: string) =>
      `<section id="${title.toLowerCase().replace(/ /g, "-")}"><h2>${title}<a class="headerlink" href="#${title.toLowerCase().replace(/ /g, "-")}">¶</a></h2><p>${body}</p></section>`;
    const md = await markdown(
      await snapshot(
        `<div class="document"><div class="body" role="main"><section id="submitting-patches"><h1>Submitting patches</h1>
        ${para(3, "patches")}
        ${section("Respond to review comments", "Your patch will almost certainly get comments from reviewers on ways in which it can be improved, in the form of a reply to your email; answer them, since ignoring reviewers is a good way to get ignored in return.")}
        ${section("Related tools and scripts", "The checkpatch script finds the commonest style problems before a reviewer does, and the get_maintainer script names the people and the lists a patch should go to.")}
        <section id="s-prefetch-related"><span id="prefetch-related"></span><h3><code class="docutils literal"><span class="pre">prefetch_related()</span></code><a class="headerlink" href="#prefetch-related">¶</a></h3>
        <p>Returns a queryset that will automatically retrieve, in a single batch, related objects for each of the specified lookups, joining them in Python rather than in the database.</p></section>
        ${para(2, "reviews")}</section></div></div>
        <section id="comments"><h2>Comments</h2><p>Great guide, thanks! I finally got my first patch merged after reading this twice over the weekend.</p></section>`,
      ),
    );
    expect(md).toContain("almost certainly get comments from reviewers");
    expect(md).toContain("The checkpatch script finds");
    expect(md).toContain("automatically retrieve, in a single batch, related objects");
    expect(md).toContain("Paragraph 2 about reviews");
    expect(md).not.toContain("Great guide, thanks");
  });

  it("keeps an API reference's signature whose id is the object's dotted path and says 'related' or 'header' (Sphinx)", async () => {
    const method = (path: string, signature: string, doc: string) =>
      `<dl class="py method"><dt class="sig sig-object py" id="${path}"><span class="sig-name descname"><span class="pre">${signature}</span></span><a class="headerlink" href="#${path}">¶</a></dt><dd><p>${doc}</p></dd></dl>`;
    const md = await markdown(
      await snapshot(
        `<div class="document"><div class="body" role="main"><section id="queryset-api"><h1>QuerySet API reference</h1>
        ${para(3, "querysets")}
        ${method("django.db.models.query.QuerySet.select_related", "select_related(*fields)", "Returns a QuerySet that will follow foreign-key relationships, selecting additional related-object data when it executes its query.")}
        ${method("email.header.Header", "Header(s=None, charset=None)", "Create a MIME-compliant header that can contain strings in different character sets, encoded the way the standard asks.")}
        ${method("django.db.models.query.QuerySet.only", "only(*fields)", "The opposite of defer: the fields named are the only ones loaded at once, and the rest are deferred until they are asked for.")}
        ${para(2, "lookups")}</section></div></div>`,
      ),
    );
    expect(md).toContain("select_related(\\*fields)");
    expect(md).toContain("Header(s=None, charset=None)");
    expect(md).toContain("only(\\*fields)");
    expect(md).toContain("Paragraph 2 about lookups");
  });

  it("keeps a signature's where clause that rustdoc sets in a block inside the heading", async () => {
    const fn = (name: string, sig: string, bound: string, doc: string) =>
      `<details class="toggle method-toggle" open><summary><section id="method.${name}" class="method"><h4 class="code-header">pub fn <a href="#method.${name}" class="fn">${name}</a>${sig}<div class="where">where ${bound}</div></h4></section></summary><div class="docblock"><p>${doc}</p></div></details>`;
    const md = await markdown(
      await snapshot(
        `<main><section id="main-content" class="content"><h1>Enum Option</h1>
        ${para(3, "options")}
        ${fn("unwrap_or_else", "&lt;F&gt;(self, f: F) -&gt; T", 'F: <a class="trait" href="/ops/trait.FnOnce.html">FnOnce</a>() -&gt; T,', "Returns the contained Some value or computes it from a closure, lazily, only when the value is None.")}
        ${fn("cloned", "(self) -&gt; Option&lt;T&gt;", 'T: <a class="trait" href="/clone/trait.Clone.html">Clone</a>,', "Maps an Option of a reference to an Option of a value by cloning the contents of the option.")}
        ${para(2, "methods")}</section></main>`,
      ),
    );
    const text = md.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1"); // the trait's link, if the page's address allows one
    expect(text).toContain("#### pub fn unwrap_or_else\\<F>(self, f: F) -> T where F: FnOnce() -> T,");
    expect(text).toContain("#### pub fn cloned(self) -> Option\\<T> where T: Clone,");
    expect(md).toContain("Paragraph 2 about methods");
  });

  it("keeps a section of prose whose id says 'header' or 'community' (HTTP's header ordering, a paper's community news), and not a footer's legal prose", async () => {
    const md = await markdown(
      await snapshot(
        `<main><article><h1>Sending requests</h1>
        ${para(3, "requests")}
        <section id="header-ordering"><h2>Header ordering</h2>
          <p>Servers must not depend on the order in which a client sends its header fields, though a proxy that forwards them should keep the order it received.</p>
          <p>Field lines with the same name are the exception: their order is significant, since the recipient joins their values into one comma-separated list.</p></section>
        ${para(2, "responses")}
        <div id="nwa-community"><h2>In the community</h2>
          <p>The library's reading room reopens on Monday with longer hours, a quiet floor for students and a new collection of local history donated by the county.</p>
          <p>Volunteers are still needed for the spring clean-up of the creek trail; sign-up sheets are at the visitor centre and gloves and bags are provided.</p></div>
        </article></main>
        <footer><div class="site-footer-legal"><p>Financing is available to qualified customers, subject to credit approval and credit limit; terms vary by product and are subject to change at any time.</p>
          <p>Special pricing is available to qualified customers; to learn whether you qualify, talk to a specialist in a store or give us a call during opening hours.</p></div></footer>`,
      ),
    );
    expect(md).toContain("Servers must not depend on the order");
    expect(md).toContain("Field lines with the same name are the exception");
    expect(md).toContain("The library's reading room reopens");
    expect(md).toContain("Paragraph 2 about responses");
    expect(md).not.toContain("Financing is available");
  });

  it("reads a product page whose structured data lists its FAQ's questions as a product page, not a discussion", async () => {
    const faq = `<script type="application/ld+json">[{"@type":"Product","name":"The product cup"},{"@type":"FAQPage","mainEntity":[{"@type":"Question","name":"Is it dishwasher safe?","acceptedAnswer":{"@type":"Answer","text":"Yes."}}]}]</script>`;
    const md = await markdown(await snapshot(productShapedPage("product"), faq));
    for (const line of ["Paragraph 4 about product", "Specs line 11"]) expect(md).toContain(line);
  });

  it("reads a page with no structured data (or only the site's) and no mark of a writer or a date whole; a dated post keeps Readability's pick", async () => {
    const page = await markdown(await snapshot(productShapedPage("service")));
    for (const line of ["Paragraph 4 about service", "Specs line 11"]) expect(page).toContain(line);
    expect(page).not.toContain("About us");
    // Structured data that only names the site's furniture (its breadcrumb trail, the site, the
    // organization) says nothing of what the page is.
    const furniture = `<script type="application/ld+json">${JSON.stringify([
      { "@context": "https://schema.org", "@type": "BreadcrumbList", itemListElement: [] },
      { "@context": "https://schema.org", "@type": ["WebSite"], name: "Cups" },
      { "@context": "https://schema.org", "@graph": [{ "@type": "Organization", name: "Cups Ltd" }] },
    ])}</script>`;
    // A listing's tiles are <article>s: a name and a price each, no writer's text.
    const tiles = Array.from(
      { length: 6 },
      (_, i) => `<article class="tile"><a href="/cups/${i}">Glass cup ${i}</a> <span>$12</span></article>`,
    ).join("");
    const listed = await markdown(
      await snapshot(productShapedPage("listed").replace("</main>", `${tiles}</main>`), furniture),
    );
    for (const line of ["Paragraph 4 about listed", "Specs line 11"]) expect(listed).toContain(line);
    const dated = productShapedPage("story").replace(
      "</h1>",
      '</h1><time datetime="2026-03-01">1 March 2026</time>',
    );
    const post = await markdown(await snapshot(dated));
    expect(post).toContain("Paragraph 4 about story");
    expect(post).not.toContain("Specs line 11");
  });

  it("keeps a section whose id is its heading's slug, even when a word of it names a widget", async () => {
    const md = await markdown(
      await snapshot(`<main><article><h1>Working together</h1>
        <div class="section" id="working-alone"><h2>Working alone</h2>${para(3, "working alone")}</div>
        <div class="section" id="sharing-with-a-single-developer"><h2>Sharing with a single developer</h2>${para(3, "sharing")}</div>
        <div class="share-buttons"><a href="/s/1">Share on X</a> <a href="/s/2">Share on Facebook</a></div>
      </article></main>`),
    );
    expect(md).toContain("Paragraph 3 about sharing");
    expect(md).not.toContain("Share on X");
  });

  it("reads a page whose form has an input named id (form.id is then that input, not a string)", async () => {
    const md = await markdown(
      await snapshot(`<main><article><h1>Contact</h1>${para(3, "contact")}
        <form class="newsletter-signup"><input name="id" value="7"><input name="email"><button>Sign up</button></form>
      </article></main>`),
    );
    expect(md).toContain("Paragraph 3 about contact");
  });

  it("keeps the replies of a discussion page, where they are the content, and none of their signatures", async () => {
    const replies = Array.from(
      { length: 8 },
      (_, i) =>
        `<div class="comment" id="comment-${i + 1}"><div class="comment-author">poster${i + 1}</div><div class="comment-body"><p>Reply ${i + 1}: in my experience the migration went fine once we pinned the versions and read the changelog twice.</p></div><div class="DiscussionBoard-signature">Make $300 a day with my method, poster${i + 1}</div></div>`,
    ).join("");
    const md = await markdown(
      await snapshot(`<header><h1>Anyone upgraded to version 5?</h1></header>
        <main><div class="topic-link"><a href="https://example.org/release">Version 5 released</a></div>
        <div class="comments">${replies}</div></main>`),
    );
    expect(md).toContain("Reply 1: in my experience");
    expect(md).toContain("Reply 8: in my experience");
    expect(md).not.toContain("Make $300 a day");
  });

  it("reads a forum thread's every post, where Readability keeps the longest one", async () => {
    // XenForo's shape: each post deep in its own article.message. Post 2, long and full of commas,
    // is the one Readability scores highest and keeps.
    const post = (i: number) =>
      `<article class="message message--post js-post" id="js-post-${i}"><div class="message-inner">
        <div class="message-cell message-cell--user"><section class="message-user"><a href="/members/u${i}">member${i}</a></section></div>
        <div class="message-cell message-cell--main"><div class="message-main"><div class="message-content">
          <article class="message-body"><div class="bbWrapper">Post ${i} of the thread. ${
            i === 2
              ? "We moved the team, the drivers, the printers, the scanners, and the desks, all of it, over the weekend. ".repeat(
                  30,
                )
              : "We moved the whole team to the new desktop setup and the drivers just worked after the update. ".repeat(
                  8,
                )
          }<br>Thanks for reading.</div></article>
        </div></div></div></div></article>`;
    const posts = [1, 2, 3, 4].map(post);
    const forumLd = `<script type="application/ld+json">${JSON.stringify({ "@type": "DiscussionForumPosting", headline: "Desktop setups" })}</script>`;
    const md = await markdown(
      await snapshot(
        `<h1>Desktop setups</h1><div class="block-body">${posts.join("")}</div><footer>Forum rules</footer>`,
        forumLd,
      ),
    );
    for (const i of [1, 2, 3, 4]) expect(md).toContain(`Post ${i} of the thread.`);
    expect(md).not.toContain("Forum rules");

    // Without structured data: posts in numbered wrappers whose markup names posts.
    const wrapped = posts.map((p, i) => `<div id="postBoxWrapper${i + 1}00">${p}</div>`).join("");
    const md2 = await markdown(await snapshot(`<h1>Catering tips</h1><div class="thread">${wrapped}</div>`));
    for (const i of [1, 2, 3, 4]) expect(md2).toContain(`Post ${i} of the thread.`);
  });

  it("reads no text a page pushes off the page with an inline offset (a hacked site's hidden links)", async () => {
    const md = await markdown(
      await snapshot(`<main><article><h1>Supercharged V8</h1>${para(4, "engines")}
        <p style="margin-left: -20px">A pull quote set a little into the margin, still on the page and read as ever.</p></article></main>
        <footer>Copyright Motorward</footer>
        <div style="position:absolute; left:-35255px;"><p>Australian players seeking excitement can explore <a href="https://casino.example/">Wolf Winner</a>, a casino with engaging pokies and fast payouts.</p>
        <p>Whether you prefer slots or table games, <a href="https://casino2.example/">Ozwin Casino</a> offers a wide selection and regular promotions.</p></div>`),
    );
    expect(md).toContain("Paragraph 4 about engines");
    expect(md).toContain("A pull quote set a little into the margin");
    expect(md).not.toContain("casino");
  });

  it("drops a post's links to the previous and the next post, where they hold no prose", async () => {
    const item = (side: string, title: string) =>
      `<div class="cs-entry__prev-next-item"><a class="cs-entry__prev-next-link" href="/${side}"></a><h5>${side === "older" ? "Previous Post" : "Next Post"}</h5><a href="/${side}"><img src="https://example.test/${side}.jpg" alt="${title}" width="380" height="250"></a></div>`;
    const md = await markdown(
      await snapshot(`<main><article><h1>The best smart lamps</h1>${para(5, "lamps")}
        <div class="cs-entry__prev-next">${item("older", "A thriller everyone is watching")}${item("newer", "A photo feature comes back")}</div>
        <div class="post-prev-next"><p>Our guides are written by the team and checked by an editor before they are published here, every time.</p></div>
      </article></main>`),
    );
    expect(md).toContain("Paragraph 5 about lamps");
    for (const gone of ["Previous Post", "Next Post", "A thriller everyone", "A photo feature"])
      expect(md).not.toContain(gone);
    expect(md).toContain("Our guides are written by the team");
  });

  it("writes no share buttons, whatever their markup is called: links to the share services' endpoints", async () => {
    const pin = (img: string) =>
      `<a href="https://pinterest.com/pin/create/button/?url=https%3A%2F%2Fexample.test%2Farticle&media=${img}"><img src="https://example.test/pin-it-icon.png" alt="" width="40" height="40"></a>`;
    const md = await markdown(
      await snapshot(`<main><article><h1>Kitchen makeovers</h1>${para(2, "kitchens")}
        <div class="wp-block-image"><img src="https://example.test/img/kitchen-1.jpg" alt="A white kitchen" width="800" height="600">${pin("kitchen-1.jpg")}</div>
        ${para(2, "islands")}
        <div class="post-tools"><a href="https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fexample.test%2Farticle">Facebook</a>
          <a href="https://twitter.com/intent/tweet?url=https%3A%2F%2Fexample.test%2Farticle">Post on X</a>
          <a href="mailto:?subject=Kitchen%20makeovers">Email a friend</a></div>
        <p>Photos by <a href="https://twitter.com/janedoe">Jane Doe</a>; write to <a href="mailto:desk@example.test">the desk</a>.</p>
      </article></main>`),
    );
    expect(md).toContain("![A white kitchen](https://example.test/img/kitchen-1.jpg)");
    expect(md).toContain("Paragraph 2 about islands");
    for (const gone of ["pinterest.com", "Pin it", "sharer", "Post on X", "Email a friend"])
      expect(md).not.toContain(gone);
    expect(md).toContain("[Jane Doe](https://twitter.com/janedoe)");
    expect(md).toContain("[the desk](mailto:desk@example.test)");
  });

  it("writes no skip links and no 'Back to top' lines, and keeps the text's own links within the page", async () => {
    const md = await markdown(
      await snapshot(`<a class="skip-to-main" href="#main-content">Skip to main content</a>
        <main id="main-content"><article><h1>Wiring a house</h1><p><a href="#kit">Skip to the kit list</a></p>${para(2, "circuits")}
        <p>See <a href="#breakers">the section on breakers</a> before you start.</p>
        <p><a href="#top">&uarr; Back to Top</a></p>
        <h2 id="breakers">Breakers</h2>${para(2, "breakers")}
        <div class="back-to-top-btn"><img src="https://example.test/caret-up.svg" alt=""><div class="back-to-top-btn__text">Back To Top</div></div>
        <p>Why skip to the end? The content of the last section matters most.</p>
      </article></main>`),
    );
    expect(md).toContain("Paragraph 2 about breakers");
    expect(md).toContain("the section on breakers");
    expect(md).toContain("Why skip to the end?");
    for (const gone of [/skip to main content/i, /skip to the kit/i, /back to top/i])
      expect(md).not.toMatch(gone);
  });

  it("leaves out links drawn as buttons on lines of their own and call-to-action blocks, not the text's links", async () => {
    const md = await markdown(
      await snapshot(`<main><article><h1>Losing weight for the new year</h1>${para(2, "goals")}
        <p><a class="btn btn-link btn-sm chevron-right" href="https://example.test/blog/medications">Find out if weight loss medications can help you</a></p>
        <h2>Stick to a meal pattern</h2>
        <p>Both the <a class="inline-btn" href="https://example.test/blog/mediterranean">Mediterranean diet</a> and the DASH plan include whole grains, vegetables, fruits and lean protein every day.</p>
        ${para(2, "meals")}
        <div class="resource-content-cta-container"><div class="cta-title">Discover our planning software</div><p>See how it can help you plan your meals</p><a href="https://example.test/demo">Request a demo</a></div>
        ${para(1, "portions")}
      </article></main>`),
    );
    expect(md).toContain("Paragraph 2 about meals");
    expect(md).toContain("Paragraph 1 about portions");
    expect(md).toContain("[Mediterranean diet](https://example.test/blog/mediterranean)");
    for (const gone of ["weight loss medications", "planning software", "Request a demo", "plan your meals"])
      expect(md).not.toContain(gone);
  });

  it("reads what an app that did not render serves in <noscript> (Discourse's crawler view)", async () => {
    const posts = [1, 2, 3]
      .map(
        (i) =>
          `<div class="topic-body crawler-post"><div class="crawler-post-meta"><span class="creator"><a href="/u/user${i}">user${i}</a></span> <time>November 8, 2024</time></div><div class="post"><p>Post ${i}: ${"The resolver in the container points at the embedded DNS server, which answers for the other containers on the same network. ".repeat(2)}</p></div></div>`,
      )
      .join("");
    const md = await markdown(
      await snapshot(
        `<header><a href="/">Toggle navigation</a> ${["Product", "Get Docker", "Docker Desktop for Mac", "Docker Desktop for Windows", "Docker Desktop for Linux", "Docs", "Community", "Create Docker ID", "Docker Community Forums: share and learn in the Docker community"].map((m, i) => `<a href="/m${i}">${m}</a>`).join(" ")}</header>
        <div id="app"></div><script>/* the app's bundle failed to load */</script>
        <noscript><div id="main-outlet"><h1>Confusing resolver structure</h1>${posts}</div></noscript>`,
        "",
        "en",
        true,
      ),
    );
    for (const i of [1, 2, 3]) expect(md).toContain(`Post ${i}: The resolver in the container`);
    expect(md).not.toContain("Toggle navigation");
  });

  it("reads a Q&A page's question and answers, and none of the comments, votes or post controls around them", async () => {
    // Stack Exchange's microdata: comments are schema.org Comments inside the Question and each Answer.
    const comments = (post: string) =>
      `<div class="post-layout--right"><div id="comments-${post}" class="comments js-comments-container"><ul class="comments-list">${[
        1, 2, 3,
      ]
        .map(
          (i) =>
            `<li id="comment-${post}${i}" class="comment js-comment" itemprop="comment" itemscope itemtype="https://schema.org/Comment"><div class="comment-body"><span class="comment-copy">Remark ${i} on ${post}: +1, this saved my weekend, thanks for writing it up.</span> <a class="comment-user" href="/users/${i}">user${i}</a> <span class="relativetime">Commented May 3, 2009 at 3:22</span></div></li>`,
        )
        .join("")}</ul></div><a href="#" class="js-add-link">Add a comment</a></div>`;
    const votes = (n: number) =>
      `<div class="votecell"><button aria-label="Up vote">▲</button><div class="js-vote-count" itemprop="upvoteCount">${n}</div><button aria-label="Down vote">▼</button></div>`;
    const menu = (post: string) =>
      `<div class="post-menu"><div><a href="/a/${post}" class="js-share-link">Share</a></div><div><a href="/posts/${post}/edit">Improve this ${post.startsWith("q") ? "question" : "answer"}</a></div><div><button>Follow</button></div></div>`;
    const answer = (i: number) =>
      `<div id="answer-${i}" class="answer js-answer" itemprop="suggestedAnswer" itemscope itemtype="https://schema.org/Answer"><div class="post-layout">${votes(4320 + i)}<div class="answercell"><div class="s-prose js-post-body" itemprop="text"><p>Answer ${i}: ${"RAID guards against one kind of hardware failure, a disk dying, and nothing else: not deletion, not corruption, not fire. ".repeat(2)}</p></div>${menu("a" + i)}</div>${comments("answer" + i)}</div></div>`;
    const md = await markdown(
      await snapshot(`<div id="mainbar" itemscope itemtype="https://schema.org/QAPage"><h1 itemprop="name">Why is RAID not a backup?</h1>
        <div id="question" class="question js-question" itemprop="mainEntity" itemscope itemtype="https://schema.org/Question"><div class="post-layout">${votes(4310)}<div class="postcell"><div class="s-prose js-post-body" itemprop="text"><p>The question: ${"When someone mentions RAID in a conversation about backups, invariably someone declares that it is not a backup. ".repeat(2)}</p></div>${menu("q1")}</div>${comments("question")}</div>
        <div id="answers"><div id="answers-header"><h2 data-answercount="3">3 Answers</h2><div class="sort"><label for="sort">Sorted by:</label> <a href="?sort=default">Reset to default</a> <select id="sort"><option>Highest score (default)</option><option>Date modified (newest first)</option></select></div></div>${[1, 2, 3].map(answer).join("")}</div></div></div>`),
    );
    expect(md).toContain("The question: When someone mentions RAID");
    for (const i of [1, 2, 3]) expect(md).toContain(`Answer ${i}: RAID guards`);
    for (const gone of [
      "Remark 1 on question",
      "Remark 2 on answer1",
      "Remark 3 on answer3",
      "Commented May 3",
      "4310",
      "4321",
      "Improve this question",
      "Improve this answer",
      "Add a comment",
      "Follow",
      "3 Answers",
      "Sorted by",
      "Highest score",
    ])
      expect(md, gone).not.toContain(gone);
  });

  it("reads a thread's opening post that Readability dropped (phpBB's posts write <br>s, not paragraphs: one with a list reads as a menu)", async () => {
    const post = (i: number, author: string, content: string) =>
      `<div id="p${i}" class="post bg${(i % 2) + 1}"><div class="inner"><div class="postbody">
        <h3><a href="#p${i}">Re: Football season 2025-26</a></h3>
        <p class="author">by <strong><a href="/memberlist.php?u=${i}">${author}</a></strong> » Tue Aug 27, 2019 ${i}:47 am</p>
        <div class="content">${content}</div></div>
        <dl class="postprofile"><dt><a href="/memberlist.php?u=${i}">${author}</a></dt><dd><strong>Posts:</strong> ${i * 311}</dd></dl></div></div><hr class="divider">`;
    const leagues = [
      "Premier League",
      "La Liga",
      "Serie A",
      "Bundesliga",
      "Ligue 1",
      "Eredivisie",
      "MLS",
      "J1 League",
    ];
    const opening =
      "<em>Old thread taken over from Minoa.</em><br>The season's league threads where results go:<ul>" +
      leagues
        .map((l, i) => `<li><a href="/viewtopic.php?t=${i + 10}">${l} fixtures and standings thread</a></li>`)
        .join("") +
      "</ul>Post your predictions for the season below and keep the league threads for the results of each round.";
    const reply = (i: number) =>
      `Reply ${i}: the eredivisie fixtures are out, and given the budgets Ajax is likely to end up first this season, with PSV second in the table and AZ close behind them, as every year.`;
    const md = await markdown(
      await snapshot(
        `<div id="page-body"><h2 class="topic-title">Football season 2025-26</h2>
        ${post(1, "Outer Armatonisdaristan", opening)}${[2, 3, 4, 5].map((i) => post(i, `member${i}`, reply(i))).join("")}
        </div><div id="page-footer">Board index</div>`,
        "<title>Football season 2025-26 - The Forum</title>",
      ),
    );
    expect(md).toContain("Old thread taken over from Minoa.");
    expect(md).toContain("La Liga fixtures and standings thread");
    for (const i of [2, 3, 4, 5]) expect(md).toContain(`Reply ${i}: the eredivisie fixtures`);
  });

  it("reads a thread's posts where Readability's pick opens with the page's notice, not a post (The Student Room)", async () => {
    // Microdata says discussion; posts are divs of generated classes; the opening post, text and
    // <br>s over a list of links, is what Readability drops.
    const opening =
      "<span>The prime minister has announced that a general election will take place in July. This is the main official thread to discuss the run up to polling day and all the twists and turns of the campaign.</span><br>" +
      "<span>However you might also be interested in some of the many other threads across the site about the parties and their manifestos.</span>" +
      `<ul>${["Conservative", "Labour", "Liberal Democrat", "Green"].map((p, i) => `<li><a href="/showthread.php?t=${i}">${p} Party campaign and manifesto thread</a></li>`).join("")}</ul>`;
    const reply = (i: number) =>
      `<div class="css-tla" itemscope itemtype="https://schema.org/Comment"><div class="css-user"><a href="/member.php?u=${i}">member${i}</a></div><p>Reply ${i}: it is certainly much sooner than expected. I wonder if the positive news about inflation was the trigger for this rather hasty announcement.</p></div>`;
    const md = await markdown(
      await snapshot(`<div class="css-yn1" itemscope itemtype="https://schema.org/DiscussionForumPosting">
        <div class="css-notice"><p>This discussion is now closed.</p><p>Check out other related discussions</p></div>
        <div class="css-tla"><h1 itemprop="headline">2024 general election discussion</h1><div class="css-user"><a href="/member.php?u=1">Saracen's Fez</a></div><div class="css-fyf">${opening}</div></div>
        ${[2, 3, 4, 5].map(reply).join("")}</div><footer>Forum rules</footer>`),
    );
    expect(md).toContain("The prime minister has announced");
    expect(md).toContain("Labour Party campaign and manifesto thread");
    for (const i of [2, 3, 4, 5]) expect(md).toContain(`Reply ${i}: it is certainly`);
  });

  it("reads a thread whose first post stands apart from its replies, and no article's cards as replies", async () => {
    // XenForo's California theme: the opening post in its own card, the replies a run of
    // article.js-post in another block; no structured data.
    const words =
      "I have a quite old projector in the basement and the time has come to look at one that handles 4K. ";
    const body = (text: string) =>
      `<div class="message-cell"><div class="message-cell message-cell--main"><div class="message-content"><div class="message-userContent"><article class="message-body"><div class="bbWrapper">${text}</div></article></div></div></div></div>`;
    const reply = (i: number) =>
      `<article class="js-post california-nested-message" id="js-post-${i}"><div class="MessageCard"><div class="MessageCard__container">
        <header><a href="/members/u${i}">member${i}</a> <time>Jan 3, 2024</time></header>
        ${body(`Reply ${i}: I went through the same choice last year and the one with the better lens won, for movies at least.`)}
        <footer><a href="/posts/${i}/react">Like this post</a> <a href="/posts/${i}/quote">Quote this reply</a> <a href="/posts/${i}/report">Report to moderators</a> <a href="/posts/${i}/share">Share this post</a></footer></div></div></article>`;
    const md = await markdown(
      await snapshot(`<h1>Replacement projector recommendations</h1><div class="p-body-content">
        <div class="thread-top"><div class="thread-stats"><a href="#latest">Jump to Latest</a></div>
        <div class="MessageCard js-post" id="js-post-1"><div class="MessageCard__container">
          <header><a href="/members/op">JosephF</a> <span>6.3K views, 23 replies</span></header>${body(words.repeat(10))}</div></div></div>
        <div class="thread-replies"><div class="block block--messages"><div class="block-container"><div class="block-body">${[2, 3, 4, 5].map(reply).join("")}</div></div></div></div>
        </div>
        <footer>Forum rules</footer>`),
    );
    expect(md).toContain("I have a quite old projector");
    expect(md).toContain("JosephF");
    for (const i of [2, 3, 4, 5]) expect(md).toContain(`Reply ${i}: I went through`);
    expect(md).not.toContain("Forum rules");

    // A blog post (it says it is an article) over the site's cards for other posts, marked "post".
    const card = (i: number) =>
      `<article class="post type-post"><h2><a href="/other-${i}">Other post ${i}</a></h2><p>Card ${i}: ${"A summary of another post of the blog, two lines of it, which a reader may want next. ".repeat(2)}</p></article>`;
    const blog = await markdown(
      await snapshot(
        `<article class="post type-post"><h1>Our projector</h1><div class="entry-content">${para(4, "projector")}</div></article>
        <div class="more-posts-grid">${[1, 2, 3, 4].map(card).join("")}</div>`,
        `<meta property="og:type" content="article">`,
      ),
    );
    expect(blog).toContain("Paragraph 4 about projector");
    expect(blog).not.toContain("Card 1:");
  });

  it("keeps a short news story and none of the stories in a sidebar that is not an <aside>", async () => {
    const stories = Array.from(
      { length: 10 },
      (_, i) =>
        `<div class="item"><h4><a href="/sport/${i}">Other match report number ${i + 1}</a></h4><p>A longer summary of another match, played on another day by other teams, with the goals, the cards and the manager's words after it.</p></div>`,
    ).join("");
    const md = await markdown(
      await snapshot(
        `<div class="page"><div class="main-col"><h1>Late goal seals the derby</h1>
          <p>The home side won two goals to one with a header in the last minute of added time.</p>
          <p>The return fixture is in March, and tickets go on sale next week at the club shop.</p></div>
        <div id="sidebar" class="sidebar-right"><h3>Latest news</h3>${stories}</div></div>`,
        "",
        "en",
        true,
      ),
    );
    expect(md).toContain("a header in the last minute");
    expect(md).toContain("The return fixture is in March");
    expect(md).not.toContain("Other match report");
    expect(md).not.toContain("A longer summary of another match");
  });

  it("keeps an article and not the stream of story cards its page's content container adds", async () => {
    // The page's content block holds the article and, below it, a "Recommended for you" stream
    // whose teasers are more prose than the article: on an article's page that is not more article.
    const cards = Array.from(
      { length: 20 },
      (_, i) =>
        `<li class="stream-item"><div class="card"><div class="media"><h3><a href="/news/story-${i}">Other story number ${i + 1} from the news desk</a></h3><div class="summary">A teaser for other story ${i + 1}: what happened, who said what about it, and why it matters to readers this week, at some length.</div><span>Good Morning</span></div></div></li>`,
    ).join("");
    const md = await markdown(
      await snapshot(
        `<div id="Main" class="content"><article><div class="body"><h1>Veteran's photo sparks debate</h1>
          ${para(4, "the photo")}</div></article>
          <div class="comments-ui"><p>Sign in to post a comment.</p></div>
          <h2>Recommended for You</h2><ul class="stream">${cards}</ul></div>`,
        `<meta property="og:type" content="article">`,
        "en",
        true,
      ),
    );
    expect(md).toContain("Paragraph 4 about the photo");
    expect(md).not.toContain("Other story number");
    expect(md).not.toContain("A teaser for other story");
  });

  it("reads a page typed WebPage and og:type article as its story, not its section's cards", async () => {
    const cards = Array.from(
      { length: 12 },
      (_, i) =>
        `<li><div class="card"><h2><a href="/es/story-${i}">Otra historia número ${i + 1} de la redacción</a></h2><div class="summary">Un resumen de otra historia ${i + 1}: qué pasó, quién dijo qué y por qué importa a los lectores esta semana.</div><span>Por Redacción</span></div></li>`,
    ).join("");
    const md = await markdown(
      await snapshot(
        `<main><section class="story"><h1>Xi organiza los juegos</h1>${para(4, "los juegos")}</section>
          <section class="highlights"><h2>Destacados</h2><ol>${cards}</ol></section></main>`,
        `<meta property="og:type" content="article"><script type="application/ld+json">{"@context":"https://schema.org","@type":"WebPage","name":"Xi"}</script>`,
        "es",
        true,
      ),
    );
    expect(md).toContain("Paragraph 4 about los juegos");
    expect(md).not.toContain("Otra historia número");
  });

  it("keeps a short news story and none of the site's story cards beside it", async () => {
    const cards = Array.from(
      { length: 12 },
      (_, i) =>
        `<div class="story-card"><a href="/sport/${i}"><h3>Other match report number ${i + 1}</h3></a><p>A short summary of another match, played on another day by other teams.</p></div>`,
    ).join("");
    const md = await markdown(
      await snapshot(`<main><div class="layout">
        <article class="story"><h1>Late goal seals the derby</h1>
          <div class="article-body">${para(3, "the derby")}
          <p><strong>Related: <a href="/sport/other">Manager praises young striker</a></strong></p>
          <p>The return fixture is in March, and tickets go on sale next week at the club shop.</p></div>
        </article>
        <aside class="sidebar"><h2>More stories</h2>${cards}</aside>
        <section class="more-stories"><h2>Latest</h2>${cards}</section>
      </div></main>`),
    );
    expect(md).toContain("Paragraph 1 about the derby");
    expect(md).toContain("The return fixture is in March");
    expect(md).not.toContain("Other match report");
    expect(md).not.toContain("A short summary of another match");
    expect(md).not.toContain("Manager praises young striker");
  });

  it("keeps every section of an article a CMS splits into modules", async () => {
    // As a page builder nests them: each section's text five wrappers deep, so Readability's
    // scores never reach the block that holds all four.
    const deep = (html: string) =>
      `<div class="row"><div class="cell"><div class="row"><div class="cell"><div class="module">${html}</div></div></div></div></div>`;
    const section = (n: number) =>
      `<div class="dnd-section">${deep(`<h2>Step ${n}</h2>`)}${deep(para(3, `step ${n}`))}</div>`;
    const md = await markdown(
      await snapshot(`<nav><a href="/">Home</a> <a href="/blog">Blog</a></nav>
        <main id="content"><h1>A plan in three steps</h1>${[1, 2, 3].map(section).join("")}</main>
        <footer><a href="/about">About us</a></footer>`),
    );
    for (const n of [1, 2, 3]) expect(md).toContain(`Paragraph 3 about step ${n}`);
    expect(md).not.toContain("About us");
  });

  it("keeps a documentation page's sections of links and its 'See also', not an article's 'Related' or 'More from'", async () => {
    const links = (names: string[], wrap: "ul" | "div") =>
      wrap === "ul"
        ? `<ul>${names.map((n) => `<li><a href="/docs/${n.toLowerCase()}">${n}</a></li>`).join("")}</ul>`
        : `<div class="grid">${names.map((n) => `<a class="card" href="/docs/${n.toLowerCase()}">${n}</a>`).join(" ")}</div>`;
    const docs = await markdown(
      await snapshot(
        `<nav><a href="/">Home</a> <a href="/docs">Docs</a></nav>
        <main><article><h1>Authentication</h1>${para(4, "sign-in")}
        <h2>Providers</h2><p>Sign-in works with many providers. The sections below list the ones supported today, each with its own guide.</p>
        <h3>Social login</h3>${links(["Apple", "Discord", "GitLab", "Keycloak"], "ul")}
        <h3>Phone login</h3>${links(["Twilio", "Vonage", "MessageBird"], "ul")}
        <p><strong>See also</strong></p>${links(["Sessions", "Identities", "Passwords"], "ul")}
        </article></main>`,
        "",
        "en",
        true,
      ),
    );
    for (const name of ["Discord", "Keycloak", "Vonage", "Identities"]) expect(docs).toContain(name);
    const news = await markdown(
      await snapshot(
        `<main><article><h1>River levels fall after the storm</h1>${para(5, "rivers")}
        <h3>More from the Gazette</h3>${links(["Bridge", "Ferry", "Roads"], "ul")}
        <h3>Related posts</h3>${links(["Floods", "Weather", "Dams"], "div")}
        </article></main>`,
        "",
        "en",
        true,
      ),
    );
    for (const name of ["Ferry", "Weather"]) expect(news).not.toContain(name);
  });

  it("keeps a documentation generator's 'See also' note (a title, then linked pages with a line each) that Readability reads as linky", async () => {
    const entry = (name: string, line: string) =>
      `<dt><a class="reference internal" href="/docs/${name.toLowerCase()}.html">${name}</a></dt><dd><p>${line}</p></dd>`;
    const md = await markdown(
      await snapshot(
        `<nav><a href="/">Home</a> <a href="/docs">Docs</a></nav>
        <div role="main"><section id="playbooks"><h1>Working with playbooks</h1>${para(5, "playbooks")}
        <div class="admonition seealso"><p class="admonition-title">See also</p><dl class="simple">
        ${entry("Ansible Lint", "Learn how to test playbooks")}${entry("YAML Syntax", "Learn about the syntax")}
        ${entry("General Tips", "Tips for playbooks")}</dl></div></section></div>`,
        "",
        "en",
        true,
      ),
    );
    expect(md).toContain("Paragraph 5 about playbooks");
    for (const line of ["Learn how to test playbooks", "YAML Syntax", "Tips for playbooks"])
      expect(md).toContain(line);
    expect(md).not.toContain("ptd-see-also");
  });

  it("starts with the main content by default, and with the title as `# ` when asked", async () => {
    const snap = await snapshot(ARTICLE, STYLE);
    const plain = await markdown(snap);
    expect(plain.startsWith("Paragraph 1 about rivers")).toBe(true);
    const titled = await markdown(snap, { includeTitle: true });
    expect(titled.startsWith("# River levels fall after the storm\n\nParagraph 1")).toBe(true);
  });

  it("never answers nothing for a page with visible text, even one Readability cannot read", async () => {
    const md = await markdown(
      await snapshot(`<div><span>Opening hours: Monday to Friday, 9 to 5.</span></div>`),
    );
    expect(md).toContain("Opening hours: Monday to Friday, 9 to 5.");
  });

  it("reads a page its scripts did not render from its <noscript> version", async () => {
    const md = await markdown(
      await snapshot(
        `<div id="app"></div><noscript><div class="topic"><p class="post">${"The forum post that an app would have rendered, kept for clients without scripts. ".repeat(4)}</p></div></noscript>`,
      ),
    );
    expect(md).toContain("The forum post that an app would have rendered");
  });

  it("reads the byline and date of a page its scripts did not render from its <noscript> version", async () => {
    // As a forum's app shell serves it: the posts, for clients without scripts, only in <noscript>.
    const post = (name: string, when: string) =>
      `<div itemscope itemtype="http://schema.org/DiscussionForumPosting"><span itemprop="author" itemscope itemtype="http://schema.org/Person"><a href="/u/${name}"><span itemprop="name">${name}</span></a></span><time itemprop="datePublished" datetime="${when}">${when.slice(0, 10)}</time><div itemprop="articleBody"><p>${"A post that the forum's app would have rendered, kept for clients without scripts. ".repeat(3)}</p></div></div>`;
    const shell = (noscript: string) =>
      `<div id="app">Loading…</div><noscript><h1>Project discovery, July</h1>${noscript}</noscript>`;
    const head = `<title>Project discovery, July - Forums</title><meta name="description" content="The July round.">`;
    const m = await meta(
      await snapshot(
        shell(post("Laubrani", "2024-07-30T15:22:42Z") + post("hayley.p", "2024-08-02T09:00:00Z")),
        head,
        "de",
      ),
    );
    expect(m.author_name).toBe("Laubrani");
    expect(m.publication_date?.slice(0, 10)).toBe("2024-07-30");
    expect(m.title).toBe("Project discovery, July - Forums");
    expect(m.description).toBe("The July round.");
    expect(m.language).toBe("de");
    // A page that rendered its text reads it, not its <noscript> (here, a tracking pixel's note).
    const rendered = await meta(
      await snapshot(
        `<article>${para(3, "rivers")}<p class="byline">By Tomas Berg</p></article><noscript>${post("Someone Else", "2020-01-01T00:00:00Z")}</noscript>`,
      ),
    );
    expect(rendered.author_name).toBe("Tomas Berg");
  });

  it("answers, empty, for a page whose own script removed the whole document", async () => {
    // A forum page did this in an offline visit (an anti-ad-blocker's reaction, by its look):
    // only the doctype was left, and meta failed with an unexpected error.
    const snap = await snapshot(
      `${para(3, "vanishing pages")}<script>document.documentElement.remove()</script>`,
    );
    expect(await snap.page.evaluate(() => document.documentElement)).toBeNull();
    const m = await meta(snap);
    expect(m).toMatchObject({ title: null, author_name: null, publication_date: null, language: null });
    expect((await markdown(snap)).trim()).toBe("");
  });

  it("reads a page that stays hidden until a script that never ran reveals it", async () => {
    const md = await markdown(
      await snapshot(`<div style="visibility: hidden"><article>${para(3, "hidden pages")}</article></div>`),
    );
    expect(md).toContain("Paragraph 1 about hidden pages");
  });

  // wceb-2026 page 0602 (a standing desk's product page): the main content is one big
  // configurator <form>, which Markdown used to drop whole, leaving nothing.
  it("keeps the text of a form that is the main content", async () => {
    const option = (label: string, help: string) =>
      `<div><p><label>${label}</label></p><p>${help} ${"The option is explained at length for buyers who compare models before ordering. ".repeat(2)}</p><select><option>One</option></select></div>`;
    const md = await markdown(
      await snapshot(
        `<main><form>${option("Desktop Style", "The desktop thickness is listed below each option.")}${option("Frame Color", "The frame comes in three colors.")}<button>Add to cart</button></form></main>`,
      ),
    );
    expect(md).toContain("Desktop Style");
    expect(md).toContain("The desktop thickness is listed below each option.");
    expect(md).not.toContain("Add to cart");
  });

  // wceb-2026 page 0585: a Next.js shell whose scripts did not run renders no text at all.
  it("answers an app shell that rendered nothing with the page's own description", async () => {
    const md = await markdown(
      await snapshot(
        `<div id="__next"></div><script id="__NEXT_DATA__" type="application/json">{"props":{"page":"rug"}}</script>`,
        `<title>Beatrice Rug</title><meta name="description" content="Shop the Beatrice rug: washable, made to order, free shipping.">`,
      ),
    );
    expect(md.trim()).toBe("Shop the Beatrice rug: washable, made to order, free shipping.");
  });

  it("falls back to JSON-LD articleBody when the page renders no article", async () => {
    const body =
      "The article lives only in structured data. It is long enough to be an article body worth reading.";
    const ld = `<script type="application/ld+json">${JSON.stringify({ "@type": "NewsArticle", articleBody: body })}</script>`;
    const md = await markdown(await snapshot(`<div id="app"></div>`, ld));
    expect(md).toContain(body);
  });

  it("reads JSON-LD as meta does: in CDATA markers, and a WebPage's mainEntity", async () => {
    const body =
      "The article lives only in structured data. It is long enough to be an article body worth reading.";
    const wrapped = `<script type="application/ld+json">//<![CDATA[\n${JSON.stringify({ "@type": "NewsArticle", articleBody: body })}\n//]]></script>`;
    expect(await markdown(await snapshot(`<div id="app"></div>`, wrapped))).toContain(body);
    const entity = `<script type="application/ld+json">${JSON.stringify({ "@type": "WebPage", mainEntity: { "@type": "Article", articleBody: body } })}</script>`;
    expect(await markdown(await snapshot(`<div id="app"></div>`, entity))).toContain(body);
    const summary = "A summary of the page in its structured data, long enough to stand for the page.";
    const described = `<script type="application/ld+json"><![CDATA[${JSON.stringify({ "@type": "Product", description: summary })}]]></script>`;
    expect((await markdown(await snapshot(`<div id="app"></div>`, described))).trim()).toBe(summary);
  });
});

describe.runIf(fs.existsSync(CHROMIUM))("meta: author and date", () => {
  it("takes a byline in the text when no markup names the author, and the published date", async () => {
    const m = await meta(
      await snapshot(
        `<article><h1>Title</h1><p class="meta">Written by Jane Q. Writer</p>${para(2, "x")}</article>`,
        `<title>Title</title><meta property="article:published_time" content="2025-03-04T10:00:00Z"><meta property="article:modified_time" content="2025-06-01T10:00:00Z">`,
      ),
    );
    expect(m.author_name).toBe("Jane Q. Writer");
    // The modified date is not shown on the page: the published one stands.
    expect(m.publication_date).toBe("2025-03-04T10:00:00Z");
  });

  it("takes the modified date when the page shows it, a person before an organization, and ISO dates", async () => {
    const ld = {
      "@type": "Article",
      author: [
        { "@type": "Organization", name: "Gazette Media" },
        { "@type": "Person", name: "Sam Reporter" },
      ],
      datePublished: "2024-01-02",
      dateModified: "2025-08-19T13:25:59+00:00",
    };
    const m = await meta(
      await snapshot(
        `<article><p>Updated August 19, 2025</p>${para(2, "y")}</article>`,
        `<title>T</title><script type="application/ld+json">${JSON.stringify(ld)}</script>`,
      ),
    );
    expect(m.author_name).toBe("Sam Reporter");
    expect(m.publication_date).toBe("2025-08-19T13:25:59+00:00");

    // The same page whose meta tags declare the published day: the day it labels "Updated" is
    // the last update, and the declared day is the publication date (docs/decisions.md).
    const declared = await meta(
      await snapshot(
        `<article><h1>T</h1><p>Last updated: August 19, 2025</p>${para(2, "y")}</article>`,
        `<title>T</title><meta property="article:published_time" content="2024-01-02T08:00:00+00:00"><script type="application/ld+json">${JSON.stringify(ld)}</script>`,
      ),
    );
    expect(declared.publication_date).toBe("2024-01-02");
    // Shown unlabelled under the headline, the modified day is the page's date, declared or not.
    const unlabelled = await meta(
      await snapshot(
        `<article><h1>T</h1><p>August 19, 2025</p>${para(2, "y")}</article>`,
        `<title>T</title><meta property="article:published_time" content="2024-01-02T08:00:00+00:00"><script type="application/ld+json">${JSON.stringify(ld)}</script>`,
      ),
    );
    expect(unlabelled.publication_date).toBe("2025-08-19T13:25:59+00:00");

    const dated = await meta(
      await snapshot(
        `<div class="post-date">Posted on Oct 31st, 2025</div>${para(1, "z")}`,
        "<title>T</title>",
      ),
    );
    expect(dated.publication_date).toBe("2025-10-31");
  });

  it("reads a forum thread's first poster, and lets a CMS login give way to the byline's name", async () => {
    const thread = {
      "@type": "WebPage",
      mainEntity: {
        "@type": "DiscussionForumPosting",
        author: { "@type": "Person", name: "felixen" },
        datePublished: "2022-07-09T22:10:31+00:00",
      },
    };
    const forum = await meta(
      await snapshot(
        `<article class="message" data-author="felixen">${para(1, "a")}</article><article class="message" data-author="spikeymike">${para(1, "b")}</article>`,
        `<title>T</title><script type="application/ld+json">${JSON.stringify(thread)}</script>`,
      ),
    );
    expect(forum.author_name).toBe("felixen");
    expect(forum.publication_date).toBe("2022-07-09T22:10:31+00:00");

    const blog = await meta(
      await snapshot(
        `<article><h1>Title</h1><p>By Aoife O'Riordan • March 12, 2025</p>${para(2, "c")}</article>`,
        `<title>T</title><meta name="author" content="KatieS">`,
      ),
    );
    expect(blog.author_name).toBe("Aoife O'Riordan");
    expect(blog.publication_date).toBe("2025-03-12");

    // "By optimizing your site, …" is a sentence, not a byline.
    const prose = await meta(
      await snapshot(
        `<p>By optimizing your site, you reach more readers.</p>${para(1, "d")}`,
        "<title>T</title>",
      ),
    );
    expect(prose.author_name).toBeNull();
  });

  it("names the organization when no person is named anywhere", async () => {
    const ld = { "@type": "Article", author: { "@type": "Organization", name: "ServiceCo" } };
    const m = await meta(
      await snapshot(
        para(1, "w"),
        `<title>T</title><script type="application/ld+json">${JSON.stringify(ld)}</script>`,
      ),
    );
    expect(m.author_name).toBe("ServiceCo");
  });

  it.each([
    ["bare", (j: string) => `<![CDATA[\n${j}\n]]>`],
    ["in comments", (j: string) => `//<![CDATA[\n${j}\n//]]>`],
  ])("reads JSON-LD wrapped in CDATA markers (%s)", async (_, wrap) => {
    const ld = {
      "@type": "NewsArticle",
      author: [{ "@type": "Person", name: "Stella Kim" }],
      datePublished: "2024-12-06",
    };
    const m = await meta(
      await snapshot(
        para(1, "c"),
        `<title>T</title><script type="application/ld+json">${wrap(JSON.stringify(ld))}</script>`,
      ),
    );
    expect(m.author_name).toBe("Stella Kim");
    expect(m.publication_date).toBe("2024-12-06");
  });

  it("takes no form label or forum statistic for a name, and reads a phpBB thread's first post", async () => {
    const m = await meta(
      await snapshot(
        `<form><label>Author<input name="author"></label></form><form><label>Date within<select><option>1 day</option></select></label></form>` +
          `<div class="post"><div class="postbody"><p class="author">Sun Dec 17, 2023 11:23 am</p>${para(1, "e")}</div>` +
          `<dl class="postprofile"><dt><a class="username" href="./memberlist.php?mode=viewprofile&u=1">b.scherer</a></dt></dl>` +
          `<ul class="ipsEntry__authorStats"><li>2.8k posts</li><li>6 Solutions</li></ul></div>`,
        "<title>T</title>",
      ),
    );
    expect(m.author_name).toBe("b.scherer");
    expect(m.publication_date).toBe("2023-12-17");
  });

  it("reads Yoast's 'Written by' card, a one-word 'Posted by' byline and a personal site's owner", async () => {
    const card = await meta(
      await snapshot(
        para(1, "f"),
        `<title>T</title><meta name="twitter:label1" content="Written by"><meta name="twitter:data1" content="Tyler Brown">`,
      ),
    );
    expect(card.author_name).toBe("Tyler Brown");

    const posted = await meta(
      await snapshot(
        `${para(1, "g")}<p>Posted by David at December 16, 2025 11:15 AM</p>`,
        "<title>T</title>",
      ),
    );
    expect(posted.author_name).toBe("David");
    expect(posted.publication_date).toBe("2025-12-16");

    const owner = await meta(
      await snapshot(`<header><a href="/">Pierce Freeman</a></header>${para(1, "h")}`, "<title>T</title>"),
    );
    expect(owner.author_name).toBe("Pierce Freeman");
    const company = await meta(
      await snapshot(`<header><a href="/">Acme Media Group</a></header>${para(1, "i")}`, "<title>T</title>"),
    );
    expect(company.author_name).toBeNull();
  });
});

describe.runIf(fs.existsSync(CHROMIUM))("meta: dates as the page prints them", () => {
  it("takes the day a <time> writes for the declared instant, and the dateline when the declared day is printed nowhere", async () => {
    const thread = { "@type": "DiscussionForumPosting", datePublished: "2025-12-18T23:25:38+00:00" };
    const local = await meta(
      await snapshot(
        `<h1>T</h1><time datetime="2025-12-19T04:25:38+0500">Yesterday at 4:25 AM</time>${para(1, "a")}`,
        `<title>T</title><script type="application/ld+json">${JSON.stringify(thread)}</script>`,
      ),
    );
    expect(local.publication_date).toBe("2025-12-19T04:25:38+05:00");

    const ld = { "@type": "Article", datePublished: "Jun 24, 2025", dateModified: "Jun 24, 2025" };
    const dateline = await meta(
      await snapshot(
        `<article><h1>How much to charge</h1><div class="author">Shauna Mitchell</div><div>August 25, 2024</div>${para(2, "b")}</article>`,
        `<title>T</title><script type="application/ld+json">${JSON.stringify(ld)}</script>`,
      ),
    );
    expect(dateline.publication_date).toBe("2024-08-25");

    // A prose line that mentions a date is not a dateline: the declared date stands.
    const prose = await meta(
      await snapshot(
        `<h1>Vanilla</h1><p>On 2 Dec 2024, I received this message from the vendor's director of engineering.</p>${para(1, "c")}`,
        `<title>T</title><meta property="article:published_time" content="2025-03-01">`,
      ),
    );
    expect(prose.publication_date).toBe("2025-03-01");
  });

  it("matches whole printed dates, skips a 'today' widget and a sidebar's <time>, and falls back to a labelled month", async () => {
    // "26 Sep 2024" does not print 6 Sep 2024: only the modified date is shown, so it stands.
    const ld = { "@type": "BlogPosting", datePublished: "2024-09-06", dateModified: "2025-11-14" };
    const whole = await meta(
      await snapshot(
        `<h1>T</h1><p>November 14, 2025</p>${para(1, "d")}<aside><p>Related, 26 Sep 2024</p></aside>`,
        `<title>T</title><script type="application/ld+json">${JSON.stringify(ld)}</script>`,
      ),
    );
    expect(whole.publication_date).toBe("2025-11-14");

    const today = await meta(
      await snapshot(
        `<header><p class="block-date" id="todays-date">Friday, December 19, 2025</p></header><div class="post-date">12/12/2025</div>${para(1, "e")}`,
        "<title>T</title>",
      ),
    );
    expect(today.publication_date).toBe("2025-12-12");
    // The widget inside a block classed for dates (Drupal's "block-date"), under the headline.
    const block = await meta(
      await snapshot(
        `<header><div class="block-date"><p id="todays-date-custom"><strong>Friday</strong>, December 19, 2025</p></div></header><h1>T</h1>${para(1, "e")}<p>Filed 12/12/2025</p>`,
        "<title>T</title>",
      ),
    );
    expect(block.publication_date).toBe("2025-12-12");

    const sidebar = await meta(
      await snapshot(
        `<aside><time datetime="2025-12-01">Dec 1</time></aside><article><time datetime="2025-11-03">Nov 3</time>${para(1, "f")}</article>`,
        "<title>T</title>",
      ),
    );
    expect(sidebar.publication_date).toBe("2025-11-03");

    const month = await meta(
      await snapshot(`${para(1, "g")}<div><b>Last Updated: </b>June 2022</div>`, "<title>T</title>"),
    );
    expect(month.publication_date).toBe("2022-06-01");
  });
});

describe.runIf(fs.existsSync(CHROMIUM))("meta: bylines, not menus or forms", () => {
  it("reads a byline box as rendered: its label apart from the name, its lines not run together", async () => {
    const labelled = await meta(
      await snapshot(
        `<h1>T</h1>${para(1, "lb")}<div class="author-card"><h4>Author</h4><p>Jane Smith</p></div>`,
        "<title>T</title>",
      ),
    );
    expect(labelled.author_name).toBe("Jane Smith"); // not "AuthorJane Smith"
    const stacked = await meta(
      await snapshot(
        `<h1>T</h1><div class="post-author" style="display:flex;flex-direction:column"><span>Jane Smith</span><span>Staff Writer</span></div>`,
        "<title>T</title>",
      ),
    );
    expect(stacked.author_name).toBe("Jane Smith"); // not "Jane SmithStaff Writer", nor the title
  });

  it("does not take a byline from a card that links to another story", async () => {
    const card = `<a href="https://example.test/other-story"><h3>Other story</h3><p>By Clare Duffy, CNN</p></a>`;
    const hub = await meta(
      await snapshot(
        `<h1>Vehicle rental news</h1>${card}${para(1, "cd")}`,
        `<title>T</title><meta property="og:site_name" content="WRAL"><meta name="author" content="WRAL">`,
      ),
    );
    expect(hub.author_name).toBe("WRAL");
    // The same line outside a link is this page's byline.
    const story = await meta(
      await snapshot(`<h1>Story</h1><p>By Clare Duffy, CNN</p>${para(1, "ce")}`, "<title>T</title>"),
    );
    expect(story.author_name).toBe("Clare Duffy");
  });

  it("takes the writer's byline before a reviewer's, and the reviewer's only where no writer is named", async () => {
    const both = await meta(
      await snapshot(
        `<h1>T</h1><p>Reviewed by Ann Lee</p><p>By John Smith</p>${para(2, "rv")}`,
        "<title>T</title>",
      ),
    );
    expect(both.author_name).toBe("John Smith");
    const reviewerOnly = await meta(
      await snapshot(`<h1>T</h1><p>Reviewed by Ann Lee</p>${para(2, "rw")}`, "<title>T</title>"),
    );
    expect(reviewerOnly.author_name).toBe("Ann Lee");
  });

  it("skips menu text, form labels and comment headings, and reads 'Article written by:' with credentials", async () => {
    const menu = await meta(
      await snapshot(
        `<nav><div role="menu"><h4>By Event Type</h4><ul><li><a href="/x">Conferences</a></li></ul></div></nav><h1>T</h1>${para(1, "h")}` +
          `<div class="comment"><span class="comment-author">Jiobal says</span></div><form><label>Your Name: *<input></label></form>`,
        "<title>T</title>",
      ),
    );
    expect(menu.author_name).toBeNull();

    const credentials = await meta(
      await snapshot(
        `${para(1, "i")}<h2>Article written by:</h2><h3>Doris Munoz-Mantilla, MD, FOMA</h3>`,
        "<title>T</title>",
      ),
    );
    expect(credentials.author_name).toBe("Doris Munoz-Mantilla, MD, FOMA");
  });

  it("names a question's asker and a forum post's JSON-LD handle, an author link's first line, and a one-word author-name box", async () => {
    const question = await meta(
      await snapshot(
        `<div class="question" data-author-username="Vader"><div class="user-info" itemprop="author" itemscope><span itemprop="name">pcurry</span></div>${para(1, "j")}</div>`,
        "<title>T</title>",
      ),
    );
    expect(question.author_name).toBe("Vader");

    const post = { "@type": "DiscussionForumPosting", author: { "@type": "Person", name: "khixxx" } };
    const thread = await meta(
      await snapshot(
        `<article class="message" data-author="Jeff Weissman Electric">${para(1, "k")}</article>`,
        `<title>T</title><script type="application/ld+json">${JSON.stringify(post)}</script>`,
      ),
    );
    expect(thread.author_name).toBe("khixxx");

    const link = await meta(
      await snapshot(
        `${para(1, "l")}<a class="post_author-text" href="/team/corti"><div class="post_author-name">Joakim Edin</div><div>Research and Development</div></a>`,
        "<title>T</title>",
      ),
    );
    expect(link.author_name).toBe("Joakim Edin");

    // A JSON-LD name the page prints nowhere gives way to the byline it prints; a link's label is no name.
    const ld = { "@type": "Article", author: { "@type": "Person", name: "Thao Dinh" } };
    const printed = await meta(
      await snapshot(
        `<h1>T</h1><div class="post-author"><a href="/author/x">Author Website</a></div><div class="everfit-author"><a href="/author/everfit">Everfit Team</a></div>${para(1, "n")}`,
        `<title>T</title><script type="application/ld+json">${JSON.stringify(ld)}</script>`,
      ),
    );
    expect(printed.author_name).toBe("Everfit Team");

    // metascraper's further meta keys.
    const keys = await meta(
      await snapshot(
        para(1, "o"),
        `<title>T</title><meta name="byl" content="By Jane Roe"><meta property="og:article:published_time" content="2025-04-05">`,
      ),
    );
    expect(keys.author_name).toBe("Jane Roe");
    expect(keys.publication_date).toBe("2025-04-05");

    const desk = await meta(
      await snapshot(
        `<h1>T</h1><div class="creator"><div class="creator-name">Newsdesk</div></div>${para(1, "m")}`,
        "<title>T</title>",
      ),
    );
    expect(desk.author_name).toBe("Newsdesk");
  });
});

describe.runIf(fs.existsSync(CHROMIUM))("meta: common conventions in many languages", () => {
  it("reads dates written in other languages and forms, and bylines with their labels", async () => {
    // [page language, body, expected author (undefined: not asked), expected date]
    const cases: Array<[string, string, string | undefined, string]> = [
      [
        "de",
        `<h1>Titel</h1><p>Von Anna Schmidt</p><p>12. März 2025</p>${para(1, "p")}`,
        "Anna Schmidt",
        "2025-03-12",
      ],
      [
        "fr",
        `<h1>Titre</h1><p>Par Jean Dupont</p><p>1er mars 2025</p>${para(1, "q")}`,
        "Jean Dupont",
        "2025-03-01",
      ],
      [
        "es",
        `<h1>Título</h1><p>Escrito por María López</p><p>12 de marzo de 2025</p>${para(1, "r")}`,
        "María López",
        "2025-03-12",
      ],
      ["ja", `<h1>題名</h1><p>2025年3月12日</p>${para(1, "s")}`, undefined, "2025-03-12"],
      // "03/04/2025" is day-first on a British page; a labelled line anywhere in another language.
      ["en-GB", `<h1>T</h1>${para(1, "t")}<p class="post-date">03/04/2025</p>`, undefined, "2025-04-03"],
      ["it", `${para(2, "u")}<p>Pubblicato il 7 maggio 2024</p>`, undefined, "2024-05-07"],
    ];
    for (const [lang, body, author, date] of cases) {
      const m = await meta(await snapshot(body, "<title>T</title>", lang));
      if (author) expect(m.author_name, lang).toBe(author);
      expect(m.publication_date, lang).toBe(date);
    }
  });

  it("reads Postlight Parser's further conventions: meta values, its tag names, one-name bylines, month names in paths", async () => {
    // [case, head, body, expected author, expected date day]
    const cases: Array<[string, string, string, string | null, string | null]> = [
      [
        "meta value",
        `<meta name="dc.author" value="Adam"><meta name="displaydate" value="1/1/2020 8:30 (EST)">`,
        "<p>x</p>",
        "Adam",
        "2020-01-01",
      ],
      [
        "tag names",
        `<meta name="clmst" content="Jane Smith"><meta name="rbpubdate" content="2020-03-04">`,
        "<p>x</p>",
        "Jane Smith",
        "2020-03-04",
      ],
      [
        "path",
        `<link rel="canonical" href="https://example.test/world/2020/jan/07/slug">`,
        "<p>x</p>",
        null,
        "2020-01-07",
      ],
      ["said", "", `<div class="byline"><span>By Adam</span></div>`, "Adam", null],
      ["linked", "", `<div class="byline"><a href="/author/adam">Adam</a></div>`, "Adam", null],
      // A one-word link the address does not spell is not a byline.
      ["unspelled", "", `<div class="byline"><a href="/author/jane-smith">Contact</a></div>`, null, null],
    ];
    for (const [name, head, body, author, date] of cases) {
      const m = await meta(await snapshot(body, `<title>T</title>${head}`));
      expect(m.author_name, name).toBe(author);
      expect(m.publication_date?.slice(0, 10) ?? null, name).toBe(date);
    }
  });

  it("reads the bylines of common CMSs, themes and forums: Drupal, Wix, labels, a dateline's separators, an author box, a poster's login", async () => {
    const h1 = "<h1>The committee publishes its findings</h1>";
    const text = para(3, "cms");
    // [case, head, body, expected author, expected date day]
    const cases: Array<[string, string, string, string | null, string | null]> = [
      [
        "drupal",
        "",
        `${h1}<div class="node__meta"><span>Submitted by <span class="field--name-uid">Jane Doe</span> on <span>Tue, 03/04/2025 - 10:00</span></span></div>${text}`,
        "Jane Doe",
        "2025-03-04",
      ],
      [
        "drupal login",
        "",
        `${h1}<div class="submitted">Submitted by <a href="/user/12">jdoe</a> on Tue, 03/04/2025 - 10:00</div>${text}`,
        "jdoe",
        "2025-03-04",
      ],
      [
        "login after date",
        "",
        `${h1}<p>Posted on <a href="/2025/03/04/">March 4, 2025</a> by <a href="/author/jane/">jane</a></p>${text}`,
        "jane",
        "2025-03-04",
      ],
      [
        "wix",
        "",
        `<div data-hook="post-header"><div><span data-hook="user-name">Jane Doe</span></div><div>Mar 4, 2025</div></div>${h1}${text}`,
        "Jane Doe",
        "2025-03-04",
      ],
      [
        "reporting",
        "",
        `${h1}<p>March 4, 2025</p>${text}<p>Reporting by Jane Doe; Editing by John Roe</p>`,
        "Jane Doe",
        "2025-03-04",
      ],
      [
        "guest post",
        "",
        `${h1}<p>Guest post by Jane Doe</p><p>March 4, 2025</p>${text}`,
        "Jane Doe",
        "2025-03-04",
      ],
      [
        "contributor",
        "",
        `${h1}<p>Contributor: Jane Doe</p><p>March 4, 2025</p>${text}`,
        "Jane Doe",
        "2025-03-04",
      ],
      [
        "co-authored",
        "",
        `${h1}<p>Co-authored by Jane Doe</p><p>March 4, 2025</p>${text}`,
        "Jane Doe",
        "2025-03-04",
      ],
      [
        "published by",
        "",
        `${h1}<p>Published by Jane Doe on March 4, 2025</p>${text}`,
        "Jane Doe",
        "2025-03-04",
      ],
      ["bar", "", `${h1}<p>Jane Doe | March 4, 2025</p>${text}`, "Jane Doe", "2025-03-04"],
      ["dash", "", `${h1}<p>Jane Doe - March 4, 2025</p>${text}`, "Jane Doe", "2025-03-04"],
      [
        "agency",
        "",
        `${h1}<div class="article-author">Jane Doe (Reuters)</div><p>March 4, 2025</p>${text}`,
        "Jane Doe",
        "2025-03-04",
      ],
      [
        "box heading",
        "",
        `${h1}<p>March 4, 2025</p>${text}<div class="author-box"><h4>About Jane Doe</h4><p>Jane covers committees.</p></div>`,
        "Jane Doe",
        "2025-03-04",
      ],
      [
        "box label",
        "",
        `${h1}<p>March 4, 2025</p>${text}<section><h3>Meet the author</h3><p>Jane Doe</p><p>Jane covers committees.</p></section>`,
        "Jane Doe",
        "2025-03-04",
      ],
      ["dashed date", "", `${h1}<p>By Jane Doe</p><p>04-Mar-2025</p>${text}`, "Jane Doe", "2025-03-04"],
      // The home link names the site ("Le Monde.fr" without its domain's ending), not an owner.
      [
        "site",
        `<meta property="og:site_name" content="Le Monde.fr">`,
        `<header><a href="/">Le Monde</a></header>${h1}<p>March 4, 2025</p>${text}`,
        null,
        "2025-03-04",
      ],
      [
        "name and title",
        "",
        `${h1}<p>Jane Doe, Senior Editor</p><p>March 4, 2025</p>${text}`,
        "Jane Doe",
        "2025-03-04",
      ],
      [
        "title in the box",
        "",
        `${h1}<div class="byline">Jane Doe<br>Senior Editor</div><p>March 4, 2025</p>${text}`,
        "Jane Doe",
        "2025-03-04",
      ],
      [
        "next label",
        "",
        `${h1}<p><strong>Author:</strong> Jane Doe <strong>Date:</strong> March 4, 2025</p>${text}`,
        "Jane Doe",
        "2025-03-04",
      ],
      [
        "table",
        "",
        `${h1}<table><tr><th>Author</th><td>Jane Doe</td></tr><tr><th>Published</th><td>March 4, 2025</td></tr></table>${text}`,
        "Jane Doe",
        "2025-03-04",
      ],
      ["recipe", "", `${h1}<p>Recipe by Jane Doe</p><p>March 4, 2025</p>${text}`, "Jane Doe", "2025-03-04"],
      [
        "stacked",
        "",
        `${h1}<div><div><a href="/team/jane">Jane Doe</a></div><div>March 4, 2025</div></div>${text}`,
        "Jane Doe",
        "2025-03-04",
      ],
      // A linked label beside the dateline is no name: "Find A Location".
      [
        "stacked label",
        "",
        `${h1}<div><div><a href="/locations">Find A Location</a></div><div>March 4, 2025</div></div>${text}`,
        null,
        "2025-03-04",
      ],
      [
        "login link",
        "",
        `${h1}<p>By <a href="/author/jdoe/">jdoe</a> | March 4, 2025</p>${text}`,
        "jdoe",
        "2025-03-04",
      ],
      [
        // A login that is a role names no one (docs/decisions.md, issue 23).
        "admin's login link",
        "",
        `${h1}<p>By <a href="/author/admin/">admin</a> | March 4, 2025</p>${text}`,
        null,
        "2025-03-04",
      ],
      [
        "link title",
        "",
        `${h1}<div><a href="/author/jdoe/" title="Posts by Jane Doe" rel="author"><img src="x.png" alt=""></a> <span>March 4, 2025</span></div>${text}`,
        "Jane Doe",
        "2025-03-04",
      ],
      [
        "link picture",
        "",
        `${h1}<div><a href="/author/jd/"><img src="x.png" alt="Jane Doe"></a> <span>March 4, 2025</span></div>${text}`,
        "Jane Doe",
        "2025-03-04",
      ],
      [
        "link address",
        "",
        `${h1}<div><a href="/author/jane-doe/"><img src="x.png"></a> <span>March 4, 2025</span></div>${text}`,
        "Jane Doe",
        "2025-03-04",
      ],
      ["updated after", "", `${h1}<p>By Jane Doe Updated March 4, 2025</p>${text}`, "Jane Doe", "2025-03-04"],
      [
        "read time after",
        "",
        `${h1}<p>By Jane Doe 4 min read</p><p>March 4, 2025</p>${text}`,
        "Jane Doe",
        "2025-03-04",
      ],
      [
        "authors label",
        "",
        `${h1}<div><h4>Authors</h4><p>Jane Doe</p><p>John Roe</p></div><p>March 4, 2025</p>${text}`,
        "Jane Doe, John Roe",
        "2025-03-04",
      ],
      [
        "section first",
        "",
        `${h1}<p>News | By Jane Doe</p><p>March 4, 2025</p>${text}`,
        "Jane Doe",
        "2025-03-04",
      ],
      [
        "reddit",
        "",
        `<shreddit-post author="jdoe" created-timestamp="2025-03-04T10:00:00.000000+0000">${h1}${text}</shreddit-post>`,
        "jdoe",
        "2025-03-04",
      ],
      [
        "meta creator",
        `<meta name="creator" content="Jane Doe">`,
        `${h1}<p>March 4, 2025</p>${text}`,
        "Jane Doe",
        "2025-03-04",
      ],
      [
        "confluence",
        "",
        `${h1}<div>Created by Jane Doe, last modified on Mar 04, 2025</div>${text}`,
        "Jane Doe",
        "2025-03-04",
      ],
      [
        "compiled",
        "",
        `${h1}<p>Compiled by Jane Doe</p><p>March 4, 2025</p>${text}`,
        "Jane Doe",
        "2025-03-04",
      ],
      [
        "editor only",
        "",
        `${h1}<p>Edited by Jane Doe</p><p>March 4, 2025</p>${text}`,
        "Jane Doe",
        "2025-03-04",
      ],
      [
        "data attribute",
        "",
        `${h1}<div data-author-name="Jane Doe"></div><p>March 4, 2025</p>${text}`,
        "Jane Doe",
        "2025-03-04",
      ],
      [
        "portrait",
        "",
        `${h1}<div class="post-author-avatar"><img alt="Photo of Jane Doe" src="a.png"></div><p>March 4, 2025</p>${text}`,
        "Jane Doe",
        "2025-03-04",
      ],
      [
        "vbulletin",
        "",
        `<h1>Best closed headphones?</h1><div class="username_container"><a class="username" href="member.php?u=123"><strong>jdoe</strong></a></div><span class="date">03-04-2025, 10:00 AM</span>${text}`,
        "jdoe",
        "2025-03-04",
      ],
      [
        "mybb",
        "",
        `<h1>Best closed headphones?</h1><div class="post_author"><span class="largetext"><a href="member.php?action=profile&uid=1">jdoe</a></span></div><span class="post_date">03-04-2025, 10:00 AM</span>${text}`,
        "jdoe",
        "2025-03-04",
      ],
      [
        "smf",
        "",
        `<h1>Best closed headphones?</h1><div class="poster"><h4><a href="index.php?action=profile;u=1">jdoe</a></h4></div><div class="smalltext">« on: March 04, 2025, 10:00:00 AM »</div>${text}`,
        "jdoe",
        "2025-03-04",
      ],
      [
        "vanilla",
        "",
        `<h1>Best closed headphones?</h1><span class="Author"><a href="/profile/jdoe" class="Username">jdoe</a></span><time datetime="2025-03-04T10:00:00+00:00">March 4, 2025</time>${text}`,
        "jdoe",
        "2025-03-04",
      ],
      [
        "github",
        "",
        `<h1>Best closed headphones?</h1><h3><a class="author Link--primary" href="/jdoe">jdoe</a> commented <relative-time datetime="2025-03-04T10:00:00Z">Mar 4, 2025</relative-time></h3>${text}`,
        "jdoe",
        "2025-03-04",
      ],
    ];
    for (const [name, head, body, author, date] of cases) {
      const m = await meta(
        await snapshot(body, `<title>The committee publishes its findings</title>${head}`),
      );
      expect(m.author_name, name).toBe(author);
      expect(m.publication_date?.slice(0, 10) ?? null, name).toBe(date);
    }
    // German magazines' "Text: Jane Doe", Swedish "Av Jane Doe".
    const german = await meta(
      await snapshot(`${h1}<p>Text: Jane Doe</p><p>04.03.2025</p>${text}`, "<title>T</title>", "de"),
    );
    expect(german.author_name).toBe("Jane Doe");
    const swedish = await meta(
      await snapshot(`${h1}<p>Av Jane Doe</p><p>4 mars 2025</p>${text}`, "<title>T</title>", "sv"),
    );
    expect(swedish.author_name).toBe("Jane Doe");
  }, 180_000); // a page per case, one after another: minutes on a loaded machine

  it("reads a numeric day both orders could name as the page writes that day plainly elsewhere", async () => {
    const article = `<h1>T</h1><time datetime="02-12-2025">02-12-2025</time>${para(2, "nd")}`;
    const alone = await meta(await snapshot(article, "<title>T</title>"));
    expect(alone.publication_date).toBe("2025-02-12"); // US English: month first
    const listed = await meta(
      await snapshot(
        `${article}<aside><h4>Recent</h4><time datetime="2025-12-02">December 02, 2025</time></aside>`,
        "<title>T</title>",
      ),
    );
    expect(listed.publication_date).toBe("2025-12-02");
  });

  it("counts a declared date as printed when the page writes it in its own language", async () => {
    const ld = { "@type": "NewsArticle", datePublished: "2025-03-12T09:00:00+01:00" };
    const m = await meta(
      await snapshot(
        `<h1>Titel</h1><p>Aktualisiert 20.03.2025</p>${para(1, "v")}<footer>Erschienen am 12. März 2025</footer>`,
        `<title>T</title><script type="application/ld+json">${JSON.stringify(ld)}</script>`,
        "de",
      ),
    );
    expect(m.publication_date).toBe("2025-03-12T09:00:00+01:00");

    // A day a <time> carries as "Yesterday" is shown: a quoted neighbouring day does not replace it.
    const thread = { "@type": "DiscussionForumPosting", datePublished: "2025-12-18T23:25:38+00:00" };
    const quoted = await meta(
      await snapshot(
        `<h1>T</h1><time datetime="2025-12-19T04:25:38+0500">Yesterday at 4:25 AM</time><blockquote>2025年12月18日 GMT+8 16:54</blockquote>${para(1, "ee")}`,
        `<title>T</title><script type="application/ld+json">${JSON.stringify(thread)}</script>`,
      ),
    );
    expect(quoted.publication_date).toBe("2025-12-19T04:25:38+05:00");

    // A declared day a <time> prints stays as declared, though its datetime writes the instant in UTC.
    const post = { "@type": "DiscussionForumPosting", datePublished: "2024-04-18T00:13:04+0300" };
    const printedDay = await meta(
      await snapshot(
        `<h1>T</h1><time datetime="2024-04-17T21:13:04Z">April 18, 2024</time>${para(1, "jj")}`,
        `<title>T</title><script type="application/ld+json">${JSON.stringify(post)}</script>`,
      ),
    );
    // (Its offset spelled as RFC 3339 spells it: meta-answer.ts.)
    expect(printedDay.publication_date).toBe("2024-04-18T00:13:04+03:00");
  });

  it("names several people in a byline, a one-word 'Written by' name, and a JSON-LD author given by reference", async () => {
    const two = await meta(
      await snapshot(`<h1>T</h1><p>By Jane Doe and John Smith</p>${para(1, "w")}`, "<title>T</title>"),
    );
    expect(two.author_name).toBe("Jane Doe, John Smith");
    const three = await meta(
      await snapshot(
        `<h1>T</h1><p>By Ann Lee, Bo Chan, and Cy Roe | May 2, 2025</p>${para(1, "x")}`,
        "<title>T</title>",
      ),
    );
    expect(three.author_name).toBe("Ann Lee, Bo Chan, Cy Roe");

    // WordPress's "date by name" line, and a name with a lowercase particle.
    const dated = await meta(
      await snapshot(
        `<h1>T</h1><p>Posted on March 3, 2025 by Vincent van Gogh</p>${para(1, "cc")}`,
        "<title>T</title>",
      ),
    );
    expect(dated.author_name).toBe("Vincent van Gogh");
    const one = await meta(
      await snapshot(
        `<h1>T</h1><div><span>Written by</span><br><span>Eliz</span></div>${para(1, "y")}`,
        "<title>T</title>",
      ),
    );
    expect(one.author_name).toBe("Eliz");

    const graph = {
      "@context": "https://schema.org",
      "@graph": [
        {
          "@type": "Article",
          "@id": "https://example.test/a#article",
          author: { "@id": "https://example.test/#/schema/person/1" },
        },
        { "@type": "Person", "@id": "https://example.test/#/schema/person/1", name: "Priya Raman" },
      ],
    };
    const ref = await meta(
      await snapshot(
        `<h1>T</h1>${para(1, "z")}`,
        `<title>T</title><script type="application/ld+json">${JSON.stringify(graph)}</script>`,
      ),
    );
    expect(ref.author_name).toBe("Priya Raman");
  });

  it("names the author from microdata's meta name, a profile link that spells the name, and an article's <address>", async () => {
    const micro = await meta(
      await snapshot(
        `<h1>T</h1><span itemprop="author" itemscope itemtype="https://schema.org/Person"><meta itemprop="name" content="Mike Woodward"></span>${para(1, "ff")}`,
        "<title>T</title>",
      ),
    );
    expect(micro.author_name).toBe("Mike Woodward");

    // A team link in the site's menu is not the writer; the link in the article that spells its address is.
    const link = await meta(
      await snapshot(
        `<nav><a href="/people/sam-ortiz">Sam Ortiz</a></nav><article><h1>T</h1><p><a href="https://news.example.test/people/lena-kraus/">Lena Kraus</a> · 3 min read</p>${para(1, "gg")}</article>`,
        "<title>T</title>",
      ),
    );
    expect(link.author_name).toBe("Lena Kraus");

    const address = await meta(
      await snapshot(
        `<article><h1>T</h1>${para(1, "hh")}<address>Rosa Ibáñez<br>rosa@example.test</address></article>`,
        "<title>T</title>",
      ),
    );
    expect(address.author_name).toBe("Rosa Ibáñez");
  });

  it("takes a microformat's published date and the date in a permalink", async () => {
    const hatom = await meta(
      await snapshot(
        `<div class="hentry"><h1>T</h1><abbr class="published" title="2024-02-29T08:00:00+00:00">Thursday</abbr>${para(1, "aa")}</div>`,
        "<title>T</title>",
      ),
    );
    expect(hatom.publication_date).toBe("2024-02-29T08:00:00+00:00");
    // A <time> whose text prints another day than its UTC datetime: the printed day is the publisher's.
    const utc = await meta(
      await snapshot(
        `<article><h1>T</h1><time datetime="2024-04-17T21:13:04Z">April 18, 2024</time>${para(1, "ii")}</article>`,
        "<title>T</title>",
      ),
    );
    expect(utc.publication_date).toBe("2024-04-18");
    // htmldate's further meta names.
    const named = await meta(
      await snapshot(
        `<h1>T</h1>${para(1, "dd")}`,
        `<title>T</title><meta name="pub_date" content="2022-01-31">`,
      ),
    );
    expect(named.publication_date).toBe("2022-01-31");
    const permalink = await meta(
      await snapshot(
        `<h1>T</h1>${para(1, "bb")}`,
        `<title>T</title><link rel="canonical" href="https://example.test/2023/11/05/a-post/">`,
      ),
    );
    expect(permalink.publication_date).toBe("2023-11-05");
  });
});

describe.runIf(fs.existsSync(CHROMIUM))("meta: the publisher's zone, quoted posts, menus", () => {
  it("takes the publisher's day from a declaration that writes the UTC instant in its own zone", async () => {
    const m = await meta(
      await snapshot(
        `<article><h1>T</h1>${para(1, "zz")}</article>`,
        `<title>T</title><script type="application/ld+json">${JSON.stringify({ "@type": "NewsArticle", datePublished: "2017-02-24T01:18:13Z" })}</script>` +
          `<meta property="article:published_time" content="2017-02-23T17:18:13-08:00">`,
      ),
    );
    expect(m.publication_date).toBe("2017-02-23T17:18:13-08:00");
  });

  it("does not take a quoted post's date for the dateline", async () => {
    const m = await meta(
      await snapshot(
        `<article><h1>Late winner at the derby</h1><p>The match report.</p>` +
          `<blockquote class="twitter-tweet"><p>What a finish!</p>— The Club (@club) October 31, 2021</blockquote>${para(2, "qq")}</article>`,
        `<title>T</title><meta property="article:published_time" content="2021-11-01T10:52:50+01:00">`,
      ),
    );
    expect(m.publication_date).toBe("2021-11-01T10:52:50+01:00");
  });

  it("does not take an author listed in a menu for the byline", async () => {
    const m = await meta(
      await snapshot(
        `<div id="top"><ul class="Va(t) nav-tabs"><li>Columnists<ul class="nav-sub-links"><li><a href="/author/andy-serwer/">Andy Serwer</a></li></ul></li></ul></div>` +
          `<article><h1>T</h1><a class="author-link" href="/author/ben-silverman">Ben Silverman</a>${para(2, "mm")}</article>`,
        "<title>T</title>",
      ),
    );
    expect(m.author_name).toBe("Ben Silverman");
  });

  it("takes the JSON-LD article the page is, not a related story described before it", async () => {
    const ld = (page: object) =>
      `<script type="application/ld+json">${JSON.stringify([
        {
          "@type": "NewsArticle",
          headline: "Other story",
          url: "https://example.test/other",
          author: { "@type": "Person", name: "Ann Other" },
          datePublished: "2025-01-01",
        },
        {
          "@type": "NewsArticle",
          author: { "@type": "Person", name: "Jane Roe" },
          datePublished: "2025-03-04",
          ...page,
        },
      ])}</script>`;
    for (const page of [{ url: "https://example.test/article/" }, { headline: "River levels fall" }]) {
      const m = await meta(
        await snapshot(
          `<article><h1>River levels fall</h1>${para(2, "rr")}</article>`,
          `<title>River levels fall | Example News</title><link rel="canonical" href="https://example.test/article">${ld(page)}`,
        ),
      );
      expect([m.author_name, m.publication_date]).toEqual(["Jane Roe", "2025-03-04"]);
    }
  });

  it("takes the <time> marked pubdate before a sidebar's", async () => {
    const m = await meta(
      await snapshot(
        `<div class="sidebar"><time datetime="2025-05-05">May 5, 2025</time></div><div class="post"><h1>T</h1>${para(14, "pp")}<time datetime="2025-03-04" pubdate>March 4</time></div>`,
        "<title>T</title>",
      ),
    );
    expect(m.publication_date).toBe("2025-03-04");
  });

  it("reads the name in a dateline between separators, as static-site themes print it", async () => {
    const sidebar = `<aside><ul><li>Mission accomplished!</li><li>Workshop notes</li></ul></aside>`;
    for (const dateline of [
      `<div class="post-meta"><span title="2025-12-17">December 17, 2025</span>&nbsp;·&nbsp;5 min&nbsp;·&nbsp;Trond Teigen</div>`,
      `<div><span>2025-12-17</span><span>·</span><a><div>Trond Teigen</div></a></div>`,
    ]) {
      const m = await meta(
        await snapshot(
          `${sidebar}<article><h1>Mission accomplished!</h1>${dateline}${para(2, "dl")}</article>`,
          "<title>T</title>",
        ),
      );
      expect(m.author_name).toBe("Trond Teigen");
    }
    const none = await meta(
      await snapshot(
        `<article><h1>Mission accomplished!</h1><div>December 17, 2025 · 5 min read · Last Updated</div>${para(2, "dn")}</article>`,
        "<title>T</title>",
      ),
    );
    expect(none.author_name).toBeNull();
    for (const line of [
      `Apr 21, 2017 · <a href="/category/products-liability/" rel="category tag">Products Liability</a>`,
      `Apr 21, 2017 | Products Liability`,
      `On Behalf of Tunstall PLLC · Apr 21, 2017 · Products Liability`,
    ]) {
      const category = await meta(
        await snapshot(
          `<article><h1>Mission accomplished!</h1><p>${line}</p>${para(2, "dc")}</article>`,
          "<title>T</title>",
        ),
      );
      expect(category.author_name).toBeNull();
    }
  });

  it("reads no byline out of a theme's body class or a button's call", async () => {
    const m = await meta(
      await snapshot(
        `<script>document.body.className = "author-hidden date-hidden"</script><a href="#main">Skip</a>` +
          `<article><h1>Graphic Design Courses</h1>${para(2, "cc")}<a class="button" href="/enrol"><span>Click here for dates, pricing, &amp; availability!</span></a></article>`,
        "<title>T</title>",
      ),
    );
    expect(m.author_name).toBeNull();
  });

  it("reads a date where metascraper looks for it: ids that say date or publish, timestamp classes", async () => {
    for (const box of [
      `<span id="post-date">March 12, 2025</span>`,
      `<span class="article-timestamp">12 March 2025</span>`,
    ]) {
      const m = await meta(
        await snapshot(`<article><h1>T</h1>${para(14, "tt")}${box}</article>`, "<title>T</title>"),
      );
      expect(m.publication_date).toBe("2025-03-12");
    }
  });
});

describe.runIf(fs.existsSync(CHROMIUM))("meta: conventions from metascraper's fixtures", () => {
  it("names the writer whose profile address article:author declares, by the page's link to it", async () => {
    const m = await meta(
      await snapshot(
        `<article><h1>Start-ups discover frugality</h1><div class="credit"><a href="/tracey-lien">Tracey Lien</a></div>${para(2, "pa")}</article>`,
        `<title>T</title><meta property="article:author" content="https://example.test/tracey-lien">`,
      ),
    );
    expect(m.author_name).toBe("Tracey Lien");
  });

  it("names the writer a declared profile address spells, as the page prints the name", async () => {
    const m = await meta(
      await snapshot(
        `<article><h1>T</h1><p class="credit">José García reports from Madrid.</p>${para(2, "pb")}</article>`,
        `<title>T</title><script type="application/ld+json">${JSON.stringify({ "@type": "NewsArticle", author: { "@type": "Person", url: "https://example.test/jose-garcia/" } })}</script>`,
      ),
    );
    expect(m.author_name).toBe("José García");
  });

  it("spells a people directory's address as the name where the page prints none, not a site's page", async () => {
    const author = async (url: string) =>
      (
        await meta(
          await snapshot(
            `<article><h1>T</h1>${para(2, "pc")}</article>`,
            `<title>T</title><meta property="article:author" content="${url}">`,
          ),
        )
      ).author_name;
    expect(await author("https://example.test/staff/tracey-lien")).toBe("Tracey Lien");
    expect(await author("https://www.facebook.com/daily-gazette")).toBeNull();
  });
});

describe.runIf(fs.existsSync(CHROMIUM))("meta: date conventions from htmldate's tests", () => {
  const dateOf = async (body: string, head = "", lang = "en") =>
    (await meta(await snapshot(body, `<title>Harbour works</title>${head}`, lang))).publication_date;

  it("reads the further declarations of the published day, and of the modified one as a fallback", async () => {
    const text = `<h1>Harbour works</h1>${para(1, "quays")}`;
    expect(await dateOf(text, `<meta property="dc:created" content="2021-04-06">`)).toBe("2021-04-06");
    expect(await dateOf(text, `<meta name="DC.Issued" content="2021-04-07">`)).toBe("2021-04-07");
    expect(await dateOf(text, `<meta itemprop="dateCreated" datetime="2021-04-08">`)).toBe("2021-04-08");
    // HTTP's Date echoed in the page is the original day; its Last-Modified, the later one.
    expect(
      await dateOf(
        text,
        `<meta http-equiv="last-modified" content="2022-01-10"><meta http-equiv="date" content="2021-04-09">`,
      ),
    ).toBe("2021-04-09");
    // Only a modified day declared: it stands in, in its microdata and http-equiv forms too.
    expect(await dateOf(text, `<meta itemprop="dateUpdate" datetime="2021-04-10">`)).toBe("2021-04-10");
    expect(await dateOf(text, `<meta http-equiv="Last-Modified" content="2021-04-11">`)).toBe("2021-04-11");
  });

  it("reads no day the calendar lacks", async () => {
    expect(
      await dateOf(`<h1>Harbour works</h1><span class="date">30. Februar 2023</span>${para(1, "cranes")}`),
    ).toBeNull();
    expect(
      await dateOf(`<h1>Harbour works</h1><span class="date">April 31, 2023</span>${para(1, "cranes")}`),
    ).toBeNull();
  });

  it("reads a two-digit year only where the context marks a date", async () => {
    expect(
      await dateOf(
        `<h1>Harbour works</h1><abbr class="published">am 4.3.19</abbr>${para(1, "piers")}`,
        "",
        "de",
      ),
    ).toBe("2019-03-04");
    expect(await dateOf(`<h1>Harbour works</h1>${para(1, "piers")}<p>Stand: 2.10.18</p>`, "", "de")).toBe(
      "2018-10-02",
    );
    expect(
      await dateOf(`<h1>Harbour works</h1>${para(1, "piers")}<p><em>Last updated: 11/27/20</em></p>`),
    ).toBe("2020-11-27");
    // A version number in prose is not a day.
    expect(
      await dateOf(
        `<h1>Harbour works</h1><p>The crane software moved to 2.10.18 this week.</p>${para(1, "piers")}`,
      ),
    ).toBeNull();
  });

  it("reads Turkish month names and a date whose verb follows it", async () => {
    expect(
      await dateOf(
        `<h1>Liman</h1><span class="date">7 Aralık 2022 Çarşamba</span>${para(1, "liman")}`,
        "",
        "tr",
      ),
    ).toBe("2022-12-07");
    expect(
      await dateOf(`<h1>Liman</h1>${para(1, "liman")}<p>14.06.2022 tarihinde yayınlandı.</p>`, "", "tr"),
    ).toBe("2022-06-14");
  });

  it("reads a date element's title, other languages' date classes and a widget's Unix time", async () => {
    expect(
      await dateOf(
        `<h1>Harbour works</h1><a class="badge date" title="3rd May 2021" href="/x">3 years ago</a>${para(1, "tugs")}`,
      ),
    ).toBe("2021-05-03");
    expect(
      await dateOf(
        `<h1>Obras del puerto</h1>${para(1, "grúas")}<div class="articulo-fecha">2021-05-04</div>`,
        "",
        "es",
      ),
    ).toBe("2021-05-04");
    expect(
      await dateOf(
        `<h1>Harbour works</h1>${para(1, "tugs")}<div class="submitted-by">Submitted by Ann on Mon - May 10 - 2021</div>`,
      ),
    ).toBe("2021-05-10");
    expect(
      await dateOf(`<h1>Harbour works</h1><abbr data-utime="1620561600">Sunday</abbr>${para(1, "tugs")}`),
    ).toBe("2021-05-09");
  });

  it("falls back to a page state's datePublished, the title's date, then an image's dated path", async () => {
    const text = `<h1>Harbour works</h1>${para(1, "docks")}`;
    expect(
      await dateOf(
        text,
        `<script type="application/json">{"page":{"headline":"Harbour works","datePublished":"2020-08-14T09:00:00Z"}}</script>`,
      ),
    ).toBe("2020-08-14T09:00:00Z");
    const titled = await meta(
      await snapshot(text, `<title>Harbour report of 21.08.2020 – Port news</title>`, "de"),
    );
    expect(titled.publication_date).toBe("2020-08-21");
    expect(await dateOf(`${text}<img src="/media/2020/08/22/crane.jpg" alt="">`)).toBe("2020-08-22");
    // Not a permalink's month alone, nor the day prose prints most: on a page that declares no
    // date those are mostly not its publication day (htmldate's extensive search; not adopted).
    expect(
      await dateOf(text, `<link rel="canonical" href="https://example.test/news/2020/08/harbour-works">`),
    ).toBeNull();
  });
});

describe.runIf(fs.existsSync(CHROMIUM))(
  "meta: author conventions from trafilatura's and metascraper's tests",
  () => {
    const authorOf = async (body: string, head = "<title>T</title>") =>
      (await meta(await snapshot(body, head))).author_name;
    const metaAuthor = (v: string) =>
      `<title>T</title><meta name="author" content="${v.replace(/"/g, "&quot;")}">`;

    it("drops a byline's tail: an affiliation, a dash and the site, digits, a picture credit, a handle and a nickname", async () => {
      expect(
        await authorOf(
          `<article><h1>T</h1><p class="byline">By <a class="author">Priya Nair for The Harbour Post</a></p>${para(2, "ta")}</article>`,
        ),
      ).toBe("Priya Nair");
      expect(await authorOf(`<p>x</p>`, metaAuthor("Tomas Berg — Lakeside Journal"))).toBe("Tomas Berg");
      expect(await authorOf(`<p>x</p>`, metaAuthor("Ines Moreau 12 articles"))).toBe("Ines Moreau");
      expect(await authorOf(`<p>x</p>`, metaAuthor("Jo Park | Photos by Lee Kim"))).toBe("Jo Park");
      expect(await authorOf(`<p>x</p>`, metaAuthor('Ada "Ace" Lindqvist'))).toBe("Ada Lindqvist");
      expect(await authorOf(`<p>x</p>`, metaAuthor("Words by Kofi Mensah"))).toBe("Kofi Mensah");
      expect(
        await authorOf(
          `<article><h1>T</h1><div class="author"><span>Mara Olsen</span> <a href="/x">@maraolsen</a> <span>9:41AM</span></div>${para(2, "tb")}</article>`,
        ),
      ).toBe("Mara Olsen");
    });

    it("takes no number, e-mail address or lowercase link label for a name", async () => {
      expect(await authorOf(`<p>x</p>`, metaAuthor("4021"))).toBeNull();
      expect(await authorOf(`<p>x</p>`, metaAuthor("desk@example.test"))).toBeNull();
      expect(
        await authorOf(
          `<article><h1>T</h1><div class="article-authors"><a href="/r">Request reprint permissions</a></div>${para(2, "tc")}</article>`,
        ),
      ).toBeNull();
    });

    it("reads no byline out of a figure's credit, a sidebar or the comments", async () => {
      expect(
        await authorOf(
          `<article><h1>T</h1><figure><img src="/a.png" alt=""><figcaption><span class="author">Lena Vogt</span></figcaption></figure>${para(2, "td")}</article>`,
        ),
      ).toBeNull();
      expect(
        await authorOf(
          `<article><h1>T</h1>${para(2, "te")}</article><div class="sidebar-widgets"><span class="author">Omar Haddad</span></div>`,
        ),
      ).toBeNull();
      expect(
        await authorOf(
          `<article><h1>T</h1>${para(2, "tf")}</article><ol class="comment-list"><li><div class="comment-author">Bea Lund</div><p>Nice one.</p></li></ol>`,
        ),
      ).toBeNull();
    });

    it("reads a byline from an author id, a 'submitted by' box, a writer's or user's name box", async () => {
      expect(
        await authorOf(`<article><h1>T</h1><span id="author">Noor Rahman</span>${para(2, "tg")}</article>`),
      ).toBe("Noor Rahman");
      expect(
        await authorOf(
          `<article><h1>T</h1><div class="submitted-by"><a href="/u/1">Karl Petersen</a></div>${para(2, "th")}</article>`,
        ),
      ).toBe("Karl Petersen");
      expect(
        await authorOf(
          `<article><h1>T</h1><span class="story__writer">Ayla Demir</span>${para(2, "ti")}</article>`,
        ),
      ).toBe("Ayla Demir");
    });

    it("joins several author meta tags, and reads 'und' between two names", async () => {
      expect(
        await authorOf(
          `<p>x</p>`,
          `<title>T</title><meta name="author" content="Ruth Adler"><meta name="author" content="Ivo Marek">`,
        ),
      ).toBe("Ruth Adler, Ivo Marek");
      expect(await authorOf(`<p>x</p>`, metaAuthor("Ruth Adler und Ivo Marek"))).toBe(
        "Ruth Adler, Ivo Marek",
      );
      expect(
        await authorOf(`<p>x</p>`, `<title>T</title><meta property="og:author" content="Ruth Adler">`),
      ).toBe("Ruth Adler");
      expect(
        await authorOf(
          `<article><h1>T</h1><p itemprop="author">Ruth Adler, Ivo Marek, Sade Okafor</p>${para(2, "tj")}</article>`,
        ),
      ).toBe("Ruth Adler, Ivo Marek, Sade Okafor");
    });

    it("reads a JSON-LD author's name as a list, a nested object, given and family names, or a live blog's update", async () => {
      const ld = (o: object) =>
        `<title>T</title><script type="application/ld+json">${JSON.stringify(o)}</script>`;
      const person = (fields: object) => ({ "@type": "Person", ...fields });
      const cases: Array<[object, string]> = [
        [
          { "@type": "NewsArticle", author: person({ name: ["Ruth Adler", "Ivo Marek"] }) },
          "Ruth Adler, Ivo Marek",
        ],
        [
          { "@type": "Article", author: person({ name: { "@type": "Person", name: "Sade Okafor" } }) },
          "Sade Okafor",
        ],
        [{ "@type": "BlogPosting", author: person({ givenName: "Ivo", familyName: "Marek" }) }, "Ivo Marek"],
        [
          {
            "@type": "LiveBlogPosting",
            headline: "Live",
            liveBlogUpdate: [
              { "@type": "BlogPosting", headline: "U", author: person({ name: "Ruth Adler" }) },
            ],
          },
          "Ruth Adler",
        ],
        [
          { "@type": "NewsArticle", author: person({ name: 'By <a href="/p/ruth-adler">Ruth Adler</a>' }) },
          "Ruth Adler",
        ],
      ];
      for (const [article, name] of cases) expect(await authorOf(`<p>x</p>`, ld(article))).toBe(name);
    });
  },
);
