/**
 * Patterns both halves of `meta` read: the rules that run in the page (this folder) and the
 * answer's last step in Node (meta-answer.ts). Dependency-free, so the page's bundle takes them
 * without anything else of Node's.
 */

/**
 * An ISO 8601 day, optionally with a time and offset, as publishers write it: "T" or a space,
 * seconds and fraction optional, "Z" (or "UTC", "GMT"), "+02", "+0200" or "+02:00". Anything else after the day
 * ("2016-05-24T05:55%Z", a template's unexpanded strftime) is malformed.
 */
export const ISO_AS_WRITTEN = String.raw`^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})([.,]\d+)?)?\s*([Zz]|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?)?$`;

/** The words of a byline's role, alone or with a rank: "Author", "Staff Writer", "Guest Contributor". */
const ROLE =
  "authors?|writers?|editors?|contributors?|reporters?|correspondents?|columnists?|bloggers?|journalists?|staff|team|admin|administrator|webmaster|moderator|anonymous|unknown|guest|user|byline";
const RANK =
  "guest|staff|senior|junior|contributing|chief|managing|associate|deputy|executive|special|freelance|lead|editorial|site|web|blog|post|article|content|page|original";

/**
 * A label or a role that names no one (case-insensitive, Unicode): "By", "Produced by", "The
 * Author", "Our Team", "Staff Writer", "About the author", "Author Bio", "About us".
 */
export const LABEL_OR_ROLE =
  String.raw`^(?:(?:the|our|a|an|your|my|this|by|meet|about)\s+){0,2}(?:(?:${RANK})\s+){0,2}(?:${ROLE})(?:\s+(?:bio|info|information|details|profile|box|name))?:?$` +
  String.raw`|^(?:\p{L}+\s+)?by:?$` +
  String.raw`|^(?:about|meet)(?:\s+(?:us|me|him|her|them|this|it))?:?$`;

/**
 * A section's name in capitals, as a byline box may print it ("THE DIGITS", "NEWS FROM THE
 * FIELD"): no lowercase letter, and it begins with "THE" or a possessive or holds a preposition,
 * which a name in capitals ("JANE DOE", "A J SMITH", "WRAL") does not. Case-sensitive.
 */
export const SECTION_HEADING = String.raw`^(?!.*\p{Ll})(?:(?:THE|OUR|YOUR|MY|THIS)\s+\S.*|.*\S\s+(?:OF|FOR|TO|IN|ON|WITH|FROM|AT|ABOUT)\s+\S.*)$`;
