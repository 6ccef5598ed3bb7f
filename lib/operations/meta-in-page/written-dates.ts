import type { MetaContext } from "./context";

/**
 * The days a text prints, in the ways publishers write them (htmldate's and dateparser's common
 * forms): ISO and numeric dates, "12 March 2025" / "March 12th, 2025", month names in the
 * languages the web mostly writes in ("12. März 2025", "12 de marzo de 2025", "1er mars 2025",
 * "12 marca 2025") and "2025年3月12日". `dayFirst` says how to read "03/12/2025".
 */
export interface WrittenDates {
  /** The page's language writes the day before the month ("03/04/2025" is 3 April). */
  readonly dayFirst: boolean;
  /** Every day the text prints, in order of position (at most `limit` of each form). */
  daysIn(
    text: string | null | undefined,
    limit?: number,
    forms?: readonly DateForm[],
  ): { at: number; iso: string }[];
  /** The first day a text prints. */
  dayIn(text: string | null | undefined): string | null;
  /** In a context that marks a date: a full date, else a two-digit-year one. */
  markedDayIn(text: string | null | undefined): string | null;
}

/** A form of date: its pattern, its reading as ISO 8601 (or null), and whether it is numeric. */
export type DateForm = readonly [RegExp, (m: RegExpExecArray) => string | null, ("numeric" | undefined)?];

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
const foreignMonth = new Map(FOREIGN_MONTHS.flatMap((names, i) => names.map((n) => [n, i + 1] as const)));
/** English month names, lowercase, January first. */
export const EN_MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];
// English: the full name or its abbreviation ("Sept"), not any word that starts like one ("decided").
const englishMonth = new Map(
  EN_MONTHS.flatMap((n, i) => [[n, i + 1] as const, [n.slice(0, 3), i + 1] as const]).concat([["sept", 9]]),
);

/** A month's number (1–12) from its name or abbreviation in any of those languages. */
export function monthOf(word: string): number | null {
  const w = word.toLowerCase().replace(/\.$/, "");
  return englishMonth.get(w) ?? foreignMonth.get(w) ?? null;
}

const MONTH_WORD =
  "(" +
  [...new Set([...englishMonth.keys(), ...foreignMonth.keys()])]
    .sort((a, b) => b.length - a.length)
    .join("|") +
  ")\\.?";
const DAY = "(\\d{1,2})(?:\\.|st|nd|rd|th|er|º|°)?";
// Not inside a longer number or word: "6 Sep 2024" is not read out of "26 Sep 2024".
const whole = (body: string) => new RegExp("(?<![\\p{L}\\d])(?:" + body + ")(?![\\p{L}\\d])", "giu");

/** A day as ISO 8601, where it is one the calendar has, from 1995 to next year; else null. */
export function day(y: string, mo: string | number | null, d: string): string | null {
  const [Y, M, D] = [Number(y), Number(mo), Number(d)];
  if (!(M >= 1 && M <= 12 && D >= 1 && D <= 31 && Y >= 1995 && Y <= new Date().getFullYear() + 1))
    return null;
  // A day the calendar has: "30 February" or "31 April" is a typo or not a date at all.
  if (new Date(Date.UTC(Y, M - 1, D)).getUTCDate() !== D) return null;
  return y + "-" + String(M).padStart(2, "0") + "-" + String(D).padStart(2, "0");
}

/** The written-dates reader of one evaluation (its page language and plainly written days). */
export function writtenDates(c: MetaContext): WrittenDates {
  // Only US English (and a page that does not say) writes the month first: "03/04/2025".
  const pageLang = (c.doc.documentElement?.getAttribute("lang") ?? "").toLowerCase();
  const dayFirst = !!pageLang && !/^en(-us)?$/.test(pageLang);
  const DATE_FORMS: DateForm[] = [
    // ISO 8601, which may run on into its time ("2025-03-12T10:00").
    [new RegExp("(?<![\\p{L}\\d])(\\d{4})-(\\d{2})-(\\d{2})(?!\\d)", "giu"), (m) => day(m[1]!, m[2]!, m[3]!)],
    // Year first with other separators, or single digits ("2025/3/12", "2025.03.12", "2025-3-12").
    [whole("(\\d{4})([/.-])(\\d{1,2})\\2(\\d{1,2})"), (m) => day(m[1]!, m[3]!, m[4]!)],
    // 12.11.2025 is day-first wherever dots are used; 11/12/2025 and 11-12-2025 as the page's
    // language writes them (month-first in US English), unless only one reading is a date, or
    // the page writes only one of the two days plainly elsewhere (see plainlyWritten).
    [
      whole("(\\d{1,2})([./-])(\\d{1,2})\\2(\\d{4})"),
      (m) => {
        const first = m[2] === "." || dayFirst || Number(m[1]) > 12;
        const [chosen, other] = first
          ? [day(m[4]!, m[3]!, m[1]!), day(m[4]!, m[1]!, m[3]!)]
          : [day(m[4]!, m[1]!, m[3]!), day(m[4]!, m[3]!, m[1]!)];
        return m[2] !== "." &&
          chosen &&
          other &&
          chosen !== other &&
          !plainlyWritten(chosen) &&
          plainlyWritten(other)
          ? other
          : chosen;
      },
      "numeric",
    ],
    [
      whole("(\\d{4})\\s*[年년]\\s*(\\d{1,2})\\s*[月월]\\s*(\\d{1,2})\\s*[日일]?"),
      (m) => day(m[1]!, m[2]!, m[3]!),
    ],
    // "12 March 2025", "12. März 2025", "12 de marzo de 2025", "the 12th of March, 2025".
    // And with dashes, as logs and some CMSs write it: "04-Mar-2025".
    [
      whole(DAY + "(?:\\s*|-)(?:de\\s+|of\\s+)?" + MONTH_WORD + "(?:,?\\s*|-)(?:de\\s+|del\\s+)?(\\d{4})"),
      (m) => day(m[3]!, monthOf(m[2]!), m[1]!),
    ],
    // "March 12, 2025", "Sept. 3rd 2025", and with a dash or bar between the parts ("September 1 | 2025").
    [
      whole(MONTH_WORD + "(?:\\s*[|–—-])?\\s*(\\d{1,2})(?:st|nd|rd|th)?,?(?:\\s*[|–—-])?\\s+(\\d{4})"),
      (m) => day(m[3]!, monthOf(m[1]!), m[2]!),
    ],
  ];
  // The days the page writes in forms that cannot be misread: an ISO <time datetime>, ISO text,
  // a month's name ("December 02, 2025" in its list of posts). They settle a numeric day that
  // both orders could read ("02-12-2025"). Read once, on the first such day.
  let plainDays: Set<string> | null = null;
  const plainlyWritten = (iso: string) => {
    if (!plainDays) {
      plainDays = new Set();
      for (const el of Array.from(c.doc.querySelectorAll("time[datetime]")).slice(0, 200)) {
        const m = /^(\d{4}-\d{2}-\d{2})/.exec((el.getAttribute("datetime") ?? "").trim());
        if (m) plainDays.add(m[1]!);
      }
      // The page's rendered text, as meta reads it once (bodyText).
      const plainForms = DATE_FORMS.filter((f) => f[2] !== "numeric");
      for (const { iso } of daysIn(c.bodyText().slice(0, 200000), 200, plainForms)) plainDays.add(iso);
    }
    return plainDays.has(iso);
  };
  const daysIn = (text: string | null | undefined, limit = 200, forms: readonly DateForm[] = DATE_FORMS) => {
    const out: { at: number; iso: string }[] = [];
    for (const [re, read] of forms) {
      re.lastIndex = 0;
      let n = 0;
      for (let m = re.exec(text ?? ""); m && n < limit; m = re.exec(text ?? "")) {
        const iso = read(m);
        if (iso) {
          out.push({ at: m.index, iso });
          n++;
        }
      }
    }
    return out.sort((a, b) => a.at - b.at);
  };
  const dayIn = (text: string | null | undefined) => daysIn(text, 1)[0]?.iso ?? null;
  // A numeric day with a two-digit year ("12.11.16", "5/5/20"), read only where the context says
  // it is a date (a date element, a "Published:" line): elsewhere it may be a version or a score.
  // "99" is 1999, "16" 2016; slashes as the page's language orders them, dots day first.
  const SHORT_YEAR = whole("(\\d{1,2})([./])(\\d{1,2})\\2(\\d{2})");
  const shortDayIn = (text: string | null | undefined) => {
    SHORT_YEAR.lastIndex = 0;
    const m = SHORT_YEAR.exec(text ?? "");
    if (!m) return null;
    const yy = Number(m[4]);
    const y = String(yy <= (new Date().getFullYear() % 100) + 1 ? 2000 + yy : 1900 + yy);
    const first = m[2] === "." || dayFirst || Number(m[1]) > 12;
    return first ? day(y, m[3]!, m[1]!) : day(y, m[1]!, m[3]!);
  };
  const markedDayIn = (text: string | null | undefined) => dayIn(text) ?? shortDayIn(text);
  return { dayFirst, daysIn, dayIn, markedDayIn };
}
