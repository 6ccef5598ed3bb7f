import { type MetaContext, clean, metaContent } from "./context";
import type { Rule } from "./rule";

/** The language: <html lang>, then meta tags (a locale's "_" as BCP 47's "-"), then HTTP's Content-Language. */
export const LANGUAGE_RULES: readonly Rule<MetaContext>[] = [
  { name: "html-lang", read: (c) => clean(c.doc.documentElement?.getAttribute("lang")) },
  {
    name: "meta-tags",
    read: (c) => metaContent(c, "og:locale", "content-language", "dc.language")?.replace("_", "-"),
  },
  { name: "content-language-header", read: (c) => clean(c.headerLanguage?.split(",")[0]) },
];
