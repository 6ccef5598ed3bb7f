import { type MetaContext, clean, metaContent, str } from "./context";
import type { Rule } from "./rule";

/** The title: what the page declares for sharing, then its JSON-LD headline, <title>, first <h1>. */
export const TITLE_RULES: readonly Rule<MetaContext>[] = [
  { name: "meta-tags", read: (c) => metaContent(c, "og:title", "twitter:title", "dc:title", "dc.title") },
  { name: "json-ld-headline", read: (c) => str(c.article?.headline) },
  { name: "document-title", read: (c) => clean(c.doc.title) },
  { name: "first-heading", read: (c) => clean(c.doc.querySelector("h1")?.textContent) },
];
