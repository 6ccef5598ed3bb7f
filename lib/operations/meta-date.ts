import { ISO_AS_WRITTEN } from "./meta-answer";

/**
 * In-page source for \`meta\` (meta.ts): the publication date: metascraper-date's sources, then a date shown under the headline, a forum post's, a labelled one; normalized to ISO 8601. It sets `published`. Plain JavaScript, spliced into meta.ts's one
 * evaluation as written (a template literal, so its escapes read as they do there); it uses that
 * evaluation's helpers (\`clean\`, \`metaContent\`, \`bodyLines\`, the JSON-LD nodes and meta-byline.ts's headline places).
 */
export const META_DATE_JS = `
    // metascraper-date's sources (JSON-LD, meta tags incl. citation_*, microdata, <time>, dated
    // byline and date-classed text), then a date shown under the headline; normalized to ISO 8601
    // (an ISO value is kept as written, so its day is the publisher's, not UTC's).
    const isoAsWritten = new RegExp(${JSON.stringify(ISO_AS_WRITTEN)});
    const toIso = (raw) => {
      const v = clean(raw);
      if (!v) return null;
      // ISO 8601 as written, or its day where the rest is malformed ("2016-05-24T05:55%Z", an
      // unexpanded template); a day the calendar lacks ("2025-02-30") is no date.
      const iso = isoAsWritten.exec(v) ?? /^(\\d{4})-(\\d{2})-(\\d{2})/.exec(v);
      if (iso) {
        const [Y, M, D] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
        if (!(M >= 1 && M <= 12 && new Date(Date.UTC(Y, M - 1, D)).getUTCDate() === D)) return null;
        return iso[0];
      }
      // A written date ("12 March 2025", "12. März 2025") is read as written, not through the
      // browser's English-only, local-time Date.parse.
      const written = dayIn(v);
      if (written) return written;
      const t = Date.parse(v.replace(/^(published|updated|posted|last updated|modified)( on)?:?\\s*/i, "").replace(/(\\d)(st|nd|rd|th)\\b/g, "$1"));
      if (Number.isNaN(t)) return null;
      const d = new Date(t);
      if (d.getFullYear() < 1995 || t > Date.now() + 2 * 86400000) return null;
      const pad = (n) => String(n).padStart(2, "0");
      return \`\${d.getFullYear()}-\${pad(d.getMonth() + 1)}-\${pad(d.getDate())}\`;
    };
    const attr = (selector, name) => document.querySelector(selector)?.getAttribute(name);
    // A "today's date" widget (a header's "Friday, December 19, 2025") shows the visit's day.
    const TODAY_WIDGET = '[id*="today" i], [class*="today" i], [class*="current-date" i]';
    const datedText = (selector) => {
      // A "today's date" widget in the header shows the visit's day, not the article's (nor does
      // the block that holds it, a Drupal "block-date").
      const candidates = Array.from(document.querySelectorAll(selector)).filter((el) => !el.closest(TODAY_WIDGET) && !el.querySelector(TODAY_WIDGET));
      for (const el of candidates.slice(0, 8)) {
        // A date element may print a two-digit year ("am 12.11.16"), or keep the full date in its
        // title while it prints "3 hours ago" (a tooltip, as Blogger and many themes write it).
        const v = markedDayIn(el.textContent) ?? markedDayIn(el.getAttribute("title"));
        if (v) return v;
      }
      return null;
    };
    let pageTextCache = null;
    // The text the page prints as its own, lowercased: an embedded social post (a tweet, an
    // Instagram or Bluesky post, in the <blockquote> its embed code writes) prints its own date,
    // which is not the article's, and a "today's date" widget prints the visit's day. (A forum's
    // quote of an earlier post is the thread's own text.)
    const pageText = () => {
      if (pageTextCache !== null) return pageTextCache;
      const quoted = new Set();
      for (const el of Array.from(document.querySelectorAll('blockquote[class*="twitter-tweet" i], blockquote[class*="instagram-media" i], blockquote[class*="tiktok-embed" i], blockquote[class*="bluesky-embed" i], blockquote[class*="threads-post" i], blockquote[class*="mastodon-embed" i], ' + TODAY_WIDGET)).slice(0, 100)) {
        // A widget is a line or two; a page-wide wrapper whose class happens to say "today" is not one.
        if (el.matches(TODAY_WIDGET) && (el.innerText ?? "").length > 80) continue;
        for (const l of (el.innerText ?? "").toLowerCase().split(/\\n+/)) if (l.trim()) quoted.add(l.trim());
      }
      const lines = bodyText().toLowerCase().split(/\\n/);
      return (pageTextCache = quoted.size ? lines.filter((l) => !quoted.has(l.trim())).join("\\n") : lines.join("\\n"));
    };
    // Is this day printed on the page, in one of the common ways of writing it?
    // English month names (the written-dates reader's list).
    const MONTHS = EN_MONTHS;
    // Where this day is printed on the page, in the common ways of writing it (offsets in pageText()).
    let printedDaysCache = null;
    const printedDays = () => (printedDaysCache ??= daysIn(pageText()));
    const shownAt = (iso) => {
      const m = /^(\\d{4})-(\\d{2})-(\\d{2})/.exec(iso ?? "");
      if (!m) return [];
      const [y, mo, d] = [m[1], Number(m[2]), Number(m[3])];
      const long = MONTHS[mo - 1] ?? "", short = long.slice(0, 3);
      const text = pageText();
      const forms = [\`\${y}-\${m[2]}-\${m[3]}\`, \`\${long} \${d}, \${y}\`, \`\${short} \${d}, \${y}\`, \`\${short}. \${d}, \${y}\`, \`\${d} \${long} \${y}\`, \`\${d} \${short} \${y}\`,
        \`\${long} \${m[3]}, \${y}\`, \`\${short} \${m[3]}, \${y}\`, \`\${short}. \${m[3]}, \${y}\`, \`\${m[3]} \${short} \${y}\`, \`\${mo}/\${d}/\${y}\`, \`\${m[2]}/\${m[3]}/\${y}\`,
        \`\${d}/\${mo}/\${y}\`, \`\${m[3]}/\${m[2]}/\${y}\`, \`\${m[3]}.\${m[2]}.\${y}\`, \`\${m[2]}.\${m[3]}.\${y}\`];
      const at = [];
      // Whole dates only: "6 sep 2024" inside "26 sep 2024" is another day.
      const digit = (c) => c >= "0" && c <= "9";
      for (const f of new Set(forms))
        for (let i = text.indexOf(f); i >= 0 && at.length < 50; i = text.indexOf(f, i + 1))
          if (!digit(text[i - 1] ?? "") && !digit(text[i + f.length] ?? "")) at.push(i);
      // And any other way of writing it: "12. märz 2025", "12 de marzo de 2025", "2025年3月12日".
      for (const w of printedDays()) if (w.iso === iso.slice(0, 10) && !at.includes(w.at)) at.push(w.at);
      return at;
    };
    const shown = (iso) => shownAt(iso).length > 0;
    // The article's own dates, then meta tags, then any JSON-LD object's (metascraper's
    // $jsonld("datePublished")): a WebPage node often carries the same date in UTC, a day off.
    const anyDated = ld.find((o) => o.datePublished || o.dateCreated) ?? null;
    const modified = toIso(str(article?.dateModified) ?? str(anyDated?.dateModified) ?? metaContent("article:modified_time", "og:article:modified_time", "og:updated_time", "og:modified_time", "modified_time", "dateModified", "last-modified", "lastmodified", "updated_time", "dc.modified", "dcterms.modified") ??
      // Microdata's modified date (schema.org's dateModified, and the "dateUpdate" some themes write),
      // then HTTP's Last-Modified as a page echoes it in a meta http-equiv.
      attr('[itemprop*="datemodified" i][content], [itemprop*="dateupdate" i][content]', "content") ??
      attr('meta[itemprop*="datemodified" i][datetime], meta[itemprop*="dateupdate" i][datetime]', "datetime") ??
      attr('meta[http-equiv="last-modified" i]', "content"));
    // The published date as the page's meta tags declare it (Open Graph, Dublin Core and the rest).
    const metaPublished = metaContent("article:published_time", "og:published_time", "og:article:published_time", "published_time", "release_date", "datePublished", "date_published", "publish-date", "publish_date", "publishdate", "pubdate", "og:pubdate", "date", "dc.date", "dc.date.issued", "dc.date.created", "dcterms.date", "dcterms.issued", "dcterms.created", "sailthru.date", "parsely-pub-date", "citation_publication_date", "citation_date", "citation_online_date",
        // htmldate's further names for it.
        "article:published", "article.published", "bt:pubdate", "rnews:datepublished", "shareaholic:article_published_time", "cxenseparse:recs:publishtime", "originalpublicationdate", "article_date_original", "pub_date", "publication_date", "datecreated", "prism.publicationdate", "displaydate", "dc.created", "dcsext.articlefirstpublished",
        "dc:created", "dc:date", "dc.issued", "dc.date.publication", "created", "dateposted", "published-date", "article:publicationdate", "article.created", "og:original_time",
        // Postlight Parser's further names for it.
        "rbpubdate", "pagedate", "doc_date", "date_created", "content_create_date");
    const declarations = [
      str(article?.datePublished),
      str(article?.dateCreated),
      metaPublished,
      attr('[itemprop*="datepublished" i]', "content") ?? attr('[itemprop*="datepublished" i]', "datetime"),
      // Microdata's creation date, the pubdate attribute on a <meta>, and HTTP's Date header as a
      // page echoes it in a meta http-equiv (htmldate reads all three as the original date).
      attr('meta[itemprop="datecreated" i]', "content") ?? attr('meta[itemprop="datecreated" i]', "datetime"),
      attr("meta[pubdate][content]", "content"),
      attr('meta[http-equiv="date" i]', "content"),
      str(anyDated?.datePublished),
      str(anyDated?.dateCreated),
    ]
      .map(toIso)
      .filter(Boolean);
    const declared = declarations[0] ?? null;
    // A line that labels its date as an update ("Last updated: Dec 6, 2025", "Aktualisiert am …"),
    // not as the publication ("Published Mar 2, 2025 · Updated Dec 6, 2025" names both).
    const UPDATE_WORD = /(?<!\\p{L})(updated|modified|aktualisiert|mis à jour|actualizado|atualizado|aggiornato|bijgewerkt|zaktualizowano|güncellen|更新)/iu;
    const PUBLISH_WORD = /(?<!\\p{L})(published|posted|publié|veröffentlicht|erschienen|publicado|pubblicato|gepubliceerd|opublikowano|yayı[mn]lan|公開|投稿|发布|發佈)/iu;
    const updateLine = (line) => UPDATE_WORD.test(line) && !PUBLISH_WORD.test(line);
    // The date a reader is shown under the headline: the first date within a few lines of it.
    // As a dateline (short): a line that is little more than the date, not prose that mentions one.
    // Without updates: not a day the page labels as its last update.
    const datedNearTitle = (short = false, withoutUpdates = false) => {
      const lines = pageText().split(/\\n+/).map((l) => l.trim()).filter(Boolean);
      for (const at of headlineAt(lines))
        for (const line of lines.slice(Math.max(0, at - 3), at + 12)) {
          if (withoutUpdates && updateLine(line)) continue;
          const v = line.length < (short ? 60 : 200) ? dayIn(line) : null;
          if (v) return v;
        }
      return null;
    };
    // A forum thread's first post: phpBB's "p.author" line, FluxBB's post header, Hacker News's
    // age (whose title is the ISO time; its text may be "3 hours ago").
    const forumDate = () =>
      toIso(attr(".subline .age[title], .comhead .age[title]", "title")?.split(" ")[0]) ??
      // Reddit's post element: <shreddit-post created-timestamp="2025-03-04T10:00:00.000000+0000">.
      toIso(attr("shreddit-post[created-timestamp]", "created-timestamp")) ??
      datedText(".postbody p.author, .post p.author, .blockpost h2");
    // A labelled date line anywhere: "Posted on the 15/12/2025 at 19:00", "Last updated: November 13, 2025".
    const labelledDate = () => {
      // The label as it reads in English and the other common languages of the web.
      const label = /^(posted|published|last updated|updated|date|written|released|veröffentlicht|aktualisiert|erstellt|stand:|datum|publié|mis à jour|publicado|actualizado|atualizado|pubblicato|aggiornato|gepubliceerd|bijgewerkt|opublikowano|zaktualizowano|yayı[mn]lan?ma|son güncellen?me|güncelleme|公開日|更新日|投稿日|发布|發佈|发表|發表)(?!\\p{L})/iu;
      // Some languages put the verb after the date: "5/5/2020 tarihinde yayımlandı".
      const after = /\\d(?:'|’)?(?:de|da|te|ta)?\\s*(?:tarihinde\\s*)?(?:yayımlandı|yayınlandı|güncellendi)/iu;
      for (const line of pageText().split(/\\n+/).slice(0, 600)) {
        const l = line.trim();
        // The label says the numbers are a date: a two-digit year is read too ("Stand: 1.4.18").
        const v = l.length < 200 && (label.test(l) || after.test(l)) ? markedDayIn(l) : null;
        if (v) return v;
      }
      return null;
    };
    // Last, a labelled month ("Last Updated: June 2022", as government and reference pages print
    // it): its first day, as ISO 8601 reads "2022-06".
    const labelledMonth = () => {
      const re = new RegExp("^(?:posted|published|last updated|updated|last reviewed|reviewed|date)\\\\b[^\\\\d]{0,20}(" + MONTHS.join("|") + ")\\\\s+(\\\\d{4})$", "i");
      for (const line of pageText().split(/\\n+/).slice(0, 600)) {
        const m = re.exec(line.trim());
        if (m) return \`\${m[2]}-\${String(MONTHS.indexOf(m[1].toLowerCase()) + 1).padStart(2, "0")}-01\`;
      }
      return null;
    };
    // A day a <time datetime> carries while its text prints no date ("Yesterday at 4:25 AM"): the
    // page shows that day, in words. (A <time> that prints a date shows the day it prints.)
    const inTime = (iso) => {
      const day = iso.slice(0, 10);
      return Array.from(document.querySelectorAll("time[datetime]")).some((el) => (el.getAttribute("datetime") ?? "").trim().startsWith(day) && !dayIn(el.textContent));
    };
    // The published date, unless the page shows only the modified one ("Updated Aug 19, 2025"):
    // where both are shown, or neither, readers (and the dev set's ground truth) take the published one.
    // A timestamp in UTC ("2025-12-18T23:25:38+00:00") can name the day before or after the one the
    // page prints in the publisher's zone; where only a neighbouring day is printed, that is the day.
    const asShown = (iso) => {
      if (!iso || shown(iso) || inTime(iso)) return iso;
      const t = Date.parse(iso.slice(0, 10) + "T12:00:00Z");
      if (Number.isNaN(t)) return iso;
      const near = [t - 86400000, t + 86400000].map((x) => new Date(x).toISOString().slice(0, 10)).filter(shown);
      return near.length === 1 ? near[0] : iso;
    };
    // A UTC timestamp whose instant a <time datetime> on the page writes in the publisher's own zone
    // ("2025-12-18T23:25:38+00:00" shown as "2025-12-19T04:25:38+0500"): the page's day is that one.
    const localDay = (iso) => {
      if (!iso || !/T\\d\\d:\\d\\d.*(Z|[+-]\\d\\d:?\\d\\d)$/.test(iso)) return iso;
      const t = Date.parse(iso);
      for (const el of Array.from(document.querySelectorAll("time[datetime]")).slice(0, 100)) {
        const v = (el.getAttribute("datetime") ?? "").trim().replace(/([+-]\\d\\d)(\\d\\d)$/, "$1:$2");
        if (!/^\\d{4}-\\d{2}-\\d{2}T/.test(v) || Math.abs(Date.parse(v) - t) >= 60000) continue;
        // Where that <time> prints the day ("April 18, 2024"), the printed day decides which
        // writing is the publisher's: the <time>'s own may be the one in UTC.
        const printedDay = dayIn(el.textContent);
        return printedDay === iso.slice(0, 10) && printedDay !== v.slice(0, 10) ? iso : v;
      }
      // Likewise a UTC instant that another declaration (a meta tag, another JSON-LD object) writes
      // with the publisher's offset ("…T01:18:13Z" = "…T17:18:13-08:00" the day before).
      if (/(Z|[+-]00:?00)$/.test(iso))
        for (const v of declarations) {
          const zoned = /^\\d{4}-\\d{2}-\\d{2}T\\d\\d:\\d\\d.*[+-](?!00:?00)\\d\\d:?\\d\\d$/.test(v) ? v.replace(/([+-]\\d\\d)(\\d\\d)$/, "$1:$2") : null;
          if (zoned && Math.abs(Date.parse(zoned) - t) < 60000) return v;
        }
      return iso;
    };
    // Printed only as an update: on lines that label it so ("Last updated: Dec 6, 2025").
    const shownAsUpdate = (iso) => {
      const text = pageText();
      const lineAt = (at) => {
        const end = text.indexOf("\\n", at);
        return text.slice(text.lastIndexOf("\\n", at) + 1, end < 0 ? undefined : end);
      };
      const at = shownAt(iso);
      return at.length > 0 && at.every((i) => updateLine(lineAt(i)));
    };
    // Where the page labels the one date it shows as an update and its meta tags declare the
    // published date, the declared one is the publication date (see docs/decisions.md).
    const updateBesideMetaDate = (iso) => !!metaPublished && shownAsUpdate(iso);
    const shownDate = localDay(declared && modified && shown(modified) && !shown(declared) && !updateBesideMetaDate(modified) ? modified : declared);
    // Printed in any form: as a day, in a <time datetime> whose text may be "Yesterday", or as
    // "March 2025" (a forum's coarse date).
    const printed = (iso) => {
      if (shown(iso)) return true;
      const day = iso.slice(0, 10);
      if (Array.from(document.querySelectorAll("time[datetime]")).some((el) => (el.getAttribute("datetime") ?? "").trim().startsWith(day))) return true;
      const mo = MONTHS[Number(day.slice(5, 7)) - 1];
      return !!mo && pageText().includes(\`\${mo} \${day.slice(0, 4)}\`);
    };
    // A declared date the page prints nowhere (nor a neighbouring day) is often a re-import's or a
    // template's; the dateline printed under the headline is the one readers see.
    const declaredShown = (() => {
      const v = asShown(shownDate);
      return v && !printed(v) ? (datedNearTitle(true, !!metaPublished) ?? v) : v;
    })();
    // The first <time datetime> a selector finds; where its text prints another day ("April 18, 2024"
    // for "2024-04-17T21:13:04Z", a UTC instant), the day it prints is the publisher's.
    const timeDate = (selector) => {
      const el = document.querySelector(selector);
      const v = toIso(el?.getAttribute("datetime"));
      const text = el && dayIn(el.textContent);
      return v && text && text !== v.slice(0, 10) ? text : v;
    };
    // Microformats' published date (h-entry's dt-published, hAtom's abbr.published title), as
    // older WordPress and IndieWeb themes mark it.
    const microformatDate = () =>
      toIso(attr(".dt-published[datetime], .published[datetime]", "datetime") ?? attr(".dt-published[title], abbr.published[title]", "title"));
    // A date in the canonical URL's path ("/2025/03/12/slug", "/2025-03-12-slug"), as CMS
    // permalinks write the publication day (htmldate reads it too).
    const dayInPath = (u) => {
      const m = /\\D(\\d{4})[/_-](\\d{1,2})[/_-](\\d{1,2})(?:\\D|$)/.exec(u ?? "");
      if (m) return day(m[1], m[2], m[3]);
      // With the month's name, as The Guardian files its stories: "/2020/jan/01/slug".
      const named = /\\/(\\d{4})\\/(\\p{L}{3,9})\\/(\\d{1,2})(?:\\/|$)/u.exec(u ?? "");
      return named && monthOf(named[2]) ? day(named[1], monthOf(named[2]), named[3]) : null;
    };
    const urlDate = () => dayInPath(attr('link[rel="canonical"]', "href") ?? metaContent("og:url") ?? location.href);
    // Facebook's and other widgets' Unix time on an element ("data-utime", seconds).
    const unixTimeDate = () => {
      const v = attr("[data-utime]", "data-utime")?.trim();
      return v && /^\\d{9,10}$/.test(v) ? day(...new Date(Number(v) * 1000).toISOString().slice(0, 10).split("-")) : null;
    };
    // A published date in a script's data that is not JSON-LD (a framework's page state,
    // "datePublished":"2025-03-12…"), escaped or not; the page's own article comes first in it.
    const scriptDate = () => {
      const re = /\\\\?"date_?published\\\\?"\\s*:\\s*\\\\?"(\\d{4}-\\d{2}-\\d{2}[^"\\\\]*)/i;
      for (const el of Array.from(document.querySelectorAll('script:not([type="application/ld+json" i])')).slice(0, 200)) {
        const m = re.exec(el.textContent?.slice(0, 2_000_000) ?? "");
        if (m && day(...m[1].slice(0, 10).split("-"))) return m[1];
      }
      return null;
    };
    // A full date in the document's title ("Situation report of 22.04.2020 – …").
    const titleDate = () => dayIn(document.title);
    // An image's address with a full date in its path (".../2025/03/12/photo.jpg", ".../2025-03-12/..."):
    // the day it was uploaded, usually the article's. Of several, the latest: an article is not
    // older than its newest picture.
    const imageDate = () => {
      const og = dayInPath(metaContent("og:image", "twitter:image"));
      if (og) return og;
      const days = Array.from(document.querySelectorAll("img[src]")).slice(0, 100).map((el) => dayInPath(el.getAttribute("src"))).filter(Boolean);
      return days.length ? days.sort().at(-1) : null;
    };
    const published =
      declaredShown ??
      // The article's own <time> before one in a sidebar's list of recent posts (marked as the
      // published one: microdata, HTML5's former pubdate attribute, WordPress's and h-entry's classes).
      ['time[itemprop*="date" i][datetime]', "time[pubdate][datetime], time.published[datetime], time.entry-date[datetime], time.dt-published[datetime]", 'article time[datetime], main time[datetime], [role="main"] time[datetime]', "time[datetime]"].map(timeDate).find(Boolean) ??
      microformatDate() ??
      unixTimeDate() ??
      urlDate() ??
      datedText('[class*="byline" i], [class*="dateline" i], [class*="post-meta" i], [class*="date" i], [class*="publish" i], [class*="updated" i], time') ??
      // metascraper-date's further places for it: ids that say date or publish, timestamp classes.
      datedText('[id*="date" i], [id*="publish" i], [class*="timestamp" i], [id*="timestamp" i]') ??
      // htmldate's further date elements: other languages' words for it ("fecha", "Datum",
      // "parution"), WordPress's and Drupal's post-meta boxes, "posted"/"submitted" lines, sublines.
      datedText('[class*="fecha" i], [class*="datum" i], [id*="datum" i], [class*="parution" i], [class*="posted" i], [class*="submitted" i], [class*="entry-meta" i], [class*="postmeta" i], [class*="post_meta" i], [class*="subline" i], [id*="lastmod" i]') ??
      forumDate() ??
      datedNearTitle() ??
      labelledDate() ??
      scriptDate() ??
      modified ??
      titleDate() ??
      labelledMonth() ??
      imageDate();
`;
