import type { PageSnapshot } from "@/lib/page/types";
import { evaluateBounded, IN_PAGE_RESULT_MAX_CHARS } from "@/lib/page/bounded-transfer";

/** The Metadata result (docs/spec.md §2.6): every field a string or null. */
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
    // Authors, in metascraper's order of trust (JSON-LD, meta tags, then byline markup), with two
    // refinements its results lacked: an organization or the site's own name is not a writer,
    // and a bare handle ("andrew.keaveney") gives way to a byline's full name.
    const siteNames = new Set(
      [metaContent("og:site_name", "application-name"), str(article?.publisher?.name)]
        .filter(Boolean)
        .map((x) => x.toLowerCase()),
    );
    const decode = (v) => (v && /&[#a-z0-9]+;/i.test(v) ? new DOMParser().parseFromString(v, "text/html").body.textContent : v);
    const asName = (raw) => {
      let v = clean(decode(raw));
      if (!v) return null;
      v = v.replace(/^[\\s,;:|·•-]+|[\\s,;:|·•-]+$/g, "").replace(/^(written |posted |reviewed )?(by|par|von|por|di|door)\\s+/i, "").trim();
      // A name is not a URL (article:author is often a profile link), a @handle, a date or a sentence.
      if (!v || v.length > 120 || /^(https?:\\/\\/|@|www\\.)/i.test(v) || /\\d{4}|@/.test(v) || v.split(/\\s+/).length > 12) return null;
      // Link and widget labels found by loose byline selectors are not names.
      if (/^(follow|skip|share|sign|subscribe|view|read|more|about|contact|menu|authority control|fail)\\b/i.test(v)) return null;
      return siteNames.has(v.toLowerCase()) ? null : v;
    };
    const isHandle = (v) => !/\\s/.test(v) && /[._\\d]|^[a-z]+$/.test(v);
    const isOrg = (x) => ldTypes(x).some((t) => /Organization|Corporation|WebSite|Brand/.test(t));
    const ldNames = ldAuthors.filter((x) => !isOrg(x)).map((x) => asName(str(x.name))).filter(Boolean);
    // The organization (or site) stands as author only when no person is named anywhere.
    const orgName = ldAuthors.filter(isOrg).map((x) => clean(str(x.name))).find(Boolean) ?? null;
    const firstText = (selector) => {
      for (const el of Array.from(document.querySelectorAll(selector)).slice(0, 5)) {
        const v = asName(el.textContent);
        if (v) return v;
      }
      return null;
    };
    const twoWords = (v) => (v && /^\\S+\\s+\\S+/.test(v) ? v : null);
    const bylineName = () =>
      firstText('[itemprop*="author" i] [itemprop="name"]') ??
      firstText('[rel="author"]') ??
      twoWords(firstText('a[class*="author" i], [class*="author" i] a, a[href*="/author/"], a[href*="/authors/"]')) ??
      twoWords(firstText('[class*="author-name" i], [class*="authorName" i], [class*="byline__name" i], [class*="byline" i] a')) ??
      twoWords(firstText('[class*="byline" i], [class*="author" i]')) ??
      bylineInText();
    // "Written by Jane Doe" / "By Jane Doe" in the rendered text, or "| by Jane Doe |" in the title.
    const NAME = "([\\\\p{Lu}][\\\\p{L}.'’-]+(?: [\\\\p{Lu}][\\\\p{L}.'’-]+){1,3})";
    const bylineInText = () => {
      const lines = (document.body?.innerText ?? "").split(/\\n+/).map((l) => l.trim()).filter(Boolean).slice(0, 400);
      const byLine = new RegExp("^(?:written |posted |reviewed |authored )?by:?\\\\s+" + NAME + "(?:$|[,|·•(]| on | - )", "iu");
      for (let i = 0; i < lines.length; i++) {
        const m = byLine.exec(lines[i]);
        if (m) return asName(m[1]);
        if (/^(written|posted|authored) by:?$/i.test(lines[i]) && lines[i + 1]) {
          const v = twoWords(asName(lines[i + 1]));
          if (v) return v;
        }
      }
      const inTitle = new RegExp("\\\\|\\\\s*by " + NAME + "\\\\s*\\\\|", "u").exec(document.title);
      return inTitle ? asName(inTitle[1]) : null;
    };
    const metaAuthor = asName(metaContent("author", "dc.creator", "dc:creator", "parsely-author", "sailthru.author", "article:author", "book:author"));
    let authorName = ldNames.length ? [...new Set(ldNames)].join(", ") : null;
    if (!authorName && metaAuthor && !isHandle(metaAuthor)) authorName = metaAuthor;
    authorName ??= bylineName() ?? metaAuthor ?? orgName ?? clean(metaContent("author"));
    const feed = abs(
      document.querySelector('link[rel="alternate"][type="application/rss+xml" i], link[rel="alternate"][type="application/atom+xml" i], link[rel="alternate"][type="application/feed+json" i]')?.getAttribute("href"),
    );
    // metascraper's \`date\`: the page's latest date (modified before published), from JSON-LD,
    // meta tags, microdata, <time>, then dated byline text; normalized to ISO 8601.
    const toIso = (raw) => {
      const v = clean(raw);
      if (!v) return null;
      if (/^\\d{4}-\\d{2}-\\d{2}/.test(v)) return v;
      const dmy = /^(\\d{1,2})[./](\\d{1,2})[./](\\d{4})/.exec(v);
      if (dmy && Number(dmy[1]) > 12) return \`\${dmy[3]}-\${dmy[2].padStart(2, "0")}-\${dmy[1].padStart(2, "0")}\`;
      const t = Date.parse(v.replace(/^(published|updated|posted|last updated|modified)( on)?:?\\s*/i, "").replace(/(\\d)(st|nd|rd|th)\\b/g, "$1"));
      if (Number.isNaN(t)) return null;
      const d = new Date(t);
      if (d.getFullYear() < 1995 || t > Date.now() + 2 * 86400000) return null;
      const pad = (n) => String(n).padStart(2, "0");
      return \`\${d.getFullYear()}-\${pad(d.getMonth() + 1)}-\${pad(d.getDate())}\`;
    };
    const attr = (selector, name) => document.querySelector(selector)?.getAttribute(name);
    const MONTH = "(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?";
    const DATED = new RegExp("\\\\b(\\\\d{4}-\\\\d{2}-\\\\d{2}|" + MONTH + " \\\\d{1,2}(st|nd|rd|th)?,? \\\\d{4}|\\\\d{1,2}(st|nd|rd|th)? " + MONTH + ",? \\\\d{4})\\\\b", "i");
    const datedText = (selector) => {
      for (const el of Array.from(document.querySelectorAll(selector)).slice(0, 8)) {
        const m = DATED.exec(el.textContent ?? "");
        const v = m && toIso(m[1]);
        if (v) return v;
      }
      return null;
    };
    // The modified date when the page shows it ("Updated Aug 19, 2025"), else the published one.
    const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
    const pageText = () => (document.body?.innerText ?? "").toLowerCase();
    const shown = (iso) => {
      const m = /^(\\d{4})-(\\d{2})-(\\d{2})/.exec(iso ?? "");
      if (!m) return false;
      const [y, mo, d] = [m[1], Number(m[2]), Number(m[3])];
      const long = MONTHS[mo - 1] ?? "", short = long.slice(0, 3);
      const text = pageText();
      return [\`\${y}-\${m[2]}-\${m[3]}\`, \`\${long} \${d}, \${y}\`, \`\${short} \${d}, \${y}\`, \`\${short}. \${d}, \${y}\`, \`\${d} \${long} \${y}\`, \`\${d} \${short} \${y}\`,
        \`\${long} \${m[3]}, \${y}\`, \`\${short} \${m[3]}, \${y}\`, \`\${mo}/\${d}/\${y}\`, \`\${m[2]}/\${m[3]}/\${y}\`, \`\${d}/\${mo}/\${y}\`, \`\${m[3]}/\${m[2]}/\${y}\`, \`\${m[3]}.\${m[2]}.\${y}\`]
        .some((f) => text.includes(f));
    };
    const modified = toIso(str(article?.dateModified) ?? metaContent("article:modified_time", "og:updated_time", "og:modified_time", "modified_time", "dateModified", "last-modified") ?? attr('[itemprop*="datemodified" i]', "content"));
    const published =
      [
        shown(modified) ? modified : null,
        str(article?.datePublished),
        str(article?.dateCreated),
        metaContent("article:published_time", "og:published_time", "published_time", "release_date", "datePublished", "publish-date", "pubdate", "date", "dc.date", "dc.date.issued", "dcterms.date", "sailthru.date", "parsely-pub-date"),
        attr('[itemprop*="datepublished" i]', "content") ?? attr('time[itemprop*="date" i]', "datetime"),
        attr("time[datetime]", "datetime"),
      ]
        .map(toIso)
        .find(Boolean) ??
      datedText('[class*="byline" i], [class*="dateline" i], [class*="post-meta" i], [class*="date" i], [class*="publish" i], [class*="updated" i], time') ??
      modified;
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
