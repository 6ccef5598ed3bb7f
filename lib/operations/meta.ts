import type { PageSnapshot } from "@/lib/page/types";
import { callInPage, type InPagePart } from "./in-page-call";
import { wellFormedMetadata } from "./meta-answer";
import { META_IN_PAGE_JS } from "./meta-in-page.generated";
import type { InPageMetadata } from "./meta-in-page/entry";

/**
 * The Metadata result (docs/spec.md §2.6): every field a string or null. The same shape the page's
 * rules return (meta-in-page/entry.ts); meta-answer.ts makes its values well-formed.
 */
export type Metadata = InPageMetadata;

/**
 * `meta`, read from the live DOM in one evaluation. Sources in order of trust: JSON-LD (what
 * publishers write for search engines), Open Graph / Twitter / Dublin Core meta tags, then
 * document structure (<title>, <html lang>, <time>, rel=author, byline classes). Every answer
 * then passes meta-answer.ts: its date and author are well-formed or null.
 */
export async function meta(snap: PageSnapshot): Promise<Metadata> {
  return wellFormedMetadata(await readMetadata(snap));
}

async function readMetadata(snap: PageSnapshot): Promise<Metadata> {
  const contentLanguage = JSON.stringify(snap.headers["content-language"] ?? null);
  return callInPage<Metadata>(snap.page, [META_PART], `__ptdMeta.readMetadata(document, ${contentLanguage})`);
}

/**
 * The rules as a part of our in-page code (in-page-call.ts): defines `__ptdMeta`. A string, not a
 * function: the page gets plain JavaScript whatever compiled this module (esbuild's keepNames, used
 * by tsx and vitest, would inject a __name helper the page lacks). The rules are typed modules
 * (meta-in-page/), bundled at build time (scripts/build-in-page.mjs).
 */
const META_PART: InPagePart = { name: "meta", defines: "__ptdMeta", source: () => META_IN_PAGE_JS };
