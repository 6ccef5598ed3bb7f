/**
 * In-page source for \`meta\` (meta.ts): the author, in metascraper's order of trust: JSON-LD, meta tags, then byline markup, datelines, profile addresses and a personal site's owner; it sets `authorName`. Plain JavaScript, spliced into meta.ts's one
 * evaluation as written (a template literal, so its escapes read as they do there); it uses that
 * evaluation's helpers (\`clean\`, \`metaContent\`, \`bodyLines\`, the JSON-LD nodes and meta-byline.ts's rules).
 */
export const META_AUTHOR_JS = `
    // A dateline that names its writer between separators, as static-site themes print it (Hugo's
    // PaperMod and Hextra: "December 17, 2025 · 5 min · Jane Doe"): the part that reads as a
    // person's name, within a few lines of the headline. A name on the line after a dateline that
    // ends in a separator is the same dateline, wrapped.
    const datelineName = () => {
      const lines = bodyLines();
      const ats = headlineAt(lines);
      // Middle dots, as those themes write them; a bar or a spaced dash only before the date
      // ("Jane Doe | March 4, 2025"): after it, a bar is more often "date | Category".
      const SEP = /\\s*[·•]\\s*/;
      const BAR = /\\s*\\|\\s*|\\s+[–—]\\s+|\\s+-\\s+/;
      const label = /\\b(updated|published|posted|modified|edited|reviewed|read|reading|min|mins|minutes|comments?|share|views?|words?)\\b/i;
      // A category or tag the dateline links to ("Apr 21, 2017 · Products Liability") is not a name.
      const topics = new Set(
        Array.from(document.querySelectorAll('a[rel~="tag"], a[rel~="category"], a[href*="/category/"], a[href*="/categories/"], a[href*="/tag/"], a[href*="/tags/"], a[href*="/topic"], a[href*="/section/"], a[href*="?cat="]'))
          .slice(0, 500)
          .map((a) => clean(a.textContent)),
      );
      const nameIn = (part) => {
        const v = personLike(asName(part));
        return v && !label.test(v) && !monthOf(v.split(" ")[0]) && !isSite(v) && !topics.has(v) ? v : null;
      };
      for (const at of ats)
      for (let i = Math.max(0, at - 3); i < Math.min(lines.length, at + 8); i++) {
        const line = lines[i];
        // A dateline with a byline label ("by …", "On Behalf of …") names its writer after it, or not at all.
        if (line.length > 120 || !dayIn(line) || /\\b(by|of)\\b/i.test(line)) continue;
        for (const part of line.split(SEP)) {
          const v = nameIn(part);
          if (v) return v;
        }
        const parts = line.split(BAR);
        const dateAt = parts.findIndex((p) => dayIn(p));
        for (const part of dateAt > 0 ? parts.slice(0, dateAt) : []) {
          const v = nameIn(part);
          if (v) return v;
        }
        if (/[·•]$/.test(line) && lines[i + 1] && lines[i + 1].length < 60) {
          const v = nameIn(lines[i + 1].replace(/^[·•]\\s*/, ""));
          if (v) return v;
        }
      }
      // A name linked to a person's page ("/team/jane") stacked over or under a short dateline
      // ("Jane Doe" / "March 4, 2025"), as themes lay them out in a column.
      const personDir = new RegExp("/" + PEOPLE_DIRS + "/", "i");
      const linked = new Set(
        Array.from(document.querySelectorAll("a[href]"))
          .slice(0, 2000)
          .filter((a) => !a.closest(NAVIGATION_OR_MENU) && personDir.test(a.getAttribute("href") ?? ""))
          .map((a) => clean(a.innerText)),
      );
      for (const at of ats)
        for (let i = Math.max(0, at - 3); i < Math.min(lines.length, at + 8); i++) {
          if (lines[i].length >= 60 || !dayIn(lines[i])) continue;
          for (const j of [i - 1, i + 1]) {
            const v = j !== at && linked.has(lines[j]) ? nameIn(lines[j]) : null;
            if (v) return v;
          }
        }
      return null;
    };
    // A line under the headline that is a name and a writer's title ("Jane Doe, Senior Editor").
    const roleLineName = () => {
      const lines = bodyLines();
      for (const at of headlineAt(lines))
        for (const line of lines.slice(Math.max(0, at - 3), at + 8)) {
          // A comma, bar or dash between them: "From Our Editors" is no name and title.
          const name = line.length < 80 ? ROLE.exec(line)?.[1] : null;
          if (!name || !/^\\s*[,|–—-]/.test(line.slice(name.length))) continue;
          const v = personLike(asName(name));
          if (v && !isSite(v)) return v;
        }
      return null;
    };
    // A card that links to another story (its headline, summary and "By Jane Doe" in one link)
    // prints that story's byline, not this page's.
    const cardLines = () => {
      const out = new Set();
      for (const a of Array.from(document.querySelectorAll("a[href]")).slice(0, 1000)) {
        const lines = (a.innerText ?? "").split(/\\n+/).map((l) => l.trim()).filter(Boolean);
        if (lines.length >= 2 && !samePage(a.href, location.href)) for (const l of lines) out.add(l);
      }
      return out;
    };
    const bylineInText = () => {
      const nav = navLines();
      const cards = cardLines();
      const lines = bodyLines().filter((l) => !nav.has(l) && !cards.has(l)).slice(0, 400);
      const datedByline = new RegExp("^(.{6,60}?)\\\\s*[|·•,–—-]?\\\\s*(?:[Bb]y|BY|[Pp]osted by|[Ww]ritten by) " + NAMES + "\\\\s*" + NAME_END, "u");
      const sectionByline = new RegExp("^[^|·•]{1,40}?\\\\s*[|·•]\\\\s*(?:[Bb]y|BY|[Pp]osted by|[Ww]ritten by) " + NAMES + "\\\\s*" + NAME_END, "u");
      const byLine = new RegExp("^(?:(?:[Ww]ritten|[Pp]osted|[Rr]eviewed|[Aa]uthored|[Aa]rticle|[Ww]ords|[Ss]tory|[Ss]ubmitted|[Pp]ublished|[Cc]reated|[Cc]ompiled|[Pp]repared|[Cc]urated|[Pp]roduced|[Ee]dited|[Cc]o-authored|[Rr]eporting|[Cc]ontributed|[Gg]uest (?:post|article|column)|[Rr]ecipe|[Rr]eview|[Oo]pinion|[Cc]ommentary|[Aa]nalysis|[Ii]nterview|[Ee]ssay|[Cc]olumn|[Pp]ost) )?(?:[Bb][Yy]:?|[Aa]uthors?:|[Aa]uthors?\\t|[Cc]ontributors?:|[Ww]riter:|" + FOREIGN_BYLINE + ")\\\\s*" + NAMES + "\\\\s*" + NAME_END, "u");
      // A reviewer's or editor's line ("Reviewed by Dr. Jane Doe", "Edited by …") names the writer only
      // where no other line does: health and finance pages print it beside (often before) the byline.
      let reviewer = null;
      for (let i = 0; i < lines.length; i++) {
        const m = byLine.exec(lines[i]);
        if (m && /^([Rr]eviewed|[Ee]dited)/.test(lines[i])) reviewer ??= joinNames(asName(m[1]));
        else if (m) return joinNames(asName(m[1]));
        // A section's name before the byline: "News | By Jane Doe".
        const afterSection = sectionByline.exec(lines[i]);
        if (afterSection) return joinNames(asName(afterSection[1]));
        // WordPress's and many themes' "December 12, 2025 by Jane Doe" / "Posted on 12 March 2025 | By Jane Doe".
        const afterDate = datedByline.exec(lines[i]);
        if (afterDate && lines[i].length < 160 && dayIn(afterDate[1])) return joinNames(asName(afterDate[2]));
        // There, a login that ends the line is the name: "Posted on March 4, 2025 by jdoe".
        const loginAfterDate = /^(.{6,60}?)\\s*[|·•,–—-]?\\s*(?:[Bb]y|BY|[Pp]osted by|[Ww]ritten by) ([\\p{L}\\d._-]+)$/u.exec(lines[i]);
        if (loginAfterDate && dayIn(loginAfterDate[1])) return asName(loginAfterDate[2]);
        // A one-word name is a byline only where a date follows: "Posted by David at December 16, 2025".
        // So is a line that is nothing but "Written by Eliz". Before a date, a login is the name:
        // Drupal's "Submitted by jdoe on Tue, 03/04/2025 - 10:00".
        const single = /^(?:[Pp]osted|[Ww]ritten|[Ss]ubmitted) by (\\p{Lu}[\\p{L}.'’-]+)(?: (?:at|on) .*\\d|$)/u.exec(lines[i]) ?? /^(?:[Pp]osted|[Ss]ubmitted) by ([\\p{L}\\d._-]+) on .*\\d/u.exec(lines[i]);
        if (single) return asName(single[1]);
        // A bare label over the name: "Written by", "Author", an author box's "About the author".
        if (/^(((article|post|story) )?(written|posted|authored) by|(article|post|words|story) by|((article|post) )?author|(about|meet) the (author|writer)):?$/i.test(lines[i]) && lines[i + 1]) {
          // The line after a bare "Author" label is often a form's next label ("Post time", "Date within").
          const next = asName(lines[i + 1]);
          // A "Written by" / "Posted by" label (not a bare "Author") may be followed by one name ("Eliz").
          const oneWord = /written|posted/i.test(lines[i]) && /^\\p{Lu}[\\p{L}'’-]+$/u.test(next ?? "") ? next : null;
          const v = withCredentials(next) ?? severalNames(next) ?? oneWord;
          if (v) return v;
        }
        // An "Authors" label over one name a line: "Authors" / "Jane Doe" / "John Roe".
        if (/^(the )?(authors|contributors|writers):?$/i.test(lines[i])) {
          const names = [];
          for (const l of lines.slice(i + 1, i + 7)) {
            const v = withCredentials(asName(l));
            if (!v) break;
            names.push(v);
          }
          if (names.length) return names.join(", ");
        }
      }
      if (reviewer) return reviewer;
      const inTitle = new RegExp("\\\\|\\\\s*by " + NAME + "\\\\s*\\\\|", "u").exec(document.title);
      return inTitle ? asName(inTitle[1]) : null;
    };
    // Scholarly pages list citation_author once per author, often as "Last, First".
    const citationAuthors = Array.from(document.querySelectorAll('meta[name="citation_author" i]'))
      .map((m) => asName((m.getAttribute("content") ?? "").replace(/^([^,]+),\\s*([^,]+)$/, "$2 $1")))
      .filter(Boolean);
    // Open Graph's article:author is the writer's profile address, not a name (the protocol types
    // it "profile array"), and so are JSON-LD's author.url and <link rel="author">:
    // "https://www.latimes.com/staff/tracey-lien", "https://www.nytimes.com/by/tim-herrera".
    const profileUrls = (() => {
      const declared = [
        ...Array.from(document.querySelectorAll('meta[property="article:author" i], meta[name="article:author" i]')).map((m) => m.getAttribute("content")),
        ...ldAuthors.map((x) => str(x.url)),
        document.querySelector('link[rel="author"]')?.getAttribute("href"),
      ];
      return [...new Set(declared.filter((u) => /^https?:\\/\\//i.test(u ?? "") || /^\\/[^/]/.test(u ?? "")).map(abs).filter(Boolean))].slice(0, 5);
    })();
    const samePage = (a, b) => pageUrl(a) === pageUrl(b);
    // The last segment of a profile address, where it spells a name of two to four words.
    const spelledName = (url) => {
      const last = decodeURIComponent(new URL(url).pathname).replace(/\\.html?$/i, "").split("/").filter(Boolean).pop() ?? "";
      const words = slug(last).split("-");
      return words.length >= 2 && words.length <= 4 && words.every((w) => /^[a-z]{2,}$/.test(w)) ? words : null;
    };
    // Those words as a name: "tracey-lien" → "Tracey Lien".
    const capitalized = (words) => words.map((w) => w[0].toUpperCase() + w.slice(1)).join(" ");
    // The name a declared profile address stands for, as the page prints it: its own link to that
    // address ("<a href=…/staff/tracey-lien>Tracey Lien</a>"), else the words the address spells
    // where the page prints them ("TRACEY LIEN", "José García" for "jose-garcia").
    const profileName = () => {
      if (!profileUrls.length) return null;
      for (const a of Array.from(document.querySelectorAll("a[href]")).slice(0, 2000)) {
        if (!profileUrls.some((u) => samePage(a.href, u))) continue;
        const v = personLike(asName(a.textContent));
        if (v && !isSite(v)) return v;
      }
      const tokens = bodyText().split(/\\s+/).slice(0, 20000).map((t) => t.replace(/^[^\\p{L}]+|[^\\p{L}.'’]+$/gu, ""));
      for (const url of profileUrls) {
        const words = spelledName(url);
        if (!words) continue;
        for (let i = 0; i + words.length <= tokens.length; i++) {
          if (slug(tokens[i]) !== words[0]) continue;
          const v = personLike(tokens.slice(i, i + words.length).join(" "));
          if (v && slug(v) === words.join("-")) return v;
        }
      }
      return null;
    };
    // Where the page prints no name at all, the name a people directory's address spells
    // ("/staff/tracey-lien" → "Tracey Lien"): a writer, unlike the organization named beside it.
    const spelledProfileName = () => {
      const people = new RegExp("/" + PEOPLE_DIRS + "/[^/]+/?$", "i");
      for (const url of profileUrls) {
        const words = people.test(new URL(url).pathname) ? spelledName(url) : null;
        if (words) return capitalized(words);
      }
      return null;
    };
    // Yoast's Twitter card: twitter:label1 "Written by", twitter:data1 the writer's name.
    const cardAuthor = (() => {
      for (let i = 1; i <= 4; i++)
        if (/^(written by|author|by)$/i.test(metaContent(\`twitter:label\${i}\`) ?? "")) return asName(metaContent(\`twitter:data\${i}\`));
      return null;
    })();
    // Several author meta tags name several people (trafilatura joins them), each once; one tag's
    // "A und B" is read as the byline rule reads "A and B".
    const metaAuthors = [...new Set(Array.from(document.querySelectorAll('meta[name="author" i], meta[property="author" i], meta[itemprop="author" i]')).slice(0, 20).map((m) => asName(m.getAttribute("content") ?? m.getAttribute("value"))).filter((v) => v && !isSite(v)))];
    const oneMetaAuthor = asName(metaContent("author", "dc.creator", "dc:creator", "dcterms.creator", "byl", "og:article:author", "og:author", "article:author_name", "parsely-author", "sailthru.author", "article:author", "book:author",
      // Postlight Parser's further names for it.
      "dc.author", "dcsext.author", "clmst", "rbauthors", "authors",
      // Next.js's metadata writes a page's creator as <meta name="creator">.
      "creator"));
    const metaAuthor = (metaAuthors.length > 1 ? metaAuthors.join(", ") : oneMetaAuthor && (severalNames(oneMetaAuthor) ?? oneMetaAuthor)) ?? cardAuthor ?? (citationAuthors.length ? citationAuthors.join(", ") : null) ?? profileName();
    // A name that is the site's own ("Cleveland Clinic" as a Person) gives way to a byline that
    // names someone else, but stands when none does (a one-person site: "Rick Steves").
    // Likewise a CMS login ("andrew.keaveney", "KatieS") gives way to a byline's full name; on a
    // forum, where the byline is the same handle, the handle stands.
    const strong = (v) => (v && !isSite(v) && !isHandle(v) ? v : null);
    const ldName = ldNames.length ? [...new Set(ldNames)].join(", ") : null;
    // A forum post's or question's JSON-LD author is the poster's handle as the forum shows it: it
    // stands against a later poster's name in the thread.
    const postLd = authored && ldTypes(authored).some((t) => /DiscussionForumPosting|SocialMediaPosting|Question|Comment/.test(t));
    let authorName = (postLd && ldName && !isSite(ldName) ? ldName : null) ?? strong(ldName) ?? strong(metaAuthor);
    if (!authorName) {
      const byline = bylineName();
      authorName = (ldName ?? metaAuthor) && !twoWords(byline) ? (ldName ?? metaAuthor) : byline;
    } else if (!postLd) {
      // As with dates: a declared name the page prints nowhere gives way to the byline it prints.
      const text = bodyText().toLowerCase();
      const printed = (v) => v.split(/,\s*/).some((n) => text.includes(n.toLowerCase()));
      if (!printed(authorName)) {
        const byline = bylineName();
        if (byline && printed(byline)) authorName = byline;
      }
    }
    // Last, a personal site's owner: the home link or the copyright line names a person
    // ("Pierce Freeman", "© 2025 Cassidy Williams."), not a company.
    const siteOwner = () => {
      const orgWord = /\\b(inc|llc|ltd|corp|co|group|team|blog|news|media|press|labs?|studio|company|university|college|institute|online|home|posts|about)\\b/i;
      const owner = (v) => {
        const n = v && /^\\S+(\\s+\\S+){1,2}$/.test(v) ? personLike(v) : null;
        return n && !orgWord.test(n) && !isSite(n) ? n : null;
      };
      for (const a of Array.from(document.querySelectorAll('a[href="/"]')).slice(0, 3)) {
        const v = owner(clean(a.textContent));
        if (v) return v;
      }
      const c = /(?:©|\\(c\\)|[Cc]opyright)\\s*(?:\\d{4}\\s*(?:[-–]\\s*\\d{4}\\s*)?)?(\\p{Lu}[\\p{L}'’-]+(?: \\p{Lu}[\\p{L}'’-]+){1,2})/u.exec(bodyText());
      return c ? owner(c[1]) : null;
    };
    // The meta author as written, where no rule read a name out of it, if it has letters and is
    // not an e-mail address ("123", "jane@example.com" are no byline).
    const rawMetaAuthor = ((v) => (v && /\\p{L}/u.test(v) && !/\\S@\\S+\\.\\w/.test(v) ? v : null))(clean(metaContent("author")));
    authorName ??= spelledProfileName() ?? orgName ?? rawMetaAuthor ?? siteOwner();
`;
