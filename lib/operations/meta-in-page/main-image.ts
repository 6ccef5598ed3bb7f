import { type MetaContext, abs, metaContent, str } from "./context";
import { type Rule, firstOf } from "./rule";

/**
 * The main image's address as declared: meta tags, the article's JSON-LD image, <link
 * rel="image_src">. The first declared is resolved; one that is no address gives no image.
 */
export const MAIN_IMAGE_RULES: readonly Rule<MetaContext>[] = [
  {
    name: "meta-tags",
    read: (c) =>
      metaContent(c, "og:image", "og:image:url", "og:image:secure_url", "twitter:image", "twitter:image:src"),
  },
  {
    name: "json-ld-image",
    read: (c) => {
      const img = c.article?.image;
      const first: unknown = Array.isArray(img) ? img[0] : img;
      return typeof first === "string" ? first : str((first as { url?: unknown } | null | undefined)?.url);
    },
  },
  { name: "link-image-src", read: (c) => c.doc.querySelector('link[rel="image_src"]')?.getAttribute("href") },
];

export const mainImage = (c: MetaContext): string | null => abs(c, firstOf(MAIN_IMAGE_RULES, c));
