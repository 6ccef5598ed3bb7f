import { metaContent } from "./context";
import { type Declared, declaredDates } from "./date-declared";
import type { DateContext } from "./date-text";
import { type Rule, firstOf } from "./rule";
import { EN_MONTHS, day, monthOf } from "./written-dates";

/**
 * The publication date: metascraper-date's sources (JSON-LD, meta tags incl. citation_*,
 * microdata, <time>, dated byline and date-classed text), then a date shown under the headline,
 * a forum post's, a labelled one; normalized to ISO 8601 (meta-answer.ts then brings it to the
 * API's form).
 */
export type DateRule = Rule<DateContext & { readonly declared: Declared }>;

/**
 * The first <time datetime> a selector finds; where its text prints another day ("April 18, 2024"
 * for "2024-04-17T21:13:04Z", a UTC instant), the day it prints is the publisher's.
 */
function timeDate({ c, toIso, dates }: DateContext, selector: string) {
  const el = c.doc.querySelector(selector);
  const v = toIso(el?.getAttribute("datetime"));
  const text = el && dates.dayIn(el.textContent);
  return v && text && text !== v.slice(0, 10) ? text : v;
}
/**
 * The article's own <time> before one in a sidebar's list of recent posts (marked as the
 * published one: microdata, HTML5's former pubdate attribute, WordPress's and h-entry's classes).
 */
const TIME_ELEMENTS = [
  'time[itemprop*="date" i][datetime]',
  "time[pubdate][datetime], time.published[datetime], time.entry-date[datetime], time.dt-published[datetime]",
  'article time[datetime], main time[datetime], [role="main"] time[datetime]',
  "time[datetime]",
];

/**
 * A date in an address's path ("/2025/03/12/slug", "/2025-03-12-slug"), as CMS permalinks write
 * the publication day (htmldate reads it too).
 */
export function dayInPath(u: string | null | undefined): string | null {
  const m = /\D(\d{4})[/_-](\d{1,2})[/_-](\d{1,2})(?:\D|$)/.exec(u ?? "");
  if (m) return day(m[1]!, m[2]!, m[3]!);
  // With the month's name, as The Guardian files its stories: "/2020/jan/01/slug".
  const named = /\/(\d{4})\/(\p{L}{3,9})\/(\d{1,2})(?:\/|$)/u.exec(u ?? "");
  return named && monthOf(named[2]!) ? day(named[1]!, monthOf(named[2]!), named[3]!) : null;
}

/** A day from its ISO parts ("2025", "03", "12"). */
const dayOfParts = (parts: string[]) => day(parts[0]!, parts[1]!, parts[2]!);

/** A labelled date line anywhere: "Posted on the 15/12/2025 at 19:00", "Last updated: November 13, 2025". */
function labelledDate({ pageText, dates }: DateContext) {
  // The label as it reads in English and the other common languages of the web.
  const label =
    /^(posted|published|last updated|updated|date|written|released|veröffentlicht|aktualisiert|erstellt|stand:|datum|publié|mis à jour|publicado|actualizado|atualizado|pubblicato|aggiornato|gepubliceerd|bijgewerkt|opublikowano|zaktualizowano|yayı[mn]lan?ma|son güncellen?me|güncelleme|公開日|更新日|投稿日|发布|發佈|发表|發表)(?!\p{L})/iu;
  // Some languages put the verb after the date: "5/5/2020 tarihinde yayımlandı".
  const after = /\d(?:'|’)?(?:de|da|te|ta)?\s*(?:tarihinde\s*)?(?:yayımlandı|yayınlandı|güncellendi)/iu;
  for (const line of pageText().split(/\n+/).slice(0, 600)) {
    const l = line.trim();
    // The label says the numbers are a date: a two-digit year is read too ("Stand: 1.4.18").
    const v = l.length < 200 && (label.test(l) || after.test(l)) ? dates.markedDayIn(l) : null;
    if (v) return v;
  }
  return null;
}

/**
 * Last, a labelled month ("Last Updated: June 2022", as government and reference pages print
 * it): its first day, as ISO 8601 reads "2022-06".
 */
function labelledMonth({ pageText }: DateContext) {
  const re = new RegExp(
    "^(?:posted|published|last updated|updated|last reviewed|reviewed|date)\\b[^\\d]{0,20}(" +
      EN_MONTHS.join("|") +
      ")\\s+(\\d{4})$",
    "i",
  );
  for (const line of pageText().split(/\n+/).slice(0, 600)) {
    const m = re.exec(line.trim());
    if (m) return `${m[2]}-${String(EN_MONTHS.indexOf(m[1]!.toLowerCase()) + 1).padStart(2, "0")}-01`;
  }
  return null;
}

/**
 * An image's address with a full date in its path (".../2025/03/12/photo.jpg", ".../2025-03-12/..."):
 * the day it was uploaded, usually the article's. Of several, the latest: an article is not
 * older than its newest picture.
 */
function imageDate({ c }: DateContext) {
  const og = dayInPath(metaContent(c, "og:image", "twitter:image"));
  if (og) return og;
  const days = Array.from(c.doc.querySelectorAll("img[src]"))
    .slice(0, 100)
    .map((el) => dayInPath(el.getAttribute("src")))
    .filter((v): v is string => !!v);
  return days.length ? days.sort().at(-1) : null;
}

/**
 * A published date in a script's data that is not JSON-LD (a framework's page state,
 * "datePublished":"2025-03-12…"), escaped or not; the page's own article comes first in it.
 */
function scriptDate({ c }: DateContext) {
  const re = /\\?"date_?published\\?"\s*:\s*\\?"(\d{4}-\d{2}-\d{2}[^"\\]*)/i;
  for (const el of Array.from(c.doc.querySelectorAll('script:not([type="application/ld+json" i])')).slice(
    0,
    200,
  )) {
    const m = re.exec(el.textContent?.slice(0, 2_000_000) ?? "");
    if (m && dayOfParts(m[1]!.slice(0, 10).split("-"))) return m[1];
  }
  return null;
}

/** The rules in order of trust: the first that answers gives the publication date. */
export const DATE_RULES: readonly DateRule[] = [
  { name: "declared-as-shown", read: ({ declared }) => declared.shown },
  { name: "time-element", read: (x) => TIME_ELEMENTS.map((s) => timeDate(x, s)).find(Boolean) },
  // Microformats' published date (h-entry's dt-published, hAtom's abbr.published title), as
  // older WordPress and IndieWeb themes mark it.
  {
    name: "microformat",
    read: ({ toIso, attr }) =>
      toIso(
        attr(".dt-published[datetime], .published[datetime]", "datetime") ??
          attr(".dt-published[title], abbr.published[title]", "title"),
      ),
  },
  // Facebook's and other widgets' Unix time on an element ("data-utime", seconds).
  {
    name: "unix-time",
    read: ({ attr }) => {
      const v = attr("[data-utime]", "data-utime")?.trim();
      return v && /^\d{9,10}$/.test(v)
        ? dayOfParts(new Date(Number(v) * 1000).toISOString().slice(0, 10).split("-"))
        : null;
    },
  },
  {
    name: "canonical-url",
    read: ({ c, attr }) =>
      dayInPath(attr('link[rel="canonical"]', "href") ?? metaContent(c, "og:url") ?? c.location.href),
  },
  {
    name: "date-classed-text",
    read: ({ datedText }) =>
      datedText(
        '[class*="byline" i], [class*="dateline" i], [class*="post-meta" i], [class*="date" i], [class*="publish" i], [class*="updated" i], time',
      ),
  },
  // metascraper-date's further places for it: ids that say date or publish, timestamp classes.
  {
    name: "date-id-or-timestamp",
    read: ({ datedText }) =>
      datedText('[id*="date" i], [id*="publish" i], [class*="timestamp" i], [id*="timestamp" i]'),
  },
  // htmldate's further date elements: other languages' words for it ("fecha", "Datum",
  // "parution"), WordPress's and Drupal's post-meta boxes, "posted"/"submitted" lines, sublines.
  {
    name: "post-meta-box",
    read: ({ datedText }) =>
      datedText(
        '[class*="fecha" i], [class*="datum" i], [id*="datum" i], [class*="parution" i], [class*="posted" i], [class*="submitted" i], [class*="entry-meta" i], [class*="postmeta" i], [class*="post_meta" i], [class*="subline" i], [id*="lastmod" i]',
      ),
  },
  // A forum thread's first post: Hacker News's age (whose title is the ISO time; its text may be
  // "3 hours ago"), Reddit's post element, phpBB's "p.author" line, FluxBB's post header.
  {
    name: "forum-post",
    read: ({ toIso, attr, datedText }) =>
      toIso(attr(".subline .age[title], .comhead .age[title]", "title")?.split(" ")[0]) ??
      // Reddit's post element: <shreddit-post created-timestamp="2025-03-04T10:00:00.000000+0000">.
      toIso(attr("shreddit-post[created-timestamp]", "created-timestamp")) ??
      datedText(".postbody p.author, .post p.author, .blockpost h2"),
  },
  { name: "near-headline", read: ({ datedNearTitle }) => datedNearTitle() },
  { name: "labelled-line", read: labelledDate },
  { name: "script-data", read: scriptDate },
  { name: "modified", read: ({ declared }) => declared.modified },
  // A full date in the document's title ("Situation report of 22.04.2020 – …").
  { name: "title", read: ({ c, dates }) => dates.dayIn(c.doc.title) },
  { name: "labelled-month", read: labelledMonth },
  { name: "image-path", read: imageDate },
];

/** The publication date, or null. */
export function publicationDate(x: DateContext): string | null {
  return firstOf(DATE_RULES, { ...x, declared: declaredDates(x) });
}
