import { clean, samePage } from "./context";
import type { AuthorContext } from "./author-context";
import { personLike } from "./names";
import { nameLine } from "./places";

/**
 * The directories in which sites file their people's pages ("/people/jane-doe", "/by/jane-doe",
 * "/staff/jane-doe/"), one list for both readings of such an address: a link whose text is the
 * name the address spells, and the name a declared profile address spells. (The link rule never
 * needed "authors?", as an /author/ link is read earlier as a byline, nor the address rule
 * "experts?"; neither changes the tuning half's results.)
 */
export const PEOPLE_DIRS =
  "(?:by|people|person|profiles?|staff|team|authors?|contributors?|writers?|journalists?|reporters?|experts?|editors?|columnists?|bio)";
/** A person's page in one of them; the name its address spells is the first group. */
const PEOPLE_PAGE = new RegExp("/" + PEOPLE_DIRS + "/([^/?#]+)/?(?:[?#]|$)", "i");

/** A name as an address spells it: "José García" → "jose-garcia". */
export const slug = (v: string) =>
  v
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** The last segment of a profile address, where it spells a name of two to four words. */
export function spelledName(url: string): string[] | null {
  const last =
    decodeURIComponent(new URL(url).pathname)
      .replace(/\.html?$/i, "")
      .split("/")
      .filter(Boolean)
      .pop() ?? "";
  const words = slug(last).split("-");
  return words.length >= 2 && words.length <= 4 && words.every((w) => /^[a-z]{2,}$/.test(w)) ? words : null;
}

/** Those words as a name: "tracey-lien" → "Tracey Lien". */
export const capitalized = (words: string[]) => words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join(" ");

/**
 * A link to the writer's own page, as news sites and CMSs file them ("/people/jane-doe",
 * "/by/jane-doe", "/staff/jane-doe/"), whose text is the name its address spells.
 */
export function profileLinkName({ c, n }: AuthorContext): string | null {
  for (const a of Array.from(c.doc.querySelectorAll("a[href]")).slice(0, 2000)) {
    // A menu's, footer's or site header's list of the team is not a byline (an article's own header may hold one).
    if (
      a.closest('nav, footer, [role="navigation"], [role="banner"], [role="contentinfo"], [class*="menu" i]')
    )
      continue;
    if (a.closest("header") && !a.closest("article, main")) continue;
    const m = PEOPLE_PAGE.exec(a.getAttribute("href") ?? "");
    const v = m && personLike(n.asName(a.textContent));
    if (v && slug(v) === m[1]!.toLowerCase().replace(/\.html?$/, "") && !n.isSite(v)) return v;
  }
  return null;
}

/**
 * A byline box that names its writer by one name (Postlight Parser's byline rules): "By Adam",
 * or a link to the writer's page whose address spells that name ("/author/adam").
 */
export function oneNameByline({ c, n, p }: AuthorContext): string | null {
  const said = /^by:?\s+(\p{Lu}[\p{L}'’-]+)$/iu;
  const boxes = Array.from(
    c.doc.querySelectorAll<HTMLElement>('[class*="byline" i], [id*="byline" i]'),
  ).slice(0, 20);
  for (const box of boxes.filter(
    (el) => el !== c.doc.body && el !== c.doc.documentElement && !p.inNavigation(el) && !p.inAside(el),
  )) {
    const v = said.exec(nameLine(box) ?? "")?.[1];
    if (v && !n.isSite(v)) return v;
    for (const a of Array.from(box.querySelectorAll("a[href]")).slice(0, 5)) {
      const name = clean(a.textContent);
      const m = PEOPLE_PAGE.exec(a.getAttribute("href") ?? "");
      if (
        name &&
        m &&
        /^\p{Lu}[\p{L}'’-]+$/u.test(name) &&
        slug(name) === m[1]!.toLowerCase() &&
        !n.isSite(name)
      )
        return name;
    }
  }
  return null;
}

/**
 * A link to the writer's archive as a name: its text, else its title ("Posts by Jane Doe"), its
 * picture's alt text, or the name its address spells.
 */
export function authorLinkName(a: HTMLElement): string | null {
  const said = nameLine(a);
  if (said) return said;
  const titled = clean(a.getAttribute("title") ?? a.getAttribute("aria-label"))?.replace(
    /^(view )?(all )?(posts|articles|stories|entries)( written)? by\s+/i,
    "",
  );
  if (titled && personLike(titled)) return titled;
  const pictured = clean(a.querySelector("img[alt]")?.getAttribute("alt"));
  if (pictured && personLike(pictured)) return pictured;
  const href = a.getAttribute("href") ?? "";
  let spelled = null;
  try {
    // Resolved against any base: only its path is read.
    spelled = PEOPLE_PAGE.test(href) ? spelledName(new URL(href, "https://x.invalid/").href) : null;
  } catch {
    spelled = null;
  }
  return spelled ? capitalized(spelled) : null;
}

/**
 * The name a declared profile address stands for, as the page prints it: its own link to that
 * address ("<a href=…/staff/tracey-lien>Tracey Lien</a>"), else the words the address spells
 * where the page prints them ("TRACEY LIEN", "José García" for "jose-garcia").
 */
export function profileName({ c, n, profileUrls }: AuthorContext): string | null {
  if (!profileUrls.length) return null;
  for (const a of Array.from(c.doc.querySelectorAll<HTMLAnchorElement>("a[href]")).slice(0, 2000)) {
    if (!profileUrls.some((u) => samePage(c, a.href, u))) continue;
    const v = personLike(n.asName(a.textContent));
    if (v && !n.isSite(v)) return v;
  }
  const tokens = c
    .bodyText()
    .split(/\s+/)
    .slice(0, 20000)
    .map((t) => t.replace(/^[^\p{L}]+|[^\p{L}.'’]+$/gu, ""));
  for (const url of profileUrls) {
    const words = spelledName(url);
    if (!words) continue;
    for (let i = 0; i + words.length <= tokens.length; i++) {
      if (slug(tokens[i]!) !== words[0]) continue;
      const v = personLike(tokens.slice(i, i + words.length).join(" "));
      if (v && slug(v) === words.join("-")) return v;
    }
  }
  return null;
}

/**
 * Where the page prints no name at all, the name a people directory's address spells
 * ("/staff/tracey-lien" → "Tracey Lien"): a writer, unlike the organization named beside it.
 */
export function spelledProfileName({ profileUrls }: AuthorContext): string | null {
  const people = new RegExp("/" + PEOPLE_DIRS + "/[^/]+/?$", "i");
  for (const url of profileUrls) {
    const words = people.test(new URL(url).pathname) ? spelledName(url) : null;
    if (words) return capitalized(words);
  }
  return null;
}
