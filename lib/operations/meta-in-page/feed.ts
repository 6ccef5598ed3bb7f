import { type MetaContext, abs } from "./context";

/** The page's feed: its first RSS, Atom or JSON Feed alternate link. */
export const feed = (c: MetaContext): string | null =>
  abs(
    c,
    c.doc
      .querySelector(
        'link[rel="alternate"][type="application/rss+xml" i], link[rel="alternate"][type="application/atom+xml" i], link[rel="alternate"][type="application/feed+json" i]',
      )
      ?.getAttribute("href"),
  );
