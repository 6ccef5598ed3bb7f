import { type MetaContext, metaContent, str } from "./context";
import type { Rule } from "./rule";

/** The description: og:description is usually the editor's summary; a plain description is often boilerplate. */
export const DESCRIPTION_RULES: readonly Rule<MetaContext>[] = [
  {
    name: "meta-tags",
    read: (c) =>
      metaContent(
        c,
        "og:description",
        "description",
        "twitter:description",
        "dc:description",
        "dc.description",
      ),
  },
  { name: "json-ld-description", read: (c) => str(c.article?.description) },
];
