import { type MetaContext, abs, str } from "./context";
import { type Names, names } from "./names";
import { type Places, places } from "./places";
import type { WrittenDates } from "./written-dates";

/** What the author rules read: the page's context, its written dates, the name vocabulary and places. */
export interface AuthorContext {
  readonly c: MetaContext;
  readonly dates: WrittenDates;
  readonly n: Names;
  readonly p: Places;
  /** The writer's profile addresses the page declares (at most five, absolute). */
  readonly profileUrls: readonly string[];
}

/**
 * Open Graph's article:author is the writer's profile address, not a name (the protocol types
 * it "profile array"), and so are JSON-LD's author.url and <link rel="author">:
 * "https://www.latimes.com/staff/tracey-lien", "https://www.nytimes.com/by/tim-herrera".
 */
function declaredProfileUrls(c: MetaContext): string[] {
  const declared = [
    ...Array.from(
      c.doc.querySelectorAll('meta[property="article:author" i], meta[name="article:author" i]'),
    ).map((m) => m.getAttribute("content")),
    ...c.ldAuthors.map((x) => str(x.url)),
    c.doc.querySelector('link[rel="author"]')?.getAttribute("href"),
  ];
  return [
    ...new Set(
      declared
        .filter((u) => /^https?:\/\//i.test(u ?? "") || /^\/[^/]/.test(u ?? ""))
        .map((u) => abs(c, u))
        .filter((u): u is string => !!u),
    ),
  ].slice(0, 5);
}

export function authorContext(c: MetaContext, dates: WrittenDates): AuthorContext {
  const n = names(c);
  return { c, dates, n, p: places(c, n), profileUrls: declaredProfileUrls(c) };
}
