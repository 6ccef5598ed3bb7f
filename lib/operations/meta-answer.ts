import { type Metadata, metadataSchema, publicationDateSchema } from "@/lib/schemas/responses";
import { ISO_AS_WRITTEN, LABEL_OR_ROLE, SECTION_HEADING } from "./meta-in-page/patterns";

/**
 * The last step of every `meta` answer: whatever rule in meta.ts produced a date or an author,
 * the answer carries a well-formed one or null (docs/decisions.md, "Metadata answers that are
 * always well-formed"). Its patterns (meta-in-page/patterns.ts) are also read in the page (meta-in-page/names.ts's asName), so a
 * label found there gives way to the next rule instead of ending as null here.
 */

const isoAsWritten = new RegExp(ISO_AS_WRITTEN);
const isDay = (v: string) => publicationDateSchema.safeParse(v).success;

/**
 * A publication date as the API answers it: the day ("2025-03-04"), or the instant with its
 * offset in RFC 3339's spelling ("2025-03-04T10:00:00+02:00"), or null. A time without an offset
 * does not say which instant it is, and a malformed time is no time at all: both leave their day,
 * which is the publisher's either way. A value whose day is not in the calendar is null.
 */
export function isoDateOrNull(raw: string | null | undefined): string | null {
  const v = raw?.trim() ?? "";
  const day = /^\d{4}-\d{2}-\d{2}/.exec(v)?.[0];
  if (!day || !isDay(day)) return null;
  const m = isoAsWritten.exec(v);
  const [hh, mm, ss, fraction, zone] = m ? [m[4], m[5], m[6], m[7], m[8]] : [];
  if (!hh || !zone) return day;
  const offset = /^([Zz]|UTC|GMT)$/.test(zone)
    ? "Z"
    : `${zone.slice(0, 3)}:${zone.slice(3).replace(":", "") || "00"}`;
  const instant = `${day}T${hh}:${mm}:${ss ?? "00"}${fraction?.replace(",", ".") ?? ""}${offset}`;
  return publicationDateSchema.safeParse(instant).success ? instant : day;
}

const labelOrRole = new RegExp(LABEL_OR_ROLE, "iu");
const sectionHeading = new RegExp(SECTION_HEADING, "u");
/** A byline's label before the name: "By Jane Doe", "Written by: Jane Doe", "Meet Jane Doe", "About Jane Doe". */
const LEADING_LABEL =
  /^(?:(?:(?:written|posted|reviewed|edited|reported|compiled|created|published|produced|story|report|reporting|text|article|analysis|words|photos?)\s+)?by:?|meet|about)\s+(?=\p{Lu})/iu;
const URL_TOKEN = /(?:https?:\/\/|www\.)\S+/gi;
const EMAIL_TOKEN = /(?:mailto:)?[^\s@()<>]+@[^\s@()<>]+\.\w{2,}/gi;
const HANDLE_TOKEN = /(?<![\p{L}\d])@[\p{L}\d_.]+/gu;
/** A year, or a day written in numbers: "2025", "04/03/2025", "2025-03-04". */
const DATE_IN_TEXT = /(?<!\d)(?:19|20)\d\d(?!\d)|\d{1,4}[./-]\d{1,2}[./-]\d{1,4}/;
/** Separators and quotes at either end; brackets only where they hold the whole value. */
const EDGES = /^[\s,;:|·•"'-]+|[\s,;:|·•"'-]+$/g;
const WRAPPED = /^\(([^()]*)\)$|^\[([^[\]]*)\]$|^<([^<>]*)>$/;

/**
 * An author as the API answers it: a person's or an organization's name, or several joined with
 * ", ", or null. The rules (docs/decisions.md):
 * - a byline's label before the name goes ("By Jane Doe", "Meet Wes Bos" → "Wes Bos");
 * - a URL or an e-mail address beside a name goes, and so does an @handle; a value that is only
 *   a URL or an address is null, while a value that is only an @handle stands (it is all the
 *   page gives, as a forum's login is);
 * - a label or role alone ("Produced by", "The Author", "Staff"), a section's name in capitals
 *   ("THE DIGITS"), a text with a date or year in it, and one without a letter are null.
 */
export function authorNameOrNull(raw: string | null | undefined): string | null {
  const original = (raw ?? "").replace(/\s+/g, " ").trim();
  if (!original) return null;
  if (/^@[\p{L}\d_.]+$/u.test(original)) return original;
  let v = original.replace(URL_TOKEN, " ").replace(EMAIL_TOKEN, " ").replace(HANDLE_TOKEN, " ");
  // What held the removed parts ("Jane Doe (jane@x.com)", "Jane Doe | @jdoe") goes with them.
  v = v
    .replace(/\(\s*\)|\[\s*\]|<\s*>/g, " ")
    .replace(/\s+/g, " ")
    .replace(EDGES, "")
    .replace(WRAPPED, "$1$2$3")
    .trim();
  if (labelOrRole.test(v)) return null;
  v = v.replace(LEADING_LABEL, "").replace(EDGES, "");
  if (!/\p{L}/u.test(v) || v.length > 200) return null;
  if (labelOrRole.test(v) || sectionHeading.test(v) || DATE_IN_TEXT.test(v)) return null;
  return v;
}

/**
 * The answer with its date and author brought to their forms, then held to the schema the
 * OpenAPI document is generated from: a field that fails it is null (no rule should produce one).
 */
export function wellFormedMetadata<M extends Metadata>(m: M): M {
  const answer: M = {
    ...m,
    author_name: authorNameOrNull(m.author_name),
    publication_date: isoDateOrNull(m.publication_date),
  };
  const shape = metadataSchema.shape;
  for (const key of Object.keys(shape) as (keyof Metadata)[])
    if (!shape[key].safeParse(answer[key]).success) answer[key] = null;
  return answer;
}
