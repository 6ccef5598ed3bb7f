/**
 * A page type for each wceb-2026 page, so the quality bench can report per type (issue 23). The
 * data set carries no type, and typing a page by any extractor's output would bias the table, so
 * the type is read only from what the data set itself says: the page's address and whether its
 * ground truth names an author or a publication date. Deterministic and deliberately simple;
 * the rules are in the order they are tried.
 */
export const PAGE_TYPES = ["documentation", "forum", "product", "article", "service", "other"] as const;
export type PageType = (typeof PAGE_TYPES)[number];

interface TypedPage {
  url: string;
  author: string | null;
  publish_date: string | null;
}

const RULES: ReadonlyArray<[PageType, (u: URL, p: TypedPage) => boolean]> = [
  [
    "documentation",
    (u) =>
      /^(docs?|developers?|learn|help|support|kb|wiki|api|manual)\./.test(u.hostname) ||
      /\/(docs?|documentation|reference|api|manual|guides?\/api|wiki|kb|knowledge-?base|help-?center|tutorials?)(\/|$)/i.test(
        u.pathname,
      ),
  ],
  [
    "forum",
    (u) =>
      /^(forums?|community|discuss|answers)\./.test(u.hostname) ||
      /\/(forums?|threads?|t|questions|discussions?|community|topic|showthread\.php|viewtopic\.php)(\/|$|\?)/i.test(
        u.pathname,
      ) ||
      /reddit\.com$|stackexchange\.com$|stackoverflow\.com$|quora\.com$/.test(u.hostname),
  ],
  [
    "product",
    (u) =>
      /\/(products?|shop|store|item|p|dp|buy|collections\/[^/]+\/products)(\/|$)/i.test(u.pathname) ||
      (/\.(html?)$/.test(u.pathname) && /\/(products?|shop)\//i.test(u.pathname)),
  ],
  [
    "article",
    (u, p) =>
      Boolean(p.author || p.publish_date) ||
      /\/(blog|news|articles?|posts?|stories|story|\d{4}\/\d{2})(\/|$)/i.test(u.pathname),
  ],
  [
    "service",
    (u) =>
      /\/(services?|solutions?|pricing|features?|about|contact|locations?|treatments?|practice-areas?)(\/|$|-)/i.test(
        u.pathname,
      ),
  ],
];

export function pageTypeOf(page: TypedPage): PageType {
  let url: URL;
  try {
    url = new URL(page.url);
  } catch {
    return "other";
  }
  for (const [type, test] of RULES) if (test(url, page)) return type;
  return "other";
}
