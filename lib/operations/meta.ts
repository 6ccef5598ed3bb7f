import type { PageSnapshot } from "@/lib/page/types";
import { evaluateBounded, IN_PAGE_RESULT_MAX_CHARS } from "@/lib/page/bounded-transfer";
import { NOSCRIPT_DOCUMENT_JS, RENDERED_TEXT_MIN_CHARS } from "./noscript";
import { JSON_LD_NODES } from "./json-ld";
import { wellFormedMetadata } from "./meta-answer";
import { META_AUTHOR_JS } from "./meta-author";
import { META_BYLINE_JS } from "./meta-byline";
import { META_DATE_JS } from "./meta-date";

/** The Metadata result (docs/spec.md §2.6): every field a string or null. */
export interface Metadata {
  title: string | null;
  description: string | null;
  language: string | null;
  main_image_url: string | null;
  favicon_url: string | null;
  author_name: string | null;
  feed_url: string | null;
  publication_date: string | null;
  additional_author_information: Record<string, string> | null;
}

/**
 * In-page source: the days a text prints, in the ways publishers write them (htmldate's and
 * dateparser's common forms): ISO and numeric dates, "12 March 2025" / "March 12th, 2025", month
 * names in the languages the web mostly writes in ("12. März 2025", "12 de marzo de 2025",
 * "1er mars 2025", "12 marca 2025") and "2025年3月12日". Kept apart as plain JavaScript (String.raw,
 * so its regular expressions read as written); `dayFirst` says how to read "03/12/2025".
 */
const WRITTEN_DATES = String.raw`
    // Only US English (and a page that does not say) writes the month first: "03/04/2025".
    const pageLang = (document.documentElement?.getAttribute("lang") ?? "").toLowerCase();
    const dayFirst = !!pageLang && !/^en(-us)?$/.test(pageLang);
    // Month names and abbreviations other than English's: German, French, Spanish, Portuguese,
    // Italian, Dutch, Polish (both grammatical cases), Nordic, Turkish.
    const FOREIGN_MONTHS = [
      "januar jänner jän janvier janv enero ene janeiro gennaio gen januari stycznia styczeń sty ocak oca",
      "februar feber février févr fevrier fevr febrero fevereiro fev febbraio febr februari lutego luty lut şubat şub",
      "märz mär mrz maerz mars marzo março maart mrt marca marzec marts mart",
      "avril avr abril abr aprile kwietnia kwiecień kwi nisan nis",
      "mai mayo maio mag maggio mei maja maj mayıs",
      "juni juin junio junho giugno giu czerwca czerwiec cze haziran haz",
      "juli juillet juil julio julho luglio lug lipca lipiec lip temmuz tem",
      "août aout agosto ago augustus augusti sierpnia sierpień ağustos ağu",
      "septembre septiembre setiembre setembro settembre sett set września wrzesień wrz eylül eyl",
      "oktober okt octobre octubre outubro out ottobre ott października październik paź ekim eki",
      "novembre noviembre novembro listopada listopad lis kasım kas",
      "dezember dez décembre déc decembre diciembre dic dezembro dicembre grudnia grudzień gru aralık ara",
    ].map((s) => s.split(" "));
    const foreignMonth = new Map(FOREIGN_MONTHS.flatMap((names, i) => names.map((n) => [n, i + 1])));
    // English: the full name or its abbreviation ("Sept"), not any word that starts like one ("decided").
    const EN_MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
    const englishMonth = new Map(EN_MONTHS.flatMap((n, i) => [[n, i + 1], [n.slice(0, 3), i + 1]]).concat([["sept", 9]]));
    const monthOf = (word) => {
      const w = word.toLowerCase().replace(/\.$/, "");
      return englishMonth.get(w) ?? foreignMonth.get(w) ?? null;
    };
    const MONTH_WORD = "(" + [...new Set([...englishMonth.keys(), ...foreignMonth.keys()])].sort((a, b) => b.length - a.length).join("|") + ")\\.?";
    const DAY = "(\\d{1,2})(?:\\.|st|nd|rd|th|er|º|°)?";
    // Not inside a longer number or word: "6 Sep 2024" is not read out of "26 Sep 2024".
    const whole = (body) => new RegExp("(?<![\\p{L}\\d])(?:" + body + ")(?![\\p{L}\\d])", "giu");
    const day = (y, mo, d) => {
      const [Y, M, D] = [Number(y), Number(mo), Number(d)];
      if (!(M >= 1 && M <= 12 && D >= 1 && D <= 31 && Y >= 1995 && Y <= new Date().getFullYear() + 1)) return null;
      // A day the calendar has: "30 February" or "31 April" is a typo or not a date at all.
      if (new Date(Date.UTC(Y, M - 1, D)).getUTCDate() !== D) return null;
      return y + "-" + String(M).padStart(2, "0") + "-" + String(D).padStart(2, "0");
    };
    const DATE_FORMS = [
      // ISO 8601, which may run on into its time ("2025-03-12T10:00").
      [new RegExp("(?<![\\p{L}\\d])(\\d{4})-(\\d{2})-(\\d{2})(?!\\d)", "giu"), (m) => day(m[1], m[2], m[3])],
      // Year first with other separators, or single digits ("2025/3/12", "2025.03.12", "2025-3-12").
      [whole("(\\d{4})([/.-])(\\d{1,2})\\2(\\d{1,2})"), (m) => day(m[1], m[3], m[4])],
      // 12.11.2025 is day-first wherever dots are used; 11/12/2025 and 11-12-2025 as the page's
      // language writes them (month-first in US English), unless only one reading is a date, or
      // the page writes only one of the two days plainly elsewhere (see plainlyWritten).
      [whole("(\\d{1,2})([./-])(\\d{1,2})\\2(\\d{4})"), (m) => {
        const first = m[2] === "." || dayFirst || Number(m[1]) > 12;
        const [chosen, other] = first ? [day(m[4], m[3], m[1]), day(m[4], m[1], m[3])] : [day(m[4], m[1], m[3]), day(m[4], m[3], m[1])];
        return m[2] !== "." && chosen && other && chosen !== other && !plainlyWritten(chosen) && plainlyWritten(other) ? other : chosen;
      }, "numeric"],
      [whole("(\\d{4})\\s*[年년]\\s*(\\d{1,2})\\s*[月월]\\s*(\\d{1,2})\\s*[日일]?"), (m) => day(m[1], m[2], m[3])],
      // "12 March 2025", "12. März 2025", "12 de marzo de 2025", "the 12th of March, 2025".
      // And with dashes, as logs and some CMSs write it: "04-Mar-2025".
      [whole(DAY + "(?:\\s*|-)(?:de\\s+|of\\s+)?" + MONTH_WORD + "(?:,?\\s*|-)(?:de\\s+|del\\s+)?(\\d{4})"), (m) => day(m[3], monthOf(m[2]), m[1])],
      // "March 12, 2025", "Sept. 3rd 2025", and with a dash or bar between the parts ("September 1 | 2025").
      [whole(MONTH_WORD + "(?:\\s*[|–—-])?\\s*(\\d{1,2})(?:st|nd|rd|th)?,?(?:\\s*[|–—-])?\\s+(\\d{4})"), (m) => day(m[3], monthOf(m[1]), m[2])],
    ];
    // The days the page writes in forms that cannot be misread: an ISO <time datetime>, ISO text,
    // a month's name ("December 02, 2025" in its list of posts). They settle a numeric day that
    // both orders could read ("02-12-2025"). Read once, on the first such day.
    let plainDays = null;
    const plainlyWritten = (iso) => {
      if (!plainDays) {
        plainDays = new Set();
        for (const el of Array.from(document.querySelectorAll("time[datetime]")).slice(0, 200)) {
          const m = /^(\d{4}-\d{2}-\d{2})/.exec((el.getAttribute("datetime") ?? "").trim());
          if (m) plainDays.add(m[1]);
        }
        // The page's rendered text, as meta reads it once (bodyText).
        const plainForms = DATE_FORMS.filter((f) => f[2] !== "numeric");
        for (const { iso } of daysIn(bodyText().slice(0, 200000), 200, plainForms)) plainDays.add(iso);
      }
      return plainDays.has(iso);
    };
    // Every day the text prints, in order of position (at most "limit" of each form).
    const daysIn = (text, limit = 200, forms = DATE_FORMS) => {
      const out = [];
      for (const [re, read] of forms) {
        re.lastIndex = 0;
        let n = 0;
        for (let m = re.exec(text ?? ""); m && n < limit; m = re.exec(text ?? "")) {
          const iso = read(m);
          if (iso) out.push({ at: m.index, iso }), n++;
        }
      }
      return out.sort((a, b) => a.at - b.at);
    };
    // The first day a text prints.
    const dayIn = (text) => daysIn(text, 1)[0]?.iso ?? null;
    // A numeric day with a two-digit year ("12.11.16", "5/5/20"), read only where the context says
    // it is a date (a date element, a "Published:" line): elsewhere it may be a version or a score.
    // "99" is 1999, "16" 2016; slashes as the page's language orders them, dots day first.
    const SHORT_YEAR = whole("(\\d{1,2})([./])(\\d{1,2})\\2(\\d{2})");
    const shortDayIn = (text) => {
      SHORT_YEAR.lastIndex = 0;
      const m = SHORT_YEAR.exec(text ?? "");
      if (!m) return null;
      const yy = Number(m[4]);
      const y = String(yy <= (new Date().getFullYear() % 100) + 1 ? 2000 + yy : 1900 + yy);
      const first = m[2] === "." || dayFirst || Number(m[1]) > 12;
      return first ? day(y, m[3], m[1]) : day(y, m[1], m[3]);
    };
    // In a context that marks a date: a full date, else a two-digit-year one.
    const markedDayIn = (text) => dayIn(text) ?? shortDayIn(text);
`;

/**
 * `meta`, read from the live DOM in one evaluation. Sources in order of trust: JSON-LD (what
 * publishers write for search engines), Open Graph / Twitter / Dublin Core meta tags, then
 * document structure (<title>, <html lang>, <time>, rel=author, byline classes). Every answer
 * then passes meta-answer.ts: its date and author are well-formed or null.
 */
export async function meta(snap: PageSnapshot): Promise<Metadata> {
  return wellFormedMetadata(await readMetadata(snap));
}

async function readMetadata(snap: PageSnapshot): Promise<Metadata> {
  const contentLanguage = snap.headers["content-language"] ?? null;
  // A string, not a function: the page gets plain JavaScript whatever compiled this module
  // (esbuild's keepNames, used by tsx and vitest, would inject a __name helper the page lacks).
  return evaluateBounded<Metadata>(
    snap.page,
    `((headerLanguage, document) => {
    const clean = (s) => {
      const v = (s ?? "").replace(/\\s+/g, " ").trim();
      return v ? v : null;
    };
    // The page's rendered text, read once: innerText lays the page out and copies all its text,
    // and several rules below read it (this evaluation is synchronous, so it cannot change).
    let bodyTextCache = null;
    const bodyText = () => (bodyTextCache ??= document.body?.innerText ?? "");
    // Its non-blank lines, trimmed (the byline and dateline rules read them line by line).
    let bodyLinesCache = null;
    const bodyLines = () => (bodyLinesCache ??= bodyText().split(/\\n+/).map((l) => l.trim()).filter(Boolean));
    const abs = (u) => {
      const v = clean(u);
      if (!v) return null;
      try {
        return new URL(v, document.baseURI).href;
      } catch {
        return null;
      }
    };
    const metaContent = (...keys) => {
      for (const key of keys) {
        const el = document.querySelector(\`meta[property~="\${key}" i], meta[name="\${key}" i], meta[itemprop="\${key}" i]\`);
        // Some pages write the value in "value", not "content" (Postlight Parser reads both).
        const v = clean(el?.getAttribute("content") ?? el?.getAttribute("value"));
        if (v) return v;
      }
      return null;
    };

    ${WRITTEN_DATES}

    // JSON-LD (json-ld.ts: every object, @graph members and a WebPage's mainEntity, the forum
    // post or question, flattened in); articles and pages are picked from it below.
    ${JSON_LD_NODES}
    const ld = jsonLdNodes();
    const ldTypes = (o) => [].concat(o["@type"] ?? []).map(String);
    // Articles first: a page's WebPage object often names the publisher, not the writer.
    // Where several articles are described (a page's own and its related stories, a hub's list),
    // the page's is the one whose address is the page's (url, @id, mainEntityOfPage) or whose
    // headline is its title; else the first, as before.
    const articles = ld.filter((o) => ldTypes(o).some((t) => /Article|Posting|Report/.test(t)));
    const pageUrl = (u) => {
      try {
        const x = new URL(u, document.baseURI);
        return (x.host + x.pathname).replace(/\\/+$/, "").toLowerCase();
      } catch {
        return null;
      }
    };
    const here = new Set([location.href, document.querySelector('link[rel="canonical"]')?.getAttribute("href")].filter(Boolean).map(pageUrl));
    const pageTitle = [document.querySelector('meta[property="og:title"]')?.getAttribute("content"), document.title, document.querySelector("h1")?.textContent]
      .map((v) => clean(v)?.toLowerCase())
      .filter(Boolean);
    const describesPage = (o) => {
      const entity = o.mainEntityOfPage;
      const urls = [o.url, o["@id"], typeof entity === "string" ? entity : entity?.["@id"] ?? entity?.url].filter((u) => typeof u === "string");
      if (urls.some((u) => here.has(pageUrl(u.split("#")[0])))) return true;
      const headline = typeof o.headline === "string" ? clean(o.headline)?.toLowerCase() : null;
      return !!headline && pageTitle.some((t) => t.includes(headline));
    };
    const article =
      (articles.length > 1 ? articles.find(describesPage) : null) ??
      articles[0] ??
      ld.find((o) => ldTypes(o).some((t) => /WebPage/.test(t)));
    // As metascraper's $jsonld("author.name"): the article's author, else any object's.
    // A live blog names its writers on its updates (liveBlogUpdate), as trafilatura reads them.
    const updates = [].concat(article?.liveBlogUpdate ?? []);
    const authored = [article, ...updates, ...ld].find((o) => o && (o.author || o.creator)) ?? null;
    const ldAuthors = (() => {
      const a = authored?.author ?? authored?.creator;
      // Yoast and other graph writers often name the author only by reference ({"@id": "…#/schema/person/…"}).
      const resolve = (x) => (x && typeof x === "object" && !x.name && x["@id"] ? (ld.find((o) => o["@id"] === x["@id"] && o.name) ?? x) : x);
      // A Person's name as publishers write it (trafilatura's JSON-LD tests): a string, a list of
      // names, a nested {"name": …}, or givenName, additionalName and familyName.
      const named = (x) => {
        if (!x || typeof x !== "object") return x;
        const n = x.name;
        const name = Array.isArray(n) ? n.filter((y) => typeof y === "string").join(", ")
          : n && typeof n === "object" ? n.name
          : n ?? ([x.givenName, x.additionalName, x.familyName].every((y) => y == null || typeof y === "string") && x.givenName && x.familyName ? [x.givenName, x.additionalName, x.familyName].filter(Boolean).join(" ") : n);
        return name === n ? x : { ...x, name };
      };
      return (Array.isArray(a) ? a : a ? [a] : []).map((x) => (typeof x === "string" ? { name: x } : named(resolve(x)))).filter((x) => x && typeof x === "object");
    })();
    const ldAuthor = ldAuthors[0] ?? null;
    const str = (v) => (typeof v === "string" ? clean(v) : null);

    const title =
      metaContent("og:title", "twitter:title", "dc:title", "dc.title") ?? str(article?.headline) ?? clean(document.title) ?? clean(document.querySelector("h1")?.textContent);
    // og:description is usually the editor's summary; a plain description is often boilerplate.
    const description = metaContent("og:description", "description", "twitter:description", "dc:description", "dc.description") ?? str(article?.description);
    const language =
      clean(document.documentElement?.getAttribute("lang")) ??
      metaContent("og:locale", "content-language", "dc.language")?.replace("_", "-") ??
      clean(headerLanguage?.split(",")[0]);
    const ldImage = (() => {
      const img = article?.image;
      const first = Array.isArray(img) ? img[0] : img;
      return typeof first === "string" ? first : str(first?.url);
    })();
    const mainImage = abs(metaContent("og:image", "og:image:url", "og:image:secure_url", "twitter:image", "twitter:image:src") ?? ldImage ?? document.querySelector('link[rel="image_src"]')?.getAttribute("href"));
    const iconEl =
      document.querySelector('link[rel~="icon" i][sizes="32x32"]') ??
      document.querySelector('link[rel~="icon" i]') ??
      document.querySelector('link[rel="shortcut icon" i]') ??
      document.querySelector('link[rel="apple-touch-icon" i]');
    const favicon = abs(iconEl?.getAttribute("href")) ?? (location.protocol.startsWith("http") ? new URL("/favicon.ico", location.href).href : null);
    ${META_BYLINE_JS}
    ${META_AUTHOR_JS}
    const feed = abs(
      document.querySelector('link[rel="alternate"][type="application/rss+xml" i], link[rel="alternate"][type="application/atom+xml" i], link[rel="alternate"][type="application/feed+json" i]')?.getAttribute("href"),
    );
    ${META_DATE_JS}
    const extra = {};
    const authorUrl = str(ldAuthor?.url) ?? abs(document.querySelector('a[rel="author"]')?.getAttribute("href"));
    if (authorUrl) extra.url = authorUrl;
    const twitter = metaContent("twitter:creator");
    if (twitter) extra.twitter = twitter;
    const jobTitle = str(ldAuthor?.jobTitle);
    if (jobTitle) extra.job_title = jobTitle;
    const sameAs = ldAuthor?.sameAs;
    if (Array.isArray(sameAs) && sameAs.length) extra.same_as = sameAs.filter((x) => typeof x === "string").join(" ");

    return {
      title,
      description,
      language,
      main_image_url: mainImage,
      favicon_url: favicon,
      author_name: authorName && authorName.length <= 200 ? authorName : null,
      feed_url: feed,
      publication_date: published,
      additional_author_information: Object.keys(extra).length ? extra : null,
    };
  })(${JSON.stringify(contentLanguage)}, (() => {
    ${NOSCRIPT_DOCUMENT_JS}
    // A page whose scripts rendered (almost) no text, but which carries a no-script version: its
    // byline and dates are read from that version, under the head as served (JSON-LD, meta tags).
    if (!document.querySelector("body noscript") || (document.body?.innerText ?? "").trim().length >= ${RENDERED_TEXT_MIN_CHARS}) return document;
    const version = noscriptDocument(document.head?.innerHTML ?? "");
    if (!version) return document;
    version.documentElement.lang = document.documentElement?.lang ?? "";
    return version;
  })())`,
    IN_PAGE_RESULT_MAX_CHARS,
  );
}
