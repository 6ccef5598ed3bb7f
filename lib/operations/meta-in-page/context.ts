/**
 * What every meta rule reads, built once per evaluation: the document (the page's, or its
 * no-script version: see meta.ts), the page's address, text helpers with their caches, and the
 * JSON-LD nodes with the article they describe. Runs in the page (bundled by
 * scripts/build-in-page.ts); it imports nothing but its siblings.
 */

/** A JSON-LD object as parsed: any keys, any values. */
export type LdNode = { readonly [key: string]: unknown };

export interface MetaContext {
  readonly doc: Document;
  /** The window's address (a no-script version has none of its own). */
  readonly location: Location;
  /** The first language of the HTTP Content-Language header. */
  readonly headerLanguage: string | null;
  readonly ld: readonly LdNode[];
  /** The article (or, lacking one, the WebPage) the page's JSON-LD describes. */
  readonly article: LdNode | undefined;
  /** The JSON-LD object that names the author: the article, a live blog's update, or any. */
  readonly authored: LdNode | null;
  /** Its authors, each an object ({ name } for a bare string), with references resolved. */
  readonly ldAuthors: readonly LdNode[];
  readonly ldAuthor: LdNode | null;
  /** The page's rendered text, read once. */
  bodyText(): string;
  /** Its non-blank lines, trimmed. */
  bodyLines(): string[];
}

/** Spaces collapsed and trimmed; null when nothing is left. */
export function clean(s: string | null | undefined): string | null {
  const v = (s ?? "").replace(/\s+/g, " ").trim();
  return v ? v : null;
}

/** A JSON-LD value that is a string, cleaned; anything else null. */
export const str = (v: unknown): string | null => (typeof v === "string" ? clean(v) : null);

/** An address resolved against the document's base; null when it is none. */
export function abs(c: MetaContext, u: string | null | undefined): string | null {
  const v = clean(u);
  if (!v) return null;
  try {
    return new URL(v, c.doc.baseURI).href;
  } catch {
    return null;
  }
}

/** The first of these meta tags (Open Graph's property, name or itemprop) that has a value. */
export function metaContent(c: MetaContext, ...keys: string[]): string | null {
  for (const key of keys) {
    const el = c.doc.querySelector(
      `meta[property~="${key}" i], meta[name="${key}" i], meta[itemprop="${key}" i]`,
    );
    // Some pages write the value in "value", not "content" (Postlight Parser reads both).
    const v = clean(el?.getAttribute("content") ?? el?.getAttribute("value"));
    if (v) return v;
  }
  return null;
}

/** A JSON-LD object's types, as strings. */
export const ldTypes = (o: LdNode): string[] => ([] as unknown[]).concat(o["@type"] ?? []).map(String);

/** An address as host and path, lowercase, without trailing slashes: what says two are the same page. */
export function pageUrl(c: MetaContext, u: string): string | null {
  try {
    const x = new URL(u, c.doc.baseURI);
    return (x.host + x.pathname).replace(/\/+$/, "").toLowerCase();
  } catch {
    return null;
  }
}

export const samePage = (c: MetaContext, a: string, b: string): boolean => pageUrl(c, a) === pageUrl(c, b);

/**
 * Where the headline (the first <h1>) is printed among a text's lines: every place, as a
 * sidebar's list of posts may print it before the article does (at most five). Both the
 * dateline's name and the date under the headline are read around these places.
 */
export function headlineAt(c: MetaContext, lines: string[]): number[] {
  const h1 = clean(c.doc.querySelector("h1")?.innerText)?.toLowerCase();
  return h1 ? lines.flatMap((l, i) => (l.toLowerCase() === h1 ? [i] : [])).slice(0, 5) : [];
}

/**
 * Articles first: a page's WebPage object often names the publisher, not the writer. Where
 * several articles are described (a page's own and its related stories, a hub's list), the
 * page's is the one whose address is the page's (url, @id, mainEntityOfPage) or whose headline
 * is its title; else the first.
 */
function pageArticle(c: Pick<MetaContext, "doc" | "location">, ld: readonly LdNode[]): LdNode | undefined {
  const doc = c.doc;
  const articles = ld.filter((o) => ldTypes(o).some((t) => /Article|Posting|Report/.test(t)));
  const url = (u: string) => pageUrl(c as MetaContext, u);
  const here = new Set(
    [c.location.href, doc.querySelector('link[rel="canonical"]')?.getAttribute("href")]
      .filter(Boolean)
      .map((u) => url(u!)),
  );
  const pageTitle = [
    doc.querySelector('meta[property="og:title"]')?.getAttribute("content"),
    doc.title,
    doc.querySelector("h1")?.textContent,
  ]
    .map((v) => clean(v)?.toLowerCase())
    .filter(Boolean) as string[];
  const describesPage = (o: LdNode) => {
    const entity = o.mainEntityOfPage as LdNode | string | undefined;
    const urls = [
      o.url,
      o["@id"],
      typeof entity === "string" ? entity : (entity?.["@id"] ?? entity?.url),
    ].filter((u): u is string => typeof u === "string");
    if (urls.some((u) => here.has(url(u.split("#")[0]!)))) return true;
    const headline = typeof o.headline === "string" ? clean(o.headline)?.toLowerCase() : null;
    return !!headline && pageTitle.some((t) => t.includes(headline));
  };
  return (
    (articles.length > 1 ? articles.find(describesPage) : null) ??
    articles[0] ??
    ld.find((o) => ldTypes(o).some((t) => /WebPage/.test(t)))
  );
}

/**
 * The article's authors, as metascraper's $jsonld("author.name") finds them: the article's,
 * else any object's; a live blog names its writers on its updates (liveBlogUpdate), as
 * trafilatura reads them.
 */
function authorsOf(ld: readonly LdNode[], article: LdNode | undefined) {
  const updates = ([] as unknown[]).concat(article?.liveBlogUpdate ?? []) as LdNode[];
  const authored = [article, ...updates, ...ld].find((o) => o && (o.author || o.creator)) ?? null;
  const a = authored?.author ?? authored?.creator;
  // Yoast and other graph writers often name the author only by reference ({"@id": "…#/schema/person/…"}).
  const resolve = (x: unknown) => {
    const o = x as LdNode;
    return x && typeof x === "object" && !o.name && o["@id"]
      ? (ld.find((n) => n["@id"] === o["@id"] && n.name) ?? x)
      : x;
  };
  // A Person's name as publishers write it (trafilatura's JSON-LD tests): a string, a list of
  // names, a nested {"name": …}, or givenName, additionalName and familyName.
  const named = (x: unknown) => {
    if (!x || typeof x !== "object") return x;
    const o = x as LdNode;
    const n = o.name;
    const parts = [o.givenName, o.additionalName, o.familyName];
    const name = Array.isArray(n)
      ? n.filter((y) => typeof y === "string").join(", ")
      : n && typeof n === "object"
        ? (n as LdNode).name
        : (n ??
          (parts.every((y) => y == null || typeof y === "string") && o.givenName && o.familyName
            ? parts.filter(Boolean).join(" ")
            : n));
    return name === n ? x : { ...o, name };
  };
  const ldAuthors = (Array.isArray(a) ? a : a ? [a] : [])
    .map((x: unknown) => (typeof x === "string" ? { name: x } : named(resolve(x))))
    .filter((x): x is LdNode => !!x && typeof x === "object");
  return { authored, ldAuthors };
}

/** The context of one evaluation; `jsonLdNodes` is json-ld.ts's reader (shared with main content). */
export function metaContext(
  doc: Document,
  location: Location,
  headerLanguage: string | null,
  jsonLdNodes: () => LdNode[],
): MetaContext {
  // The page's rendered text, read once: innerText lays the page out and copies all its text,
  // and several rules read it (an evaluation is synchronous, so it cannot change).
  let bodyTextCache: string | null = null;
  const bodyText = () => (bodyTextCache ??= doc.body?.innerText ?? "");
  // Its non-blank lines, trimmed (the byline and dateline rules read them line by line).
  let bodyLinesCache: string[] | null = null;
  const bodyLines = () =>
    (bodyLinesCache ??= bodyText()
      .split(/\n+/)
      .map((l) => l.trim())
      .filter(Boolean));
  const ld = jsonLdNodes();
  const article = pageArticle({ doc, location }, ld);
  const { authored, ldAuthors } = authorsOf(ld, article);
  return {
    doc,
    location,
    headerLanguage,
    ld,
    article,
    authored,
    ldAuthors,
    ldAuthor: ldAuthors[0] ?? null,
    bodyText,
    bodyLines,
  };
}
