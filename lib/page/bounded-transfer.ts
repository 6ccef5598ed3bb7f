/**
 * Nothing a page builds crosses to Node before its size is known. `page.content()` would ship a
 * 500 MB DOM through CDP into the server's memory before any check could refuse it, so the
 * serialized document is measured INSIDE the browser and only sent when it fits; in-page
 * extraction results are measured the same way.
 *
 * Measured where the page cannot lie: in an isolated world (isolated-world.ts), whose
 * `XMLSerializer`, `outerHTML`, `JSON.stringify` and `String.prototype` are the browser's own
 * whatever the page's scripts replaced in theirs, and with `.length` of primitive strings built
 * there. A string over V8's maximum length cannot even be built: that is "too big" as well.
 */
import type { Page } from "playwright-core";
import { failure } from "./failures";
import { evaluateIsolated } from "./isolated-world";

/**
 * The rendered document, as `page.content()` serializes it (doctype + documentElement.outerHTML),
 * or "too_big" when it has more than `maxChars` UTF-16 code units. UTF-8 bytes are at least that
 * many, so the caller's exact byte check only ever sees strings of bounded size.
 */
export const BOUNDED_CONTENT_JS = `((max) => {
  let html = "";
  try {
    if (document.doctype) html = new XMLSerializer().serializeToString(document.doctype);
    const root = document.documentElement ? document.documentElement.outerHTML : "";
    if (typeof html !== "string" || typeof root !== "string") return { tooBig: -1 };
    if (html.length + root.length > max) return { tooBig: html.length + root.length };
    return { html: html + root };
  } catch (e) {
    // RangeError: Invalid string length (over V8's ~512 M characters), or out of memory.
    if (e instanceof RangeError) return { tooBig: -1 };
    throw e;
  }
})`;

type Measured = { html: string } | { tooBig: number };

/**
 * How long a document that replaced the one being read may take to load: what the visit waits
 * for its DOMContentLoaded (visit.ts), and what a read of the page's content that finds it still
 * loading waits (onceParsed).
 */
export const REPLACED_LOAD_MS = 10_000;

/**
 * `expression`, evaluated once the document has been parsed. The visit hands over a document past
 * its DOMContentLoaded; a read that finds one still loading is reading a document that replaced it
 * (a script's `location.reload()`, a late redirect) while it streams in, and would answer with its
 * first paragraph: it waits for that document's DOMContentLoaded (at most REPLACED_LOAD_MS, once
 * per document, then it reads what is there). A document replaced again meanwhile ends the call
 * as "context destroyed", which the visit answers by reading the newest one (visit.ts,
 * operateOnLatestDocument).
 */
function onceParsed(expression: string): string {
  // One wait per document, shared: the world's globals live as long as the document, so reads
  // that run together wait for the same moment, and after a wait that ran out the next read
  // (another operation's) reads at once.
  return `(async () => {
    if (document.readyState === "loading")
      await (globalThis.__ptdParsed ??= new Promise((parsed) => {
        document.addEventListener("DOMContentLoaded", parsed, { once: true });
        setTimeout(parsed, ${REPLACED_LOAD_MS});
      }));
    return ${expression};
  })()`;
}

/** The rendered HTML, refused in the browser when over `maxBytes`; exact UTF-8 check in Node. */
export async function boundedContent(page: Page, maxBytes: number): Promise<string> {
  const result = (await evaluateIsolated(page, onceParsed(`${BOUNDED_CONTENT_JS}(${maxBytes})`))) as
    Measured | undefined;
  if (!result || "tooBig" in result || typeof result.html !== "string")
    throw failure("too_big", "rendered HTML over the limit (measured in the browser)");
  if (Buffer.byteLength(result.html, "utf8") > maxBytes)
    throw failure("too_big", "rendered HTML over the limit");
  return result.html;
}

/**
 * Ceiling for one in-page extraction result (Markdown, metadata, main text) as JSON text: the
 * spec's HTML limit, since each is derived from the page's HTML (spec 7.4: "more content than an
 * AI operation can return in one response" is "too big" as well).
 */
const IN_PAGE_RESULT_MAX_CHARS = 10 * 1024 * 1024;

/**
 * An in-page extraction (Markdown, metadata, main text) of the parsed document, its result at
 * most IN_PAGE_RESULT_MAX_CHARS.
 */
export function readParsedDocument<T>(page: Page, expression: string): Promise<T> {
  return evaluateBounded<T>(page, onceParsed(expression), IN_PAGE_RESULT_MAX_CHARS);
}

/** Ceiling for the small answers of our own probes (a size, a box, a content type, a count). */
export const SMALL_RESULT_MAX_CHARS = 64 * 1024;

/**
 * Evaluate `expression` in the page's isolated world and bring its JSON-serializable result to
 * Node only when its JSON text has at most `maxChars` characters; otherwise the spec's "too big"
 * failure.
 */
export async function evaluateBounded<T>(page: Page, expression: string, maxChars: number): Promise<T> {
  const wrapped = `(async () => {
    const value = await (${expression});
    let text;
    try { text = JSON.stringify(value); } catch (e) { if (e instanceof RangeError) return { tooBig: -1 }; throw e; }
    if (text === undefined) return { text: "null" };
    if (text.length > ${maxChars}) return { tooBig: text.length };
    return { text };
  })()`;
  const result = (await evaluateIsolated(page, wrapped)) as { text: string } | { tooBig: number } | undefined;
  if (!result || "tooBig" in result || typeof result.text !== "string")
    throw failure("too_big", "in-page result over the limit");
  return JSON.parse(result.text) as T;
}
