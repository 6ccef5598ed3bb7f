/**
 * How the wceb-2026 ground truth's `title`, `author` and `publish_date` are compared with our
 * `meta` (shared by bench/quality-wceb.ts and bench/meta-wceb.ts). The data set's README does not
 * define the fields further; read from its values: `author` is the byline as printed, several
 * people joined as "A, B, and C" or "A & B", credentials kept ("Dylan Bailey, MS, RD"); and
 * `publish_date` is a day, `YYYY-MM-DD`.
 */
import { words } from "./score";

export interface TruthMeta {
  title: string | null;
  author: string | null;
  publish_date: string | null;
}
export interface OurMeta {
  title: string | null;
  author_name: string | null;
  publication_date: string | null;
}
export interface MetaAgreement {
  title: boolean | null;
  author: boolean | null;
  date: boolean | null;
}

const norm = (s: string | null | undefined) => words(s ?? "").join(" ");

/** Same words, or one contained in the other (a title with or without " | Site"). */
export function looselySame(ours: string | null, want: string): boolean {
  const a = norm(ours);
  const b = norm(want);
  return !!a && (a === b || a.includes(b) || b.includes(a));
}

/** The day an ISO-ish or parseable date names, as written (no time-zone shift of "…T23:00-05:00"). */
export function dayOf(s: string | null): string | null {
  if (!s) return null;
  const iso = /^(\d{4}-\d{2}-\d{2})/.exec(s.trim());
  if (iso) return iso[1]!;
  const t = Date.parse(s);
  return Number.isNaN(t) ? null : new Date(t).toISOString().slice(0, 10);
}

/** null where the ground truth has no value (those pages are not counted). */
export function metaAgreement(m: OurMeta, t: TruthMeta): MetaAgreement {
  const people = (s: string) => s.replace(/\band\b|&/g, ",");
  return {
    title: t.title ? looselySame(m.title, t.title) : null,
    // "A, B and C" and "A, B, C" name the same people.
    author: t.author ? looselySame(m.author_name ? people(m.author_name) : null, people(t.author)) : null,
    date: t.publish_date ? dayOf(m.publication_date) === t.publish_date.slice(0, 10) : null,
  };
}
