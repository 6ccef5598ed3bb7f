import { Parser } from "htmlparser2";
import type { Page } from "playwright-core";

/**
 * The links of a page: from its HTML as served (no browser), or from the rendered page when its
 * links only exist once scripts ran. Resolved against the page's `<base href>` and URL, unfiltered.
 */

/** More than any real page links to; past it the rest of a generated page is noise. */
const MAX_LINKS_PER_PAGE = 5000;

export function linksInHtml(html: string, pageUrl: string): string[] {
  let base = pageUrl;
  const hrefs: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === "base" && attrs.href && hrefs.length === 0) {
          try {
            base = new URL(attrs.href, pageUrl).href;
          } catch {
            /* an unreadable base: links resolve against the page */
          }
        }
        if ((name === "a" || name === "area") && attrs.href && hrefs.length < MAX_LINKS_PER_PAGE)
          hrefs.push(attrs.href);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return hrefs.flatMap((href) => {
    try {
      return [new URL(href.trim(), base).href];
    } catch {
      return [];
    }
  });
}

/** The rendered page's links, as the browser resolved them. */
export async function linksInPage(page: Page): Promise<string[]> {
  return page.$$eval(
    "a[href], area[href]",
    (anchors, max) => anchors.slice(0, max).map((a) => (a as HTMLAnchorElement).href),
    MAX_LINKS_PER_PAGE,
  );
}
