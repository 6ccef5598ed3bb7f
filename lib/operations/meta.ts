import type { PageSnapshot } from "@/lib/page/types";
import { evaluateBounded, IN_PAGE_RESULT_MAX_CHARS } from "@/lib/page/bounded-transfer";

/** The Metadata result (spec §2.6): every field a string or null. */
export interface Metadata {
  title: string | null;
  description: string | null;
  language: string | null;
  main_image_url: string | null;
  favicon_url: string | null;
  author_name: string | null;
  feed_url: string | null;
  publication_date: string | null;
  additional_author_information: Record<string, string> | null;
}

/**
 * `meta`, read from the live DOM in one evaluation. Sources in order of trust: JSON-LD (what
 * publishers write for search engines), Open Graph / Twitter / Dublin Core meta tags, then
 * document structure (<title>, <html lang>, <time>, rel=author, byline classes).
 */
export async function meta(snap: PageSnapshot): Promise<Metadata> {
  const contentLanguage = snap.headers["content-language"] ?? null;
  // A string, not a function: the page gets plain JavaScript whatever compiled this module
  // (esbuild's keepNames, used by tsx and vitest, would inject a __name helper the page lacks).
  return evaluateBounded<Metadata>(
    snap.page,
    `((headerLanguage) => {
    const clean = (s) => {
      const v = (s ?? "").replace(/\\s+/g, " ").trim();
      return v ? v : null;
    };
    const abs = (u) => {
      const v = clean(u);
      if (!v) return null;
      try {
        return new URL(v, document.baseURI).href;
      } catch {
        return null;
      }
    };
    const metaContent = (...keys) => {
      for (const key of keys) {
        const el = document.querySelector(\`meta[property~="\${key}" i], meta[name="\${key}" i], meta[itemprop="\${key}" i]\`);
        const v = clean(el?.getAttribute("content"));
        if (v) return v;
      }
      return null;
    };

    // JSON-LD: flatten @graph arrays; keep objects that look like articles/pages.
    const ld = [];
    for (const s of Array.from(document.querySelectorAll('script[type="application/ld+json"]'))) {
      try {
        const parsed = JSON.parse(s.textContent ?? "");
        const stack = Array.isArray(parsed) ? parsed : [parsed];
        while (stack.length) {
          const item = stack.shift();
          if (!item || typeof item !== "object") continue;
          const o = item;
          if (Array.isArray(o["@graph"])) stack.push(...o["@graph"]);
          ld.push(o);
        }
      } catch {
        /* malformed JSON-LD is common; skip it */
      }
    }
    const ldTypes = (o) => [].concat(o["@type"] ?? []).map(String);
    // Articles first: a page's WebPage object often names the publisher, not the writer.
    const article =
      ld.find((o) => ldTypes(o).some((t) => /Article|Posting|Report/.test(t))) ??
      ld.find((o) => ldTypes(o).some((t) => /WebPage/.test(t)));
    const ldAuthors = (() => {
      const a = article?.author ?? article?.creator;
      return (Array.isArray(a) ? a : a ? [a] : []).map((x) => (typeof x === "string" ? { name: x } : x)).filter((x) => x && typeof x === "object");
    })();
    const ldAuthor = ldAuthors[0] ?? null;
    const str = (v) => (typeof v === "string" ? clean(v) : null);

    const title =
      metaContent("og:title", "twitter:title", "dc:title", "dc.title") ?? str(article?.headline) ?? clean(document.title) ?? clean(document.querySelector("h1")?.textContent);
    // og:description is usually the editor's summary; a plain description is often boilerplate.
    const description = metaContent("og:description", "description", "twitter:description", "dc:description", "dc.description") ?? str(article?.description);
    const language =
      clean(document.documentElement.getAttribute("lang")) ??
      metaContent("og:locale", "content-language", "dc.language")?.replace("_", "-") ??
      clean(headerLanguage?.split(",")[0]);
    const ldImage = (() => {
      const img = article?.image;
      const first = Array.isArray(img) ? img[0] : img;
      return typeof first === "string" ? first : str(first?.url);
    })();
    const mainImage = abs(metaContent("og:image", "og:image:url", "og:image:secure_url", "twitter:image", "twitter:image:src") ?? ldImage ?? document.querySelector('link[rel="image_src"]')?.getAttribute("href"));
    const iconEl =
      document.querySelector('link[rel~="icon" i][sizes="32x32"]') ??
      document.querySelector('link[rel~="icon" i]') ??
      document.querySelector('link[rel="shortcut icon" i]') ??
      document.querySelector('link[rel="apple-touch-icon" i]');
    const favicon = abs(iconEl?.getAttribute("href")) ?? (location.protocol.startsWith("http") ? new URL("/favicon.ico", location.href).href : null);
    const bylineEl = document.querySelector('[rel="author"], [itemprop="author"] [itemprop="name"], [itemprop="author"], .byline .author, .author-name, .byline');
    // A name is not a URL (article:author is often a profile link) nor a @handle (twitter:creator):
    // those go to additional_author_information instead.
    const asName = (v) => (v && !/^(https?:\\/\\/|@|www\\.)/i.test(v) ? v : null);
    const ldNames = ldAuthors.map((x) => asName(str(x.name))).filter(Boolean);
    const authorName =
      (ldNames.length ? [...new Set(ldNames)].join(", ") : null) ??
      asName(metaContent("author", "dc.creator", "dc:creator", "parsely-author", "sailthru.author")) ??
      asName(metaContent("article:author")) ??
      asName(clean(bylineEl?.textContent)?.replace(/^(by|par|von|por|di|door)\\s+/i, "")) ??
      null;
    const feed = abs(
      document.querySelector('link[rel="alternate"][type="application/rss+xml" i], link[rel="alternate"][type="application/atom+xml" i], link[rel="alternate"][type="application/feed+json" i]')?.getAttribute("href"),
    );
    const published =
      metaContent("article:published_time", "og:published_time", "datePublished", "publish-date", "pubdate", "date", "dc.date", "dc.date.issued", "sailthru.date", "parsely-pub-date") ??
      str(article?.datePublished) ??
      clean(document.querySelector("time[datetime]")?.getAttribute("datetime"));
    const extra = {};
    const authorUrl = str(ldAuthor?.url) ?? abs(document.querySelector('a[rel="author"]')?.getAttribute("href"));
    if (authorUrl) extra.url = authorUrl;
    const twitter = metaContent("twitter:creator");
    if (twitter) extra.twitter = twitter;
    const jobTitle = str(ldAuthor?.jobTitle);
    if (jobTitle) extra.job_title = jobTitle;
    const sameAs = ldAuthor?.sameAs;
    if (Array.isArray(sameAs) && sameAs.length) extra.same_as = sameAs.filter((x) => typeof x === "string").join(" ");

    return {
      title,
      description,
      language,
      main_image_url: mainImage,
      favicon_url: favicon,
      author_name: authorName && authorName.length <= 200 ? authorName : null,
      feed_url: feed,
      publication_date: published,
      additional_author_information: Object.keys(extra).length ? extra : null,
    };
  })(${JSON.stringify(contentLanguage)})`,
    IN_PAGE_RESULT_MAX_CHARS,
  );
}
