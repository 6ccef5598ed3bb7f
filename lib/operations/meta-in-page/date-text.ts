import { type MetaContext, clean, headlineAt } from "./context";
import { ISO_AS_WRITTEN } from "./patterns";
import { EN_MONTHS, type WrittenDates } from "./written-dates";

/**
 * What the date rules read: the page's context and written dates, dates normalized to ISO 8601,
 * the text the page prints as its own and where a day is printed in it.
 */
export interface DateContext {
  readonly c: MetaContext;
  readonly dates: WrittenDates;
  /** A declared or printed date as ISO 8601 (an ISO value kept as written), or null. */
  toIso(raw: string | null | undefined): string | null;
  /** An attribute of the first element a selector finds. */
  attr(selector: string, name: string): string | null | undefined;
  /** The first day printed in (at most eight of) the elements a selector finds. */
  datedText(selector: string): string | null;
  /** The text the page prints as its own, lowercased. */
  pageText(): string;
  /** Where this day is printed on the page, in the common ways of writing it (offsets in pageText()). */
  shownAt(iso: string): number[];
  shown(iso: string): boolean;
  /** A line that labels its date as an update, not as the publication. */
  updateLine(line: string): boolean;
  /** The first day within a few lines under the headline (a dateline's, when `short`). */
  datedNearTitle(short?: boolean, withoutUpdates?: boolean): string | null;
}

const isoAsWritten = new RegExp(ISO_AS_WRITTEN);
/** A "today's date" widget (a header's "Friday, December 19, 2025") shows the visit's day. */
const TODAY_WIDGET = '[id*="today" i], [class*="today" i], [class*="current-date" i]';
const EMBEDDED_POSTS =
  'blockquote[class*="twitter-tweet" i], blockquote[class*="instagram-media" i], blockquote[class*="tiktok-embed" i], blockquote[class*="bluesky-embed" i], blockquote[class*="threads-post" i], blockquote[class*="mastodon-embed" i], ';
// A line that labels its date as an update ("Last updated: Dec 6, 2025", "Aktualisiert am …"),
// not as the publication ("Published Mar 2, 2025 · Updated Dec 6, 2025" names both).
const UPDATE_WORD =
  /(?<!\p{L})(updated|modified|aktualisiert|mis à jour|actualizado|atualizado|aggiornato|bijgewerkt|zaktualizowano|güncellen|更新)/iu;
const PUBLISH_WORD =
  /(?<!\p{L})(published|posted|publié|veröffentlicht|erschienen|publicado|pubblicato|gepubliceerd|opublikowano|yayı[mn]lan|公開|投稿|发布|發佈)/iu;

export function dateContext(c: MetaContext, dates: WrittenDates): DateContext {
  const { dayIn, daysIn, markedDayIn } = dates;
  const doc = c.doc;
  // metascraper-date's sources are normalized to ISO 8601 (an ISO value is kept as written, so its
  // day is the publisher's, not UTC's).
  const toIso = (raw: string | null | undefined) => {
    const v = clean(raw);
    if (!v) return null;
    // ISO 8601 as written, or its day where the rest is malformed ("2016-05-24T05:55%Z", an
    // unexpanded template); a day the calendar lacks ("2025-02-30") is no date.
    const iso = isoAsWritten.exec(v) ?? /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
    if (iso) {
      const [Y, M, D] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
      if (!(M >= 1 && M <= 12 && new Date(Date.UTC(Y, M - 1, D)).getUTCDate() === D)) return null;
      return iso[0];
    }
    // A written date ("12 March 2025", "12. März 2025") is read as written, not through the
    // browser's English-only, local-time Date.parse.
    const written = dayIn(v);
    if (written) return written;
    const t = Date.parse(
      v
        .replace(/^(published|updated|posted|last updated|modified)( on)?:?\s*/i, "")
        .replace(/(\d)(st|nd|rd|th)\b/g, "$1"),
    );
    if (Number.isNaN(t)) return null;
    const d = new Date(t);
    if (d.getFullYear() < 1995 || t > Date.now() + 2 * 86400000) return null;
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  };
  const attr = (selector: string, name: string) => doc.querySelector(selector)?.getAttribute(name);
  const datedText = (selector: string) => {
    // A "today's date" widget in the header shows the visit's day, not the article's (nor does
    // the block that holds it, a Drupal "block-date").
    const candidates = Array.from(doc.querySelectorAll(selector)).filter(
      (el) => !el.closest(TODAY_WIDGET) && !el.querySelector(TODAY_WIDGET),
    );
    for (const el of candidates.slice(0, 8)) {
      // A date element may print a two-digit year ("am 12.11.16"), or keep the full date in its
      // title while it prints "3 hours ago" (a tooltip, as Blogger and many themes write it).
      const v = markedDayIn(el.textContent) ?? markedDayIn(el.getAttribute("title"));
      if (v) return v;
    }
    return null;
  };
  // An embedded social post (a tweet, an Instagram or Bluesky post, in the <blockquote> its embed
  // code writes) prints its own date, which is not the article's, and a "today's date" widget
  // prints the visit's day. (A forum's quote of an earlier post is the thread's own text.)
  let pageTextCache: string | null = null;
  const pageText = () => {
    if (pageTextCache !== null) return pageTextCache;
    const quoted = new Set<string>();
    for (const el of Array.from(doc.querySelectorAll<HTMLElement>(EMBEDDED_POSTS + TODAY_WIDGET)).slice(
      0,
      100,
    )) {
      // A widget is a line or two; a page-wide wrapper whose class happens to say "today" is not one.
      if (el.matches(TODAY_WIDGET) && (el.innerText ?? "").length > 80) continue;
      for (const l of (el.innerText ?? "").toLowerCase().split(/\n+/)) if (l.trim()) quoted.add(l.trim());
    }
    const lines = c.bodyText().toLowerCase().split(/\n/);
    return (pageTextCache = quoted.size
      ? lines.filter((l) => !quoted.has(l.trim())).join("\n")
      : lines.join("\n"));
  };
  let printedDaysCache: { at: number; iso: string }[] | null = null;
  const printedDays = () => (printedDaysCache ??= daysIn(pageText()));
  const shownAt = (iso: string) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? "");
    if (!m) return [];
    const [y, mo, d] = [m[1], Number(m[2]), Number(m[3])];
    const long = EN_MONTHS[mo - 1] ?? "",
      short = long.slice(0, 3);
    const text = pageText();
    // prettier-ignore
    const forms = [`${y}-${m[2]}-${m[3]}`, `${long} ${d}, ${y}`, `${short} ${d}, ${y}`, `${short}. ${d}, ${y}`, `${d} ${long} ${y}`, `${d} ${short} ${y}`,
      `${long} ${m[3]}, ${y}`, `${short} ${m[3]}, ${y}`, `${short}. ${m[3]}, ${y}`, `${m[3]} ${short} ${y}`, `${mo}/${d}/${y}`, `${m[2]}/${m[3]}/${y}`,
      `${d}/${mo}/${y}`, `${m[3]}/${m[2]}/${y}`, `${m[3]}.${m[2]}.${y}`, `${m[2]}.${m[3]}.${y}`];
    const at: number[] = [];
    // Whole dates only: "6 sep 2024" inside "26 sep 2024" is another day.
    const digit = (ch: string) => ch >= "0" && ch <= "9";
    for (const f of new Set(forms))
      for (let i = text.indexOf(f); i >= 0 && at.length < 50; i = text.indexOf(f, i + 1))
        if (!digit(text[i - 1] ?? "") && !digit(text[i + f.length] ?? "")) at.push(i);
    // And any other way of writing it: "12. märz 2025", "12 de marzo de 2025", "2025年3月12日".
    for (const w of printedDays()) if (w.iso === iso.slice(0, 10) && !at.includes(w.at)) at.push(w.at);
    return at;
  };
  const updateLine = (line: string) => UPDATE_WORD.test(line) && !PUBLISH_WORD.test(line);
  // The date a reader is shown under the headline: the first date within a few lines of it.
  // As a dateline (short): a line that is little more than the date, not prose that mentions one.
  // Without updates: not a day the page labels as its last update.
  const datedNearTitle = (short = false, withoutUpdates = false) => {
    const lines = pageText()
      .split(/\n+/)
      .map((l) => l.trim())
      .filter(Boolean);
    for (const at of headlineAt(c, lines))
      for (const line of lines.slice(Math.max(0, at - 3), at + 12)) {
        if (withoutUpdates && updateLine(line)) continue;
        const v = line.length < (short ? 60 : 200) ? dayIn(line) : null;
        if (v) return v;
      }
    return null;
  };
  return {
    c,
    dates,
    toIso,
    attr,
    datedText,
    pageText,
    shownAt,
    shown: (iso) => shownAt(iso).length > 0,
    updateLine,
    datedNearTitle,
  };
}
