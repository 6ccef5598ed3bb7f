import { authorContext } from "./author-context";
import { authorName } from "./author";
import { authorInfo } from "./author-info";
import { jsonLdNodes } from "../in-page-shared/json-ld";
import { noscriptDocument, RENDERED_TEXT_MIN_CHARS } from "../in-page-shared/noscript";
import { type LdNode, metaContext } from "./context";
import { publicationDate } from "./date";
import { dateContext } from "./date-text";
import { DESCRIPTION_RULES } from "./description";
import { favicon } from "./favicon";
import { feed } from "./feed";
import { LANGUAGE_RULES } from "./language";
import { mainImage } from "./main-image";
import { firstOf } from "./rule";
import { TITLE_RULES } from "./title";
import { writtenDates } from "./written-dates";

/** The Metadata result as read in the page (meta-answer.ts makes it well-formed in Node). */
export interface InPageMetadata {
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
 * A page whose scripts rendered (almost) no text, but which carries a no-script version: its
 * byline and dates are read from that version, under the head as served (JSON-LD, meta tags).
 */
function metaDocument(page: Document): Document {
  if (
    !page.querySelector("body noscript") ||
    (page.body?.innerText ?? "").trim().length >= RENDERED_TEXT_MIN_CHARS
  )
    return page;
  const version = noscriptDocument(page, page.head?.innerHTML ?? "");
  if (!version) return page;
  version.documentElement.lang = page.documentElement?.lang ?? "";
  return version;
}

/**
 * `meta`, read from the live DOM in one evaluation: the bundle's entry (scripts/build-in-page.mjs
 * makes it `__ptdMeta.readMetadata`). `page` is the page's document; the rules read it or its
 * no-script version, and that document's JSON-LD.
 */
export function readMetadata(page: Document, headerLanguage: string | null): InPageMetadata {
  const doc = metaDocument(page);
  const c = metaContext(doc, location, headerLanguage, () => jsonLdNodes(doc) as LdNode[]);
  const dates = writtenDates(c);
  const title = firstOf(TITLE_RULES, c);
  const description = firstOf(DESCRIPTION_RULES, c);
  const language = firstOf(LANGUAGE_RULES, c);
  const main_image_url = mainImage(c);
  const favicon_url = favicon(c);
  const author = authorName(authorContext(c, dates));
  const feed_url = feed(c);
  const publication_date = publicationDate(dateContext(c, dates));
  return {
    title,
    description,
    language,
    main_image_url,
    favicon_url,
    author_name: author && author.length <= 200 ? author : null,
    feed_url,
    publication_date,
    additional_author_information: authorInfo(c),
  };
}
