import { type MetaContext, clean, metaContent, str } from "./context";
import { LABEL_OR_ROLE, SECTION_HEADING } from "./patterns";

/**
 * The author rules' vocabulary: what a name, a byline, a writer's title and a site's own name
 * are. Authors are read in metascraper's order of trust (JSON-LD, meta tags, then byline markup),
 * with two refinements its results lacked: an organization or the site's own name is not a
 * writer, and a bare handle ("andrew.keaveney") gives way to a byline's full name.
 */
export interface Names {
  /** The site's own name (its meta tags' and JSON-LD's), which is no writer. */
  isSite(v: string | null | undefined): boolean;
  /** A byline's text as a name (labels, roles and extras cut), or null when it is none. */
  asName(raw: string | null | undefined): string | null;
}

export const labelOrRole = new RegExp(LABEL_OR_ROLE, "iu");
const sectionHeading = new RegExp(SECTION_HEADING, "u");
const decode = (v: string | null | undefined) =>
  v && /&[#a-z0-9]+;/i.test(v) ? new DOMParser().parseFromString(v, "text/html").body.textContent : v;
/** The lowercase particles of many names ("Vincent van Gogh", "María de la Cruz"). */
export const PARTICLES = "van|von|de|der|den|del|della|di|da|du|dos|das|la|le|ten|ter|bin|ibn|al";
const CONNECTOR_OR_PARTICLE = new RegExp("^(and|und|et|y|e|" + PARTICLES + ")$");
const NAME_SIZED = new RegExp("^\\p{Lu}\\S*(\\s+(\\p{Lu}\\S*|" + PARTICLES + ")){1,5}$", "u");
/**
 * Two to six capitalized words (or a name's particles), no digits: what is left of a byline
 * once its tail is cut ("Jenny Smith", not "A note" of "A note from the author").
 */
export const nameSized = (v: string): boolean => NAME_SIZED.test(v) && !/\d/.test(v);
/** A writer's job title as bylines print it after the name ("Jane Doe, Senior Editor"). */
export const ROLE =
  /^(.+?)[\s,|–—-]+((senior|staff|contributing|chief|managing|associate|deputy|executive|special|political|business|science|technology|tech|health|sports|news|freelance|guest|lead|editorial)\s+)*(editor|writer|reporter|correspondent|contributor|columnist|journalist|analyst|producer|critic|author|blogger)s?$/i;

/**
 * A byline's extras, as trafilatura's normalize_authors drops them: markup and emoji in a
 * declared name, an e-mail address or @handle printed beside the name, a quoted nickname
 * ('Jenny "The Author" Smith'), a credit for the pictures ("| Photography by …"), and what
 * follows the name: an affiliation after "for", "from", "of", "at", "via", "with" or a dash
 * ("Jenny Smith for Daily Mail Australia", "Jane Doe — Site"), or digits (a date, a time, a
 * count). A tail is cut only where a name of two words or more is left before it.
 */
export function tidyName(v: string): string {
  let t = v
    .replace(/<[^>]+>/g, " ")
    .replace(/[\u{1F300}-\u{1FAFF}\u{2600}-\u{27BF}\u{FE0F}\u{200D}]/gu, "")
    .replace(/\s+["“][^"“”]{1,30}["”](?=\s)/g, "")
    .replace(
      /(?:\s*[|,;/]|\s+(?:and|with))?\s*\b(?:photography|photos?|pictures?|illustrations?|graphics?|video|visuals?)\s+by\b.*$/i,
      "",
    )
    .replace(/\s+/g, " ")
    .trim();
  const rest = t
    .replace(/(^|\s)(\S+@\S+\.\w{2,}|@[\w.]+)(?=\s|$)/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (rest && rest !== t && /\s/.test(rest)) t = rest;
  // A parenthesis after the name is an agency or co-writers ("Jane Doe (Reuters)", "… (avec …)").
  const beforeParens = /^(.+?)\s*\([^()]*\)$/.exec(t)?.[1];
  if (beforeParens && nameSized(beforeParens)) t = beforeParens;
  // A title in capitals after a name is cut, where it reads as one: after a comma or dash, or
  // with a rank ("Jane Doe, Editor", "Jane Doe Senior Editor"). "The Currency editors" stays,
  // and so does a surname that is a title's word ("Jane Q. Writer").
  const role = ROLE.exec(t);
  const roleTail = role ? t.slice(role[1]!.length) : "";
  if (
    role &&
    nameSized(role[1]!) &&
    /^[\s,|–—-]*\p{Lu}/u.test(roleTail) &&
    (/^\s*[,|–—-]/.test(roleTail) || role[2])
  )
    t = role[1]!;
  const affiliation = /^(.+?)\s+(?:for|from|of|at|via|with|—|–|-)\s+\S.*$/i.exec(t);
  if (affiliation && nameSized(affiliation[1]!)) t = affiliation[1]!;
  // Digits after a name are a time or a count ("9:41AM", "12 articles"); a text with a year in it
  // is a date line or a title, and stays whole (it is no name: see asName).
  const beforeDigits = /^(\D+?)[\s,;|·•(–—-]*\d/.exec(t)?.[1]?.trim();
  if (
    beforeDigits &&
    !/\b(19|20)\d\d\b/.test(t) &&
    nameSized(beforeDigits) &&
    !/^(updated|published|posted|last|modified|date|on|at)\b/i.test(beforeDigits)
  )
    t = beforeDigits;
  return t
    .replace(/\s*\*+$/, "")
    .replace(/[\s,;|·•-]+$/, "")
    .replace(/\s+(and|&|und|et)$/i, "");
}

/** A byline's text as a name, or null: see Names.asName. */
export function asName(raw: string | null | undefined): string | null {
  let v = clean(decode(raw));
  if (!v) return null;
  v = v
    .replace(/^[\s,;:|·•-]+|[\s,;:|·•-]+$/g, "")
    // A box's label before the name ("Author", "About the author"), then a byline's "By".
    .replace(/^(about the )?(authors?|autor(in)?|auteur|autore)(:\s*|\s+)(?=\p{Lu})/iu, "")
    // An author box's heading: "About Jane Doe", "Meet Wes Bos".
    .replace(/^(?:[Aa]bout|[Mm]eet)\s+(?=\p{Lu}\S*\s+\p{Lu})/u, "")
    .replace(
      /^((written|posted|reviewed|edited|reported|compiled|created|published|story|report|reporting|text|article|analysis|words) )?(by|par|von|por|di|door)(:\s*|\s+)/i,
      "",
    )
    .trim();
  v = tidyName(v);
  // A name has letters; "123" is not one.
  if (!/\p{L}/u.test(v)) return null;
  // A name is not a URL (article:author is often a profile link), a @handle, a date or a sentence.
  if (
    !v ||
    v.length > 120 ||
    /^(https?:\/\/|@|www\.)/i.test(v) ||
    /\b(19|20)\d\d\b|@/.test(v) ||
    v.split(/\s+/).length > 12
  )
    return null;
  // Link and widget labels found by loose byline selectors are not names.
  if (
    /^(follow|skip|share|sign|subscribe|view|read|more|about|contact|menu|authority control|fail)\b/i.test(v)
  )
    return null;
  // A bare label or role ("Produced by", "The Author", "Staff") is not a name, nor is a
  // section's name in capitals ("THE DIGITS"): meta-answer.ts's rules, read here so that the
  // next rule gets its turn.
  if (labelOrRole.test(v) || sectionHeading.test(v)) return null;
  // A form's field label ("Your Name: *", "Email") is not a name.
  if (/[:*]|^(your )?(name|e-?mail|website|comment)\b/i.test(v)) return null;
  // Nor is a link's label ("Author Website", "View profile", "All posts").
  if (/\b(website|homepage|profile|bio|page|posts|archive)$/i.test(v)) return null;
  // A button's or link's call ("Click here for dates!", "Want to know more?") is not a name.
  if (/[!?]$/.test(v)) return null;
  // A comment's heading ("Jiobal says", "Ann wrote:") names a commenter, not the writer.
  if (/\s(says|said|wrote|replied)\b/i.test(v)) return null;
  // A link's label in lowercase words after a capital ("Get rights and content") is not a name:
  // a name capitalizes its words, but for its particles.
  const words = v.split(/\s+/);
  const lower = words.filter((w) => /^\p{Ll}/u.test(w) && !CONNECTOR_OR_PARTICLE.test(w));
  if (/^\p{Lu}/u.test(v) && words.length >= 3 && lower.length >= 2) return null;
  return v;
}

/**
 * The site's name as its meta tags and JSON-LD give it, with and without its domain's ending
 * ("Le Monde.fr" is "Le Monde"); Dublin Core's publisher names the site too. (The ending's
 * pattern is as the page has always evaluated it: its dots match any character.)
 */
export function names(c: MetaContext): Names {
  const publisher = c.article?.publisher as { name?: unknown } | undefined;
  const siteNames = new Set(
    [
      metaContent(c, "og:site_name", "application-name"),
      metaContent(c, "dc.publisher", "dcterms.publisher"),
      str(publisher?.name),
    ]
      .filter((x): x is string => !!x)
      .flatMap((x) => [
        x.toLowerCase(),
        x.toLowerCase().replace(/.(com|org|net|co.uk|fr|de|es|it|nl|io|ca|au|in)$/, ""),
      ]),
  );
  return { isSite: (v) => !!v && siteNames.has(v.toLowerCase()), asName };
}

/** A login: one token, no spaces. */
export const isHandle = (v: string): boolean => !/\s/.test(v);
/** Several words and no digits: a forum's "2.8k posts 6 Solutions" under an author-classed box is not a name. */
export const twoWords = (v: string | null | undefined) =>
  v && /^\S+\s+\S+/.test(v) && !/\d/.test(v) ? v : null;
/** Two to five words, no digits, each capitalized: "Lauren Vetter", not "2.8k posts" or "Date within". */
export const personLike = (v: string | null | undefined) =>
  v && /^\p{Lu}\S*(\s+\p{Lu}\S*){1,4}$/u.test(v) && !/\d/.test(v) ? v : null;
/** A name followed by credentials, as bylines print them: "Doris Munoz-Mantilla, MD, FOMA". */
export const withCredentials = (v: string | null | undefined) => {
  const [name, ...creds] = (v ?? "").split(/,\s*/);
  return personLike(name) && creds.every((c) => /^[\p{Lu}][\p{L}.-]{0,7}$/u.test(c)) ? v : null;
};
/** Several people, each a name: "Shannon Deery, Mitch Clarke and Susie O’Brien". */
export const nameList = (v: string | null | undefined) => {
  const parts = (v ?? "").split(/,\s*|\s+(?:and|&|und|et)\s+/);
  return parts.length > 1 && parts.every((p) => personLike(p)) ? parts.join(", ") : null;
};
/** A forum handle is one token ("b.scherer"); several words must read as a person's name. */
export const handleOrName = (v: string | null | undefined) => (v && !/\s/.test(v) ? v : personLike(v));

/** Capitalized words, with the lowercase particles of many names (a regular expression's source). */
const ONE_NAME = "[\\p{Lu}][\\p{L}.'’-]+(?: (?:(?:" + PARTICLES + ") )*[\\p{Lu}][\\p{L}.'’-]+){1,3}?";
export const NAME = "(" + ONE_NAME + ")";
/**
 * Several people, as bylines list them: "A and B", "A, B, and C", "A & B" (in English and the
 * web's other common languages: "und", "et", "y", "e", "en", "i").
 */
export const NAMES =
  "(" + ONE_NAME + "(?:(?:, " + ONE_NAME + ")*,? (?:and|&|und|et|y|e|en|i) " + ONE_NAME + ")?)";
/** Each person once, joined with ", " as elsewhere. */
export const joinNames = (v: string | null): string | null =>
  v && v.split(/,? (?:and|&|und|et|y|e|en|i) |, /).join(", ");
export const severalNames = (v: string | null | undefined) =>
  v && new RegExp("^" + NAMES + "$", "u").test(v) ? joinNames(v) : null;
