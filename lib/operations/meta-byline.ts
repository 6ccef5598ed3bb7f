import { LABEL_OR_ROLE, SECTION_HEADING } from "./meta-answer";

/**
 * In-page source for \`meta\` (meta.ts): the author rules' vocabulary: what a name, a byline, a writer's title, a site's own name, a navigation or a discarded place (credits, comments, sidebars) is, and the bylines printed in the text. Plain JavaScript, spliced into meta.ts's one
 * evaluation as written (a template literal, so its escapes read as they do there); it uses that
 * evaluation's helpers (\`clean\`, \`metaContent\`, \`bodyLines\`, the JSON-LD nodes).
 */
export const META_BYLINE_JS = `
    // Authors, in metascraper's order of trust (JSON-LD, meta tags, then byline markup), with two
    // refinements its results lacked: an organization or the site's own name is not a writer,
    // and a bare handle ("andrew.keaveney") gives way to a byline's full name.
    // The site's name as its meta tags and JSON-LD give it, with and without its domain's ending
    // ("Le Monde.fr" is "Le Monde"); Dublin Core's publisher names the site too.
    const siteNames = new Set(
      [metaContent("og:site_name", "application-name"), metaContent("dc.publisher", "dcterms.publisher"), str(article?.publisher?.name)]
        .filter(Boolean)
        .flatMap((x) => [x.toLowerCase(), x.toLowerCase().replace(/\.(com|org|net|co\.uk|fr|de|es|it|nl|io|ca|au|in)$/, "")]),
    );
    const labelOrRole = new RegExp(${JSON.stringify(LABEL_OR_ROLE)}, "iu");
    const sectionHeading = new RegExp(${JSON.stringify(SECTION_HEADING)}, "u");
    const decode = (v) => (v && /&[#a-z0-9]+;/i.test(v) ? new DOMParser().parseFromString(v, "text/html").body.textContent : v);
    // The lowercase particles of many names ("Vincent van Gogh", "María de la Cruz").
    const PARTICLES = "van|von|de|der|den|del|della|di|da|du|dos|das|la|le|ten|ter|bin|ibn|al";
    const CONNECTOR_OR_PARTICLE = new RegExp("^(and|und|et|y|e|" + PARTICLES + ")$");
    const NAME_SIZED = new RegExp("^\\\\p{Lu}\\\\S*(\\\\s+(\\\\p{Lu}\\\\S*|" + PARTICLES + ")){1,5}$", "u");
    // Two to six capitalized words (or a name's particles), no digits: what is left of a byline
    // once its tail is cut ("Jenny Smith", not "A note" of "A note from the author").
    const nameSized = (v) => NAME_SIZED.test(v) && !/\\d/.test(v);
    // A writer's job title as bylines print it after the name ("Jane Doe, Senior Editor").
    const ROLE = /^(.+?)[\\s,|–—-]+((senior|staff|contributing|chief|managing|associate|deputy|executive|special|political|business|science|technology|tech|health|sports|news|freelance|guest|lead|editorial)\\s+)*(editor|writer|reporter|correspondent|contributor|columnist|journalist|analyst|producer|critic|author|blogger)s?$/i;
    // A byline's extras, as trafilatura's normalize_authors drops them: markup and emoji in a
    // declared name, an e-mail address or @handle printed beside the name, a quoted nickname
    // ('Jenny "The Author" Smith'), a credit for the pictures ("| Photography by …"), and what
    // follows the name: an affiliation after "for", "from", "of", "at", "via", "with" or a dash
    // ("Jenny Smith for Daily Mail Australia", "Jane Doe — Site"), or digits (a date, a time, a
    // count). A tail is cut only where a name of two words or more is left before it.
    const tidyName = (v) => {
      let t = v
        .replace(/<[^>]+>/g, " ")
        .replace(/[\\u{1F300}-\\u{1FAFF}\\u{2600}-\\u{27BF}\\u{FE0F}\\u{200D}]/gu, "")
        .replace(/\\s+["“][^"“”]{1,30}["”](?=\\s)/g, "")
        .replace(/(?:\\s*[|,;/]|\\s+(?:and|with))?\\s*\\b(?:photography|photos?|pictures?|illustrations?|graphics?|video|visuals?)\\s+by\\b.*$/i, "")
        .replace(/\\s+/g, " ")
        .trim();
      const rest = t.replace(/(^|\\s)(\\S+@\\S+\\.\\w{2,}|@[\\w.]+)(?=\\s|$)/g, " ").replace(/\\s+/g, " ").trim();
      if (rest && rest !== t && /\\s/.test(rest)) t = rest;
      // A parenthesis after the name is an agency or co-writers ("Jane Doe (Reuters)", "… (avec …)").
      const beforeParens = /^(.+?)\\s*\\([^()]*\\)$/.exec(t)?.[1];
      if (beforeParens && nameSized(beforeParens)) t = beforeParens;
      // A title in capitals after a name is cut, where it reads as one: after a comma or dash, or
      // with a rank ("Jane Doe, Editor", "Jane Doe Senior Editor"). "The Currency editors" stays,
      // and so does a surname that is a title's word ("Jane Q. Writer").
      const role = ROLE.exec(t);
      const roleTail = role ? t.slice(role[1].length) : "";
      if (role && nameSized(role[1]) && /^[\\s,|–—-]*\\p{Lu}/u.test(roleTail) && (/^\\s*[,|–—-]/.test(roleTail) || role[2])) t = role[1];
      const affiliation = /^(.+?)\\s+(?:for|from|of|at|via|with|—|–|-)\\s+\\S.*$/i.exec(t);
      if (affiliation && nameSized(affiliation[1])) t = affiliation[1];
      // Digits after a name are a time or a count ("9:41AM", "12 articles"); a text with a year in it
      // is a date line or a title, and stays whole (it is no name: see asName).
      const beforeDigits = /^(\\D+?)[\\s,;|·•(–—-]*\\d/.exec(t)?.[1]?.trim();
      if (beforeDigits && !/\\b(19|20)\\d\\d\\b/.test(t) && nameSized(beforeDigits) && !/^(updated|published|posted|last|modified|date|on|at)\\b/i.test(beforeDigits)) t = beforeDigits;
      return t.replace(/\\s*\\*+$/, "").replace(/[\\s,;|·•-]+$/, "").replace(/\\s+(and|&|und|et)$/i, "");
    };
    const asName = (raw) => {
      let v = clean(decode(raw));
      if (!v) return null;
      v = v.replace(/^[\\s,;:|·•-]+|[\\s,;:|·•-]+$/g, "")
        // A box's label before the name ("Author", "About the author"), then a byline's "By".
        .replace(/^(about the )?(authors?|autor(in)?|auteur|autore)(:\\s*|\\s+)(?=\\p{Lu})/iu, "")
        // An author box's heading: "About Jane Doe", "Meet Wes Bos".
        .replace(/^(?:[Aa]bout|[Mm]eet)\\s+(?=\\p{Lu}\\S*\\s+\\p{Lu})/u, "")
        .replace(/^((written|posted|reviewed|edited|reported|compiled|created|published|story|report|reporting|text|article|analysis|words) )?(by|par|von|por|di|door)(:\\s*|\\s+)/i, "")
        .trim();
      v = tidyName(v);
      // A name has letters; "123" is not one.
      if (!/\\p{L}/u.test(v)) return null;
      // A name is not a URL (article:author is often a profile link), a @handle, a date or a sentence.
      if (!v || v.length > 120 || /^(https?:\\/\\/|@|www\\.)/i.test(v) || /\\b(19|20)\\d\\d\\b|@/.test(v) || v.split(/\\s+/).length > 12) return null;
      // Link and widget labels found by loose byline selectors are not names.
      if (/^(follow|skip|share|sign|subscribe|view|read|more|about|contact|menu|authority control|fail)\\b/i.test(v)) return null;
      // A bare label or role ("Produced by", "The Author", "Staff") is not a name, nor is a
      // section's name in capitals ("THE DIGITS"): meta-answer.ts's rules, read here so that the
      // next rule gets its turn.
      if (labelOrRole.test(v) || sectionHeading.test(v)) return null;
      // A form's field label ("Your Name: *", "Email") is not a name.
      if (/[:*]|^(your )?(name|e-?mail|website|comment)\\b/i.test(v)) return null;
      // Nor is a link's label ("Author Website", "View profile", "All posts").
      if (/\\b(website|homepage|profile|bio|page|posts|archive)$/i.test(v)) return null;
      // A button's or link's call ("Click here for dates!", "Want to know more?") is not a name.
      if (/[!?]$/.test(v)) return null;
      // A comment's heading ("Jiobal says", "Ann wrote:") names a commenter, not the writer.
      if (/\\s(says|said|wrote|replied)\\b/i.test(v)) return null;
      // A link's label in lowercase words after a capital ("Get rights and content") is not a name:
      // a name capitalizes its words, but for its particles.
      const words = v.split(/\\s+/);
      const lower = words.filter((w) => /^\\p{Ll}/u.test(w) && !CONNECTOR_OR_PARTICLE.test(w));
      if (/^\\p{Lu}/u.test(v) && words.length >= 3 && lower.length >= 2) return null;
      return v;
    };
    const isSite = (v) => !!v && siteNames.has(v.toLowerCase());
    const isHandle = (v) => !/\\s/.test(v);
    const isOrg = (x) => ldTypes(x).some((t) => /Organization|Corporation|WebSite|Brand/.test(t));
    const ldNames = ldAuthors.filter((x) => !isOrg(x)).map((x) => asName(str(x.name))).filter(Boolean);
    // The organization (or site) stands as author only when no person is named anywhere.
    const orgName = ldAuthors.filter(isOrg).map((x) => clean(str(x.name))).find(Boolean) ?? null;
    // A name link or name box as rendered: the first line a reader sees ("Corti", not "CortiAI
    // platform for healthcare" run together from the title under it; an author box's name, not the
    // biography under it), after a bare label over it ("By", "Author": see labelOrRole).
    const nameLine = (el) => {
      const lines = (el.innerText ?? el.textContent ?? "").split(/\\n/).map((l) => l.trim()).filter(Boolean);
      return labelOrRole.test(lines[0] ?? "") ? (lines[1] ?? null) : (lines[0] ?? null);
    };
    // A site's navigation (a top bar's "Columnists" list, an "Authors" dropdown) names writers,
    // not the article's: a byline is never inside it. A page-wide wrapper that happens to carry
    // a navigation class holds the article too, and does not count. (A name's own pop-up menu,
    // as forums attach to a poster's name, is not navigation.)
    const NAVIGATION = 'nav, [role="navigation"], [role="menubar"], [class*="navbar" i], [class^="nav" i], [class*=" nav" i]';
    const isMenu = (m) => m !== document.body && !m.querySelector("h1, article, main");
    const inNavigation = (el) => {
      for (let m = el.closest(NAVIGATION); m; m = m.parentElement?.closest(NAVIGATION) ?? null) if (isMenu(m)) return true;
      return false;
    };
    // Navigation with its menus and dropdowns: whose lines ("By Event Type") are never bylines
    // (navLines below), though a name inside a menu may still be a poster's (inNavigation above).
    const NAVIGATION_OR_MENU = NAVIGATION + ', [role="menu"], [class*="menu" i], [class*="dropdown" i]';
    // Where the headline (the first <h1>) is printed among a text's lines: every place, as a
    // sidebar's list of posts may print it before the article does (at most five). Both the
    // dateline's name and the date under the headline are read around these places.
    const headlineAt = (lines) => {
      const h1 = clean(document.querySelector("h1")?.innerText)?.toLowerCase();
      return h1 ? lines.flatMap((l, i) => (l.toLowerCase() === h1 ? [i] : [])).slice(0, 5) : [];
    };
    // Where a name is not the article's byline (trafilatura's discarded places): a figure's credit,
    // the comments (WordPress's "comment-author", Disqus's thread) and a sidebar's lists.
    const ASIDE = 'figure, [data-component*="figure" i], [id^="comments" i], [class^="comments" i], [class*="commentlist" i], [id*="commentlist" i], [class*="comment-list" i], [id*="comment-list" i], [class*="comments-list" i]';
    const SIDEBAR = '[class*="sidebar" i], [id*="sidebar" i]';
    let bodyLength = null;
    // A container that holds the headline or the main element is the page's, whatever its name; a
    // comment thread may hold <article>s (one a comment). A sidebar is a lesser part of the page
    // outside the article (a theme's "story_sidebar" beside the story in <main> names its writers),
    // not a wrapper named for the sidebar beside it ("beside_sidebar", "has-sidebar").
    const inAside = (el) => {
      for (let m = el.closest(ASIDE); m; m = m.parentElement?.closest(ASIDE) ?? null) if (m !== document.body && !m.querySelector("h1, main")) return true;
      for (let m = el.closest(SIDEBAR); m; m = m.parentElement?.closest(SIDEBAR) ?? null) {
        bodyLength ??= document.body?.textContent?.length ?? 0;
        if (isMenu(m) && !m.closest('main, article, [role="main"]') && (m.textContent?.length ?? 0) < bodyLength / 2) return true;
      }
      return false;
    };
    // The body's own class (a theme's "author-hidden") says nothing of a byline.
    const firstText = (selector, read = (el) => el.innerText ?? el.textContent) => {
      const els = Array.from(document.querySelectorAll(selector)).slice(0, 500).filter((el) => el !== document.body && el !== document.documentElement && !inNavigation(el) && !inAside(el));
      for (const el of els.slice(0, 5)) {
        const v = asName(read(el));
        if (v && !isSite(v)) return v;
      }
      return null;
    };
    // Several words and no digits: a forum's "2.8k posts 6 Solutions" under an author-classed box is not a name.
    const twoWords = (v) => (v && /^\\S+\\s+\\S+/.test(v) && !/\\d/.test(v) ? v : null);
    // Two to five words, no digits, each capitalized: "Lauren Vetter", not "2.8k posts" or "Date within".
    const personLike = (v) => (v && /^\\p{Lu}\\S*(\\s+\\p{Lu}\\S*){1,4}$/u.test(v) && !/\\d/.test(v) ? v : null);
    // A name followed by credentials, as bylines print them: "Doris Munoz-Mantilla, MD, FOMA".
    const withCredentials = (v) => {
      const [name, ...creds] = (v ?? "").split(/,\\s*/);
      return personLike(name) && creds.every((c) => /^[\\p{Lu}][\\p{L}.-]{0,7}$/u.test(c)) ? v : null;
    };
    // Several people, each a name: "Shannon Deery, Mitch Clarke and Susie O’Brien".
    const nameList = (v) => {
      const parts = (v ?? "").split(/,\\s*|\\s+(?:and|&|und|et)\\s+/);
      return parts.length > 1 && parts.every((p) => personLike(p)) ? parts.join(", ") : null;
    };
    // A forum handle is one token ("b.scherer"); several words must read as a person's name.
    const handleOrName = (v) => (v && !/\\s/.test(v) ? v : personLike(v));
    // The directories in which sites file their people's pages ("/people/jane-doe", "/by/jane-doe",
    // "/staff/jane-doe/"), one list for both readings of such an address below: a link whose text
    // is the name the address spells, and the name a declared profile address spells. (The link
    // rule never needed "authors?", as an /author/ link is read earlier as a byline, nor the
    // address rule "experts?"; neither changes the tuning half's results.)
    const PEOPLE_DIRS = "(?:by|people|person|profiles?|staff|team|authors?|contributors?|writers?|journalists?|reporters?|experts?|editors?|columnists?|bio)";
    // A person's page in one of them; the name its address spells is the first group.
    const PEOPLE_PAGE = new RegExp("/" + PEOPLE_DIRS + "/([^/?#]+)/?(?:[?#]|$)", "i");
    // A name as an address spells it: "José García" → "jose-garcia".
    const slug = (v) => v.normalize("NFD").replace(/[\\u0300-\\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
    // A link to the writer's own page, as news sites and CMSs file them ("/people/jane-doe",
    // "/by/jane-doe", "/staff/jane-doe/"), whose text is the name its address spells.
    const profileLinkName = () => {
      for (const a of Array.from(document.querySelectorAll("a[href]")).slice(0, 2000)) {
        // A menu's, footer's or site header's list of the team is not a byline (an article's own header may hold one).
        if (a.closest('nav, footer, [role="navigation"], [role="banner"], [role="contentinfo"], [class*="menu" i]')) continue;
        if (a.closest("header") && !a.closest("article, main")) continue;
        const m = PEOPLE_PAGE.exec(a.getAttribute("href") ?? "");
        const v = m && personLike(asName(a.textContent));
        if (v && slug(v) === m[1].toLowerCase().replace(/\\.html?$/, "") && !isSite(v)) return v;
      }
      return null;
    };
    // A byline box that names its writer by one name (Postlight Parser's byline rules): "By Adam",
    // or a link to the writer's page whose address spells that name ("/author/adam").
    const oneNameByline = () => {
      const said = /^by:?\\s+(\\p{Lu}[\\p{L}'’-]+)$/iu;
      const boxes = Array.from(document.querySelectorAll('[class*="byline" i], [id*="byline" i]')).slice(0, 20);
      for (const box of boxes.filter((el) => el !== document.body && el !== document.documentElement && !inNavigation(el) && !inAside(el))) {
        const v = said.exec(nameLine(box) ?? "")?.[1];
        if (v && !isSite(v)) return v;
        for (const a of Array.from(box.querySelectorAll("a[href]")).slice(0, 5)) {
          const name = clean(a.textContent);
          const m = PEOPLE_PAGE.exec(a.getAttribute("href") ?? "");
          if (name && m && /^\\p{Lu}[\\p{L}'’-]+$/u.test(name) && slug(name) === m[1].toLowerCase() && !isSite(name)) return name;
        }
      }
      return null;
    };
    const authorLinkName = (a) => {
      const said = nameLine(a);
      if (said) return said;
      const titled = clean(a.getAttribute("title") ?? a.getAttribute("aria-label"))?.replace(/^(view )?(all )?(posts|articles|stories|entries)( written)? by\\s+/i, "");
      if (titled && personLike(titled)) return titled;
      const pictured = clean(a.querySelector("img[alt]")?.getAttribute("alt"));
      if (pictured && personLike(pictured)) return pictured;
      const href = a.getAttribute("href") ?? "";
      let spelled = null;
      try {
        // Resolved against any base: only its path is read.
        spelled = PEOPLE_PAGE.test(href) ? spelledName(new URL(href, "https://x.invalid/").href) : null;
      } catch {
        spelled = null;
      }
      return spelled ? capitalized(spelled) : null;
    };
    const bylineName = () =>
      // Stack Exchange's question names its asker; its first author card may be an editor's.
      firstText("[data-author-username]", (el) => el.getAttribute("data-author-username")) ??
      // Microdata names the author in text, or in a <meta itemprop="name" content="…"> inside it.
      firstText('[itemprop*="author" i] [itemprop="name"]', (el) => (el.tagName === "META" ? el.getAttribute("content") : el.textContent)) ??
      // A forum thread's first post is its author's (XenForo's data-author, Discourse's itemprop).
      firstText("[data-author]", (el) => el.getAttribute("data-author")) ??
      // Reddit's post element carries its poster as an attribute: <shreddit-post author="jdoe">.
      firstText("shreddit-post[author]", (el) => el.getAttribute("author")) ??
      firstText("[data-author-name]", (el) => el.getAttribute("data-author-name")) ??
      handleOrName(firstText('[itemprop*="author" i]:not(meta)', nameLine)) ??
      // Microdata's author box may list several people: "A, B, C" (each a name).
      nameList(firstText('[itemprop*="author" i]:not(meta)', nameLine)) ??
      firstText('[rel="author"]') ??
      twoWords(firstText('a[class*="author" i], :not(body, html)[class*="author" i] a, a[href*="/author/"], a[href*="/authors/"]', nameLine)) ??
      twoWords(firstText('[class*="author-name" i], [class*="authorName" i], [class*="byline__name" i], :not(body, html)[class*="byline" i] a', nameLine)) ??
      twoWords(firstText('[class*="byline" i], [class*="author" i]')) ??
      // trafilatura's further places for a byline: an author id, "submitted by" / "posted by"
      // boxes, a Byline component, the <author> element.
      twoWords(firstText('[id="author" i], [id*="author-name" i], [id*="authorname" i], [id$="-author" i], [id$="_author" i], [class*="submitted-by" i], [class*="posted-by" i], [data-component*="byline" i], author', nameLine)) ??
      // A box explicitly classed as the author's name may hold one word ("Newsdesk", "Eliz"); Wix's
      // blog header marks it data-hook="user-name".
      handleOrName(firstText('[class*="author-name" i], [class*="authorName" i], [class*="author__name" i], [class*="byline__name" i], [class*="creator-name" i], [data-hook="user-name"]', nameLine)) ??
      bylineInText() ??
      datelineName() ??
      roleLineName() ??
      profileLinkName() ??
      oneNameByline() ??
      // HTML's <address> in an article is its author's contact information, the name first.
      personLike(firstText("article address", nameLine)) ??
      // Forum software's first poster: phpBB, FluxBB, Flarum, Hacker News, Lemmy, Invision.
      handleOrName(firstText('.postprofile .username, .postprofile a[href*="mode=viewprofile"], .postleft dt strong, .PostUser-name, a.hnuser, a.person-listing, .ipsEntry__username a, a.ipsUsername')) ??
      // A profile link inside a byline is the writer's handle (Lobsters' "/~scvalex", LessWrong's "/users/…").
      handleOrName(firstText(['/~', '/u/', '/user/', '/users/'].flatMap((p) => [\`:not(body, html)[class*="byline" i] a[href*="\${p}"]\`, \`:not(body, html)[class*="author" i] a[href*="\${p}"]\`]).join(", "))) ??
      personLike(firstText('[class*="byline" i], [class*="author" i]', nameLine)) ??
      // A link to the writer's archive ("/author/jdoe/", rel=author) that names a login ("jdoe"),
      // or only in its title ("Posts by Jane Doe"), its picture's alt text, or its address.
      handleOrName(firstText('a[href*="/author/"], a[rel~="author"]', authorLinkName)) ??
      // An author box's portrait, named in its alt text ("Jane Doe", "Photo of Jane Doe").
      personLike(firstText('[class*="author" i] img[alt][class*="avatar" i], [class*="author" i] [class*="avatar" i] img[alt], [class*="author" i][class*="avatar" i] img[alt], [class*="author" i] img[alt][src*="gravatar"], [class*="byline" i] img[alt][class*="avatar" i]', (el) => el.getAttribute("alt")?.replace(/^(photo|picture|image|avatar|headshot|portrait) of\\s+/i, ""))) ??
      // Last, a writer's or a user's name box (trafilatura: "writer", "username", "screenname").
      personLike(firstText('[class*="writer" i]:not(body, html), [class*="username" i], [class*="screenname" i]', nameLine)) ??
      // A forum's or tracker's first poster by login, where forum software marks it: vBulletin's and
      // Vanilla's username links, MyBB's post_author, SMF's poster, GitHub's and Apple's author links.
      handleOrName(firstText('a[class*="username" i], [class*="username" i] a, [class*="user-name" i], a[class~="author" i], .post_author a[href*="member.php"], .poster h4 a, a[href*="action=profile"], a[href*="member.php?u="]', nameLine));
    // "Written by Jane Doe" / "By Jane Doe" in the rendered text, or "| by Jane Doe |" in the title.
    // Case-sensitive: "By optimizing your site, …" is not a byline.
    // Capitalized words, with the lowercase particles of many names.
    const ONE_NAME = "[\\\\p{Lu}][\\\\p{L}.'’-]+(?: (?:(?:" + PARTICLES + ") )*[\\\\p{Lu}][\\\\p{L}.'’-]+){1,3}?";
    const NAME = "(" + ONE_NAME + ")";
    // Several people, as bylines list them: "A and B", "A, B, and C", "A & B" (in English and the
    // web's other common languages: "und", "et", "y", "e", "en", "i").
    const NAMES = "(" + ONE_NAME + "(?:(?:, " + ONE_NAME + ")*,? (?:and|&|und|et|y|e|en|i) " + ONE_NAME + ")?)";
    // Each person once, joined with ", " as elsewhere.
    const joinNames = (v) => v && v.split(/,? (?:and|&|und|et|y|e|en|i) |, /).join(", ");
    const severalNames = (v) => (v && new RegExp("^" + NAMES + "$", "u").test(v) ? joinNames(v) : null);
    // A byline often runs on into its date ("By Sofia Gonzalez December 2, 2025") or its next label
    // ("Author: Jane Doe Date: March 4, 2025").
    const NAME_END = "(?:$|[,;|·•(]| on | - | (?=\\\\p{Lu}\\\\p{L}+:)| (?=(?:Updated|Published|Posted|Last|Modified|Reviewed|Edited|Fact)\\\\b)| (?=\\\\d+ ?min)| (?=\\\\d{1,2}[./-]\\\\d)| (?:[Jj]an|[Ff]eb|[Mm]ar|[Aa]pr|[Mm]ay|[Jj]un|[Jj]ul|[Aa]ug|[Ss]ep|[Oo]ct|[Nn]ov|[Dd]ec)[a-z]*\\\\.? \\\\d)";
    // Menu and navigation text ("By Event Type", "By Company Size") reads like a byline but names
    // a category: lines shown inside navigation are never bylines.
    const navLines = () => {
      const out = new Set();
      const navs = document.querySelectorAll(NAVIGATION_OR_MENU);
      for (const el of Array.from(navs).slice(0, 200)) {
        if (!isMenu(el)) continue;
        for (const l of (el.innerText ?? "").split(/\\n+/)) if (l.trim()) out.add(l.trim());
      }
      return out;
    };
    // Byline labels in the web's other common languages: the phrases anywhere, the bare
    // preposition ("Von", "Par", "Por", "Door", "Di") only on a page in that language, where a line
    // that starts with it and a name is a byline.
    const lang2 = (document.documentElement?.getAttribute("lang") ?? "").slice(0, 2).toLowerCase();
    const FOREIGN_BYLINE = [
      "[Aa]utor(?:in|a)?:", "[Aa]uteur ?:", "[Aa]utore:", "[Gg]eschrieben von", "[ÉéEe]crit par", "[Pp]ublié par", "[Ee]scrito por", "[Pp]ublicado por", "[Ss]critto da", "[Pp]ubblicato da", "[Gg]eschreven door", "[Ff]örfattare:", "[Ff]orfatter:", "[Yy]azar:", "[Tt]ekijä:", "[Ss]zerző:",
      ...({ de: ["Von", "Text:"], fr: ["Par"], es: ["Por"], pt: ["Por"], nl: ["Door"], it: ["Di", "A cura di"], sv: ["Av"], da: ["Af", "Av"], nb: ["Av"], no: ["Av"] }[lang2] ?? []),
    ].join("|");
`;
