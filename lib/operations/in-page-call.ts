import type { Page } from "playwright-core";
import { readParsedDocument } from "@/lib/page/bounded-transfer";
import { evaluateIsolated, preloadInIsolatedWorld } from "@/lib/page/isolated-world";

/**
 * A piece of our in-page code: `source`, evaluated as a script of its own in the page's isolated
 * world (isolated-world.ts), defines the global `defines` (and what it needs). Operations share
 * parts: `markdown`, `summarize` and `keywords` all call the main-content extractor, which a page
 * then holds once.
 */
export interface InPagePart {
  /** The preload's name: one registration per part and DevTools session. */
  name: string;
  /** The global the source defines, tested before a call. */
  defines: string;
  source: () => string;
}

/**
 * Evaluate `call`, an expression over the parts' globals, on the page's parsed document. A part
 * the document lacks (the first call on a page, an unusual document) is sent and defined, and
 * preloaded for the page's later documents (isolated-world.ts): there a call sends only itself,
 * with the check for its parts in the same round trip. The extractor with its libraries is ~95 KB,
 * the Markdown writer ~18 KB, meta's rules ~40 KB: sent with every call, they cost 10–25 ms of
 * each extracting visit on a slow machine (docs/benchmarks.md, sessions 49 and 50). Each part is
 * defined as the same script either way, so a call answers the same (tests/operations/in-page-call.test.ts).
 */
export async function callInPage<T>(page: Page, parts: readonly InPagePart[], call: string): Promise<T> {
  const missing = `[${parts.map((p) => `typeof ${p.defines} === "undefined" && ${JSON.stringify(p.name)}`).join(", ")}].filter(Boolean)`;
  const answer = await readParsedDocument<{ value: T } | { missing: string[] }>(
    page,
    `(() => { const missing = ${missing}; return missing.length ? { missing } : { value: ${call} }; })()`,
  );
  if (!("missing" in answer)) return answer.value;
  for (const part of parts.filter((p) => answer.missing.includes(p.name))) {
    const source = part.source();
    await preloadInIsolatedWorld(page, part.name, source);
    // A script of its own, as the preload runs it (its "use strict", its globals); no value back.
    await evaluateIsolated(page, `${source}\n;void 0`);
  }
  return readParsedDocument<T>(page, call);
}
