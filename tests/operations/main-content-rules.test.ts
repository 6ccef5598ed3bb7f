import path from "node:path";
import { describe, expect, it } from "vitest";
import { isEdgeBoilerplate } from "@/lib/operations/main-content-in-page/content-edges";
import { norm, textToHtml } from "@/lib/operations/main-content-in-page/text";
import { hasChromium, pageBundle } from "@/tests/support/page-bundle";

/**
 * The main-content extractor's rules alone: the text-level ones in Node (they read no DOM), a
 * markup step on a fragment in real Chromium (bundled for the page from a test entry, as
 * markdown-in-page.test.ts does). The whole extractor on real page shapes is main-content.test.ts's.
 */
describe("main content: text", () => {
  it("collapses whitespace, no-break spaces included", () => {
    expect(norm("  a\u00a0\n b\t")).toBe("a b");
    expect(norm(null)).toBe("");
  });

  it("writes plain text as escaped paragraphs, one per line", () => {
    expect(textToHtml("One <b> & two\n\n  \nThree")).toBe("<p>One &lt;b&gt; &amp; two</p><p>Three</p>");
  });
});

describe("main content: lines around the article", () => {
  const middle = [10, 10] as const;
  const first = [0, 20] as const;
  const last = [20, 0] as const;
  const cases: [string, readonly [number, number], boolean][] = [
    ["This post contains affiliate links, and we may earn a commission.", middle, true],
    ["As an Amazon Associate we earn from qualifying purchases.", last, true],
    [
      "Example.com is a participant in the Amazon Services LLC Associates Program, an affiliate advertising program designed to provide a means for sites to earn advertising fees by linking to Amazon.com.",
      last,
      true,
    ],
    ["Purchases made through our links may earn us a commission.", first, true],
    ["WIRED may earn a portion of sales from products purchased through our site.", last, true],
    ["WIRED may earn a portion of sales from products purchased through retail links.", last, true],
    ["I earn a commission if you buy through these links.", first, true],
    ["Disclosure: I may receive a small commission, at no cost to you.", last, true],
    // Of others, not of the page: "i.e." is no writer, and "may" no site.
    [
      "Affiliate links, i.e. links that earn a commission for whoever shares them, are common.",
      middle,
      false,
    ],
    ["Travel agents may get a commission when you buy travel insurance through them.", middle, false],
    // Text about affiliate marketing, not the page's own disclosure.
    [
      "Travel agents recommend travel insurance (because they get a commission when you buy it).",
      middle,
      false,
    ],
    [
      "Sales and Marketing: Boost your reach with sales pages, email marketing, and affiliate programs.",
      middle,
      false,
    ],
    ["Photo credit: Jane Doe / Agency", middle, true],
    // A widget's status, the whole line, anywhere; a sentence about loading is the text's.
    ["Loading…", middle, true],
    ["Loading...", middle, true],
    ["No posts yet", middle, true],
    ["No comments.", last, true],
    ["12 Likes", middle, true],
    ["1 Like", first, true],
    ["Loading the dishwasher takes practice.", middle, false],
    ["No posts were harmed.", middle, false],
    ["Buy now at Lowe's", middle, true],
    ["$1,599.00 from Best Buy", middle, true],
    ["By Jane Doe", first, true],
    ["By Jane Doe", middle, false],
    ["Updated August 14, 2025", first, true],
    ["5 min read", first, true],
    ["Sign in", first, true],
    ["Subscribe to our newsletter for more.", last, true],
    ["Subscribe to our newsletter for more.", middle, false],
    ["Tags: gardening, tomatoes", last, true],
    ["Posted by Jane at 10:04", last, true],
    ["Written by", last, true],
    // A comment box's terms and who may write in it, under the text; the text's own sentence stays.
    [
      "By posting a comment, you consent to have your personally identifiable information collected and used in accordance with our privacy policy.",
      last,
      true,
    ],
    ["You need to be a member in order to leave a comment", last, true],
    [
      "You can post now and register later. If you have an account, sign in now to post with your account.",
      last,
      true,
    ],
    ["By commenting on the draft, the council members slowed the vote by a month.", middle, false],
    // A paywall's lines where the free part of a story ends.
    ["Already have an account? Log in", last, true],
    ["To read the rest of this story subscribe to STAT+.", last, true],
    ["Subscribe to continue reading.", last, true],
    ["Already a subscriber, the mayor logged in to the council's portal and voted.", last, false],
    ["Written by", middle, false],
    [
      "Bhaval Patel is a Director (Operations) at Space-O Technologies. He has 20+ years of experience helping startups and enterprises with custom software solutions.",
      last,
      true,
    ],
    ["Bhaval Patel is a Director (Operations) at Space-O Technologies.", middle, false],
    [
      "By the time the river rose, the town had already left, and the bridge was the only way across for days.",
      first,
      false,
    ],
  ];
  it.each(cases)("%j at %j: %s", (text, [fromStart, fromEnd], expected) => {
    expect(isEdgeBoilerplate(text, fromStart, fromEnd)).toBe(expected);
  });
});

describe.runIf(hasChromium)("main content: markup steps, in Chromium", () => {
  const evaluateOn = pageBundle(
    path.join(import.meta.dirname, "main-content-in-page/page-entry.ts"),
    "__mainContentTest",
  );
  const step = (name: string) => async (fragment: string) =>
    String(await evaluateOn("<p>page</p>", `__mainContentTest.${name}(${JSON.stringify(fragment)})`));
  const qaControls = step("qaControls");
  const orphanContentsLabels = step("orphanContentsLabels");
  const postMeta = step("postMeta");
  const captionControls = step("captionControls");
  const trailingStoryLinks = step("trailingStoryLinks");
  const replyBox = step("replyBox");
  const controlsText = step("controlsText");
  const cleanedText = step("cleanedText");
  const storyCardsText = step("storyCardsText");
  const sourceAddressLists = step("sourceAddressLists");
  const answer =
    '<div itemprop="suggestedAnswer" itemscope itemtype="https://schema.org/Answer"><p>RAID is no backup.</p></div>';

  it("drops a Q&A page's invitations under the posts, with the button and the tags each holds", async () => {
    // Stack Exchange's bottom notice, as its pages write it inside #answers.
    const notice =
      '<h2>You must <a href="/users/login">log in</a> to answer this question.</h2>' +
      '<div class="js-bottom-notice"><div><div><p>Start asking to get answers</p><p>Find the answer to your question by asking.</p><a href="/questions/ask">Ask question</a></div></div>' +
      '<div><div><p>Explore related questions</p><div><ul><li><a href="/questions/tagged/raid">raid</a></li></ul></div><p>See similar questions with these tags.</p></div></div></div>' +
      '<h2>Not the answer you\'re looking for? Browse other questions tagged <a href="/questions/tagged/raid">raid</a> or <a href="/questions/ask">ask your own question</a>.</h2>';
    expect(await qaControls(`<div id="answers">${answer}${notice}</div>`)).toBe("RAID is no backup.");
  });

  it("keeps a Q&A post's own sentence that begins like an invitation, and everything on a page with no Q&A markup", async () => {
    const own = "<p>Explore related questions in the FAQ before you buy a second disk, then decide.</p>";
    expect(await qaControls(`<div>${answer.replace("RAID is no backup.", "")}${own}</div>`)).toBe(
      "Explore related questions in the FAQ before you buy a second disk, then decide.",
    );
    expect(await qaControls("<p>Start asking to get answers</p>")).toBe("Start asking to get answers");
  });

  it("drops a table of contents' label left without its list, and keeps one over its list", async () => {
    const prose = "<p>The catering industry grew again last year, and its customers changed.</p>";
    // A collapsed list the visible copy dropped: its label heads the first paragraph.
    expect(
      await orphanContentsLabels(
        `<div><div><p>Table of Contents</p></div></div>${prose}<h2>On this page</h2><h2>Overview</h2>`,
      ),
    ).toBe("The catering industry grew again last year, and its customers changed.\nOverview");
    // Over its list, in a wrapper with a progress bar before it, or over links within the page.
    const list = '<ul><li><a href="#trends">Trends</a></li><li><a href="#tips">Tips</a></li></ul>';
    expect(await orphanContentsLabels(`<h3>Table of contents</h3>${list}${prose}`)).toBe(
      "Table of contents\nTrends\nTips\nThe catering industry grew again last year, and its customers changed.",
    );
    expect(
      await orphanContentsLabels(
        `<div><p>In this article:</p><div><div><div></div></div>${list}</div></div>${prose}`,
      ),
    ).toBe(
      "In this article:\nTrends\nTips\nThe catering industry grew again last year, and its customers changed.",
    );
    expect(await orphanContentsLabels(`<p><b>Jump to:</b> <a href="#trends">Trends</a></p>${prose}`)).toBe(
      "Jump to: Trends\nThe catering industry grew again last year, and its customers changed.",
    );
    // A box's contents are things, not sections; a sentence is the text's own.
    expect(await orphanContentsLabels(`<h3>Contents</h3><p>One kettle, one lid and a manual.</p>`)).toBe(
      "Contents\nOne kettle, one lid and a manual.",
    );
    expect(await orphanContentsLabels("<p>On this page you will find our prices.</p>")).toBe(
      "On this page you will find our prices.",
    );
  });

  it("drops a thread's post furniture where it recurs, and keeps a line like it that stands alone", async () => {
    // FluxBB's posts: the writer's card, the post, its last edit, the writer's state.
    const post = (n: number, who: string) =>
      `<div class="post"><dl><dt>${who}</dt><dd><strong>Member</strong></dd><dd>Registered: 2024-01-27</dd><dd>Posts: 9${n}</dd></dl>` +
      `<div class="postmsg"><p>Post ${n}: try the other forum software, it imports the old boards.</p><p><em>Last edited by ${who} (2024-08-03 11:02:20)</em></p></div><div>Offline</div></div>`;
    expect(await postMeta(post(1, "ann") + post(2, "bob"))).toBe(
      "ann\nPost 1: try the other forum software, it imports the old boards.\nbob\nPost 2: try the other forum software, it imports the old boards.",
    );
    // Invision's card (the group over a post count, the topic's author's badge) and XenForo's
    // (a label over its value): the value goes with its label, a post's date and its text stay.
    const card = (who: string, extra: string) =>
      `<aside><h3>${who}</h3><ul><li>Members</li><li><ul><li><a href="/profile/${who}/content/">3.2k</a></li></ul></li>${extra}</ul></aside>`;
    const invision =
      card("ann", "") +
      "<p>Posted October 29, 2025</p><p>Has anyone moved a shop from one payment module to another?</p>" +
      card("bob", "<li>Author</li>") +
      "<p>October 30, 2025</p><p>Yes: export the orders first.</p>";
    expect(await postMeta(invision)).toBe(
      "ann\nPosted October 29, 2025\nHas anyone moved a shop from one payment module to another?\nbob\nOctober 30, 2025\nYes: export the orders first.",
    );
    const xen = (who: string) =>
      `<div><h3>${who}</h3><div>Premium Member</div><dl><dt>Messages:</dt><dd>1,234</dd></dl><dl><dt>Trophy Points:</dt><dd>58</dd></dl></div><p>${who}: the valve clicks twice.</p>`;
    expect(await postMeta(xen("ann") + xen("bob"))).toBe(
      "ann\nann: the valve clicks twice.\nbob\nbob: the valve clicks twice.",
    );
    // VerticalScope's: the thread's counts over it, each writer's card on one line, a button.
    const vs = (n: number, who: string) =>
      `<div><div>${who} Discussion starter</div><div>4${n}0 posts · Joined 2002</div><ul><li>Add to quote</li></ul><div>${n} · Jan 3, 2024</div><p>Post ${n}: the lamp dims after a year.</p></div>`;
    expect(
      await postMeta(
        `<div>6.3K views 23 replies 14 participants last post by ggery Sep 26, 2024</div>${vs(1, "ann")}${vs(2, "bob")}`,
      ),
    ).toBe(
      "ann Discussion starter\n1 · Jan 3, 2024\nPost 1: the lamp dims after a year.\nbob Discussion starter\n2 · Jan 3, 2024\nPost 2: the lamp dims after a year.",
    );
    // Once or twice, in an article: lines of the text's own; a listicle's fields, however many.
    const article = "<p>Our correspondent writes from the harbour.</p><p>Posts: 3 a week</p><p>Reply</p>";
    expect(await postMeta(article)).toBe(
      "Our correspondent writes from the harbour.\nPosts: 3 a week\nReply",
    );
    const camps = ["Online", "Online, in-person optional", "Online (self-paced)"]
      .map((where) => `<li><strong>Location</strong>: ${where}</li>`)
      .join("");
    expect(await postMeta(`<ul>${camps}</ul>`)).toBe(
      "Location: Online\nLocation: Online, in-person optional\nLocation: Online (self-paced)",
    );
  });

  it("drops a reply box or a paywall under its heading at the end, and keeps a section with that name that has text", async () => {
    const post = "<p>Quite a short journey, but a good one nonetheless.</p>";
    // Invision Community's box under a topic, as its pages write it.
    const invision =
      "<h2>Create an account or sign in to comment</h2><p>You need to be a member in order to leave a comment</p>" +
      '<div><h3>Create an account</h3><p>Sign up for a new account in our community.</p><a href="/register/">Register a new account</a></div>' +
      '<div><h3>Sign in</h3><p>Already have an account? Sign in here.</p><a href="/login/">Sign In Now</a></div>';
    expect(await replyBox(`<div>${post}</div>${invision}`)).toBe(
      "Quite a short journey, but a good one nonetheless.",
    );
    expect(
      await replyBox(
        `${post}<h2>Leave a Reply</h2><div><p>Your email address will not be published.</p></div>`,
      ),
    ).toBe("Quite a short journey, but a good one nonetheless.");
    // A news site's paywall, headings and all, where the free part of the story ends.
    const paywall =
      '<p>Already have an account? <a href="/login/">Log in</a></p><h2>This article is exclusive to STAT+ subscribers</h2>' +
      "<h3>Unlock this article — plus in-depth analysis, newsletters, premium events, and news alerts.</h3><p>To read the rest of this story subscribe to STAT+.</p>";
    expect(await replyBox(post + paywall)).toBe(
      "Quite a short journey, but a good one nonetheless.\nAlready have an account? Log in",
    );
    // A box that is all there is stays: there is no text it closes.
    expect(await replyBox("<h2>Leave a Reply</h2><p>Your email address will not be published.</p>")).toBe(
      "Leave a Reply\nYour email address will not be published.",
    );
    // A section of the text that happens to be called so: its prose follows.
    const section = `<h2>Join the conversation</h2><p>${"Our readers wrote to us about the harbour, the ferries and the long winter of repairs. ".repeat(8)}</p>`;
    expect(await replyBox(post + section)).toContain("Join the conversation");
  });

  it("drops a caption's controls, and keeps a caption that says the same words in a sentence", async () => {
    // NPR: the credit, then "hide caption" in the caption's line and "toggle caption" on its own.
    const figure =
      '<div class="caption"><p>Teens sleep less than they did. <span class="credit"><b>Antonio Guillem/Getty Images</b></span> <b class="hide-caption"><b>hide caption</b></b></p></div>' +
      '<div><b class="toggle-caption"><b>toggle caption</b></b></div><p><button>Enlarge this image</button></p>';
    expect(await captionControls(figure)).toBe(
      "Teens sleep less than they did. Antonio Guillem/Getty Images",
    );
    expect(await captionControls("<p>Readers can hide caption text in the app's settings.</p>")).toBe(
      "Readers can hide caption text in the app's settings.",
    );
  });

  it("puts a reference page's name, purpose and synopsis before the sections Readability kept, and no menu", async () => {
    const sectionsHead = async (page: string, kept: string[]) =>
      String(
        await evaluateOn(
          "<p>page</p>",
          `__mainContentTest.sectionsHead(${JSON.stringify(page)}, ${JSON.stringify(kept)})`,
        ),
      );
    // DocBook's refentry, as PostgreSQL's manual writes it.
    const sections =
      '<div class="refsect1" id="s1"><h2>Description</h2><p>SELECT retrieves rows from zero or more tables.</p></div>' +
      '<div class="refsect1" id="s2"><h2>Parameters</h2><p>The WITH clause allows one or more subqueries.</p></div>';
    const name =
      '<div class="titlepage"></div><a id="i1" class="indexterm"></a>' +
      '<div class="refnamediv"><h2>SELECT</h2><p>SELECT, TABLE, WITH — retrieve rows from a table or view</p></div>' +
      '<div class="refsynopsisdiv"><h2>Synopsis</h2><pre class="synopsis">SELECT [ ALL | DISTINCT ] expression</pre></div>';
    const entry = (before: string) =>
      `<div id="docContent"><div class="refentry">${before}${sections}</div></div>`;
    const headed =
      "SELECT\nSELECT, TABLE, WITH — retrieve rows from a table or view\nSynopsis\nSELECT [ ALL | DISTINCT ] expression\n" +
      "Description\nSELECT retrieves rows from zero or more tables.\nParameters\nThe WITH clause allows one or more subqueries.";
    expect(await sectionsHead(entry(name), ["s1", "s2"])).toBe(headed);
    // Index anchors, empty, however many, are no part of the head to count.
    const anchors = '<a class="indexterm"></a>'.repeat(6);
    expect(await sectionsHead(entry(anchors + name), ["s1", "s2"])).toBe(headed);
    const after =
      "Description\nSELECT retrieves rows from zero or more tables.\nParameters\nThe WITH clause allows one or more subqueries.";
    // A menu of the manual's pages before the sections; one block kept, whose siblings are unknown.
    const menu = '<div class="navheader"><h2>SQL Commands</h2><nav><a href="/insert">INSERT</a></nav></div>';
    expect(await sectionsHead(entry(menu), ["s1", "s2"])).toBe(after);
    expect(await sectionsHead(entry(name), ["s1"])).toBe(after.split("\nParameters")[0]);
  });

  it("drops phpBB's 'Top' link under a post, and keeps a heading or a sentence that starts with the word", async () => {
    const post = "<p>Swap the fuse first; the board is older than the house.</p>";
    const top = '<div class="back2top"><a href="#wrap" class="top" title="Top">Top</a></div>';
    expect(await controlsText(`<div id="wrap">${post}${top}${post}${top}</div>`)).toBe(
      "Swap the fuse first; the board is older than the house. Swap the fuse first; the board is older than the house.",
    );
    expect(await controlsText('<h2>Top</h2><p>Top of the list: <a href="#fuses">the fuses</a></p>')).toBe(
      "Top Top of the list: the fuses",
    );
  });

  it("drops a forum quote's 'Click to expand...' control, and keeps a sentence that starts with the words", async () => {
    // XenForo's quote, as its threads write it.
    const quote =
      '<blockquote class="bbCodeBlock bbCodeBlock--quote"><div class="bbCodeBlock-title">ann said:</div><div class="bbCodeBlock-content">' +
      '<div class="bbCodeBlock-expandContent">The valve clicks twice before the boiler starts.</div>' +
      '<div class="bbCodeBlock-expandLink"><a role="button" tabindex="0">Click to expand...</a></div></div></blockquote>';
    const reply = "<p>Mine does too, every single morning since the new pump went in.</p>";
    expect(await cleanedText(`<div>${quote}${reply}</div>`)).toBe(
      "ann said: The valve clicks twice before the boiler starts. Mine does too, every single morning since the new pump went in.",
    );
    expect(await cleanedText("<p>Click to expand the diagram.</p>" + reply)).toBe(
      "Click to expand the diagram. Mine does too, every single morning since the new pump went in.",
    );
  });

  it("drops a wiki's section edit links, and keeps a heading or a sentence about editing", async () => {
    // MediaWiki's heading (before 2024 the link sat inside the <h2>, as here).
    const heading =
      '<h2><span class="mw-headline" id="Applications">Applications</span><span class="mw-editsection"><span class="mw-editsection-bracket">[</span><a href="/w/index.php?title=Hermitian_matrix&action=edit&section=5" title="Edit section: Applications">edit</a><span class="mw-editsection-bracket">]</span></span></h2>';
    expect(await captionControls(heading + "<p>Hermitian matrices are fundamental.</p>")).toBe(
      "Applications\nHermitian matrices are fundamental.",
    );
    expect(
      await captionControls(
        '<h2>Edit</h2><p>To <a href="/w/index.php?action=edit">edit the page</a>, sign in.</p>',
      ),
    ).toBe("Edit\nTo edit the page, sign in.");
  });

  it("drops the site's other stories linked one to a line under the article, with their heading", async () => {
    const story =
      "<p>The attackers stormed the museum on Wednesday afternoon, and the government closed it for a week.</p>".repeat(
        5,
      ) + "<p>Heba Habib contributed to this report.</p>";
    const headline = (href: string, text: string) => `<p><a href="${href}">${text}</a></p>`;
    const others =
      headline(
        "/world/islamists-get-a-sobering-lesson/",
        "Tunisia's Islamists get a sobering lesson in governing",
      ) +
      headline(
        "https://example.test/world/foreign-fighters/",
        "Tunisia sends most foreign fighters to Syria",
      );
    expect(await trailingStoryLinks(`<div>${story}<h4>Related Articles:</h4>${others}</div>`)).toBe(
      "The attackers stormed the museum on Wednesday afternoon, and the government closed it for a week.\n".repeat(
        5,
      ) + "Heba Habib contributed to this report.",
    );
    // One link is a pointer the text may end on; other sites' pages, a list, and links inside
    // a sentence are the text's own (its sources, its next steps).
    const kept = [
      headline("/world/foreign-fighters/", "Tunisia sends most foreign fighters to Syria"),
      headline("https://other.example/a", "An essay on the museum's mosaics") +
        headline("https://other.example/b", "The attack as the agency reported it"),
      '<ul><li><a href="/docs/install">Install the command line tool</a></li><li><a href="/docs/keys">Create an API key</a></li></ul>',
      '<p>Read <a href="/a">the first part of the series</a>.</p><p>Then <a href="/b">the second part of it</a>.</p>',
    ];
    for (const end of kept) {
      const whole = await trailingStoryLinks(`<div>${story}${end}</div>`);
      expect(whole.split("\n").length, end).toBe(6 + end.split(/<\/(?:p|li)>/).length - 1);
    }
  });

  it("drops the site's cards under a thread whose posts are lines of text, and keeps them with no text before", async () => {
    // A forum's posts: text broken with <br> in a div, no <p>. The cards' rule asks for two
    // paragraphs of text before the cards; these are they.
    const posts = [1, 2, 3]
      .map(
        (i) =>
          `<li class="post"><a href="/members/${i}.html">member${i}</a><div class="message">Reply ${i}: the method still works,<br>but paid traffic costs more than it did, so start with a small budget<br>and test every landing page first.</div></li>`,
      )
      .join("");
    const cards = [1, 2, 3]
      .map(
        (i) =>
          `<li class="topic"><article><h3><a href="/forum/${i}-topic.html">Other trending topic number ${i}</a></h3><p>A teaser of another thread ... <a href="/forum/${i}-topic.html">[read more]</a></p></article></li>`,
      )
      .join("");
    const trending = `<div class="card"><h3>Trending Topics</h3><ul class="topics">${cards}</ul></div>`;
    const thread = await storyCardsText(`<div><ul class="posts">${posts}</ul>${trending}</div>`);
    expect(thread).toContain("Reply 3: the method still works");
    expect(thread).not.toContain("Other trending topic");
    // Short lines before the cards are no text to end: the cards stay.
    const short = "<div>member1 2 years ago<br>Thanks</div>".repeat(3);
    expect(await storyCardsText(`<div>${short}${trending}</div>`)).toContain("Other trending topic number 3");
  });

  it("drops a list of the site's cards under one repeated label inside the text, with the heading over it; keeps a listicle", async () => {
    const text =
      "<p>Digital marketing connects a business with its customers where they spend their time: online, on phones and in apps.</p>";
    const card = (label: string, i: number) =>
      `<li class="card"><img src="/c${i}.jpg" alt=""><p class="taxonomy">${label}</p><h2><a href="/on-demand/course-${i}/">Course number ${i}</a></h2><p>A sentence on what the course teaches.</p></li>`;
    const labels = ["Certification", "On-Demand Training", "On-Demand Training"];
    const list = `<h2>Refresh Your Skills</h2><ul class="cards">${labels.map(card).join("")}</ul>`;
    // Prose after the list, so only the repeated label tells the cards from the text.
    expect(await storyCardsText(`<div>${text}${list}${text}${text}</div>`)).toBe(
      [text, text, text].map((t) => t.replace(/<\/?p>/g, "")).join(" "),
    );
    // A listicle: its items' labels are their own (a rank, a verdict), or there are none.
    const ranked = ["1.", "Best overall", "Best budget"].map(card).join("");
    expect(await storyCardsText(`<div>${text}<ul>${ranked}</ul>${text}</div>`)).toContain("Course number 2");
    // An awards page: its cards, each labelled "Honoree", are most of its text, and what it lists.
    const honorees = [1, 2, 3, 4].map((i) => card("Honoree", i)).join("");
    expect(await storyCardsText(`<div>${text}<ul>${honorees}</ul></div>`)).toContain("Course number 4");
    const plain = [1, 2, 3].map((i) => card("", i).replace('<p class="taxonomy"></p>', "")).join("");
    expect(await storyCardsText(`<div>${text}<ul>${plain}</ul>${text}</div>`)).toContain("Course number 3");
  });

  it("drops a list of sources written as bare addresses, with its label, and keeps addresses with titles or of one site", async () => {
    const line =
      "The sector added jobs last year, and the makers expect demand to grow with new technologies.";
    const text = `<p>${line}</p>`;
    const linked = (u: string) => `<a href="${u}">${u}</a>`;
    const sources = [
      "https://finance.example/news/market",
      "https://www.haier.example/about",
      "https://ropercorp.example/",
    ];
    // A numbered list under a heading, and a paragraph of addresses broken with <br> under a label.
    expect(
      await sourceAddressLists(
        `<div>${text}<h3>References</h3><ol>${sources.map((u) => `<li>${linked(u)}</li>`).join("")}</ol></div>`,
      ),
    ).toBe(line);
    expect(
      await sourceAddressLists(
        `<div>${text}<p><strong>Article Sources:</strong></p><p>${sources.join("<br>")}</p>${text}</div>`,
      ),
    ).toBe(line + "\n" + line);
    // "[3] Official announcement https://…": a note's label beside its address, the others bare.
    const notes = sources
      .map((u, i) => `<p>[${i + 1}] ${i === 2 ? "Official announcement " : ""}${linked(u)}</p>`)
      .join("");
    expect(await sourceAddressLists(`<div>${text}${notes}</div>`)).toBe(line);
    const endpoints = [
      "https://api.example/v1/users",
      "https://api.example/v1/keys",
      "https://api.example/v1/logs",
    ];
    const kept: [string, string[]][] = [
      // References with their authors and titles; addresses between paragraphs; one site's; two.
      [
        `<ol>${sources.map((u) => `<li>Black LI, Barnes PM. Use of yoga among children aged 4 to 17 years in the United States. ${linked(u)}</li>`).join("")}</ol>`,
        sources,
      ],
      [sources.map((u) => `<p><b>Website:</b> ${linked(u)}</p>${text}`).join(""), sources],
      // Every address under its title: "Forbes:", "Uniform Standards of Appraisal Practice:".
      [
        `<ol>${sources.map((u, i) => `<li>${["Forbes", "Uniform Standards of Appraisal Practice", "Savills"][i]}:<br>${linked(u)}</li>`).join("")}</ol>`,
        sources,
      ],
      [endpoints.map((u) => `<p>${u}</p>`).join(""), endpoints],
      [
        sources
          .slice(0, 2)
          .map((u) => `<p>${linked(u)}</p>`)
          .join(""),
        sources.slice(0, 2),
      ],
    ];
    for (const [block, addresses] of kept) {
      const whole = await sourceAddressLists(`<div>${text}${block}</div>`);
      for (const u of addresses) expect(whole, block).toContain(u);
    }
  });
});
