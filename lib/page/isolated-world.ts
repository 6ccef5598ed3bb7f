/**
 * Code we run in a page to measure or read it runs in an ISOLATED WORLD of the main frame, through
 * the DevTools protocol: the same DOM, but its own JavaScript globals. A page's scripts can replace
 * anything in their own world (`XMLSerializer.prototype.serializeToString`, `document.contentType`,
 * `JSON.stringify`, `Math.max`, `Object.prototype.then` that hijacks an `await`); none of that is
 * visible here, so a size measured here is the real size and a value returned from here is the
 * value our code built.
 *
 * Page-world globals (a challenge script's `window._cf_chl_opt`) are not visible here either: code
 * that needs them stays in the page's world and returns only constants of its own.
 */
import type { CDPSession, Page } from "playwright-core";

/** One DevTools session per page, kept for the page's later visits (a recycled page has several). */
const sessions = new WeakMap<Page, Promise<CDPSession>>();

export function devtoolsSession(page: Page): Promise<CDPSession> {
  let session = sessions.get(page);
  if (!session) {
    session = page.context().newCDPSession(page);
    session.catch(() => sessions.delete(page));
    sessions.set(page, session);
  }
  return session;
}

/** Forget a session that failed: the next call opens a new one. */
export function dropDevtoolsSession(page: Page): void {
  sessions.delete(page);
}

const WORLD_NAME = "__ptd_measure__";

/**
 * The main frame's DevTools id, asked once per page: a frame keeps its id for its whole life,
 * across navigations (a recycled page's included), so each evaluation saves the round trip.
 */
const mainFrameIds = new WeakMap<Page, string>();

/** The isolated world's context in the main frame's current document (created on first use). */
async function isolatedWorld(cdp: CDPSession, page: Page): Promise<number> {
  const known = mainFrameIds.get(page);
  if (known) {
    try {
      // Chromium keeps one world per name and frame: later calls reuse it (and its context).
      const world = await cdp.send("Page.createIsolatedWorld", { frameId: known, worldName: WORLD_NAME });
      return world.executionContextId;
    } catch {
      mainFrameIds.delete(page); // asked again below, in case the id was the cause
    }
  }
  const { frameTree } = await cdp.send("Page.getFrameTree");
  const world = await cdp.send("Page.createIsolatedWorld", {
    frameId: frameTree.frame.id,
    worldName: WORLD_NAME,
  });
  mainFrameIds.set(page, frameTree.frame.id);
  return world.executionContextId;
}

/**
 * Evaluate `expression` in the isolated world of the page's current main document and return its
 * value by value (JSON-like). The caller's expression decides the size of what comes back; wrap it
 * with a bound (bounded-transfer.ts) when it can be large. A document replaced during the call
 * rejects with "Execution context was destroyed" (the caller may read the new one).
 */
export async function evaluateIsolated(page: Page, expression: string): Promise<unknown> {
  const cdp = await devtoolsSession(page);
  let contextId: number;
  try {
    contextId = await isolatedWorld(cdp, page);
  } catch (err) {
    if (page.isClosed()) throw err;
    // No document to create it in yet (navigation under way).
    throw new Error(`Execution context was destroyed: ${err instanceof Error ? err.message : String(err)}`);
  }
  const answer = await cdp
    .send("Runtime.evaluate", { expression, contextId, returnByValue: true, awaitPromise: true })
    .catch((err: unknown) => {
      const message = err instanceof Error ? err.message : String(err);
      if (/Cannot find context|context was destroyed|Inspected target navigated/i.test(message))
        throw new Error(`Execution context was destroyed: ${message}`);
      throw err;
    });
  if (answer.exceptionDetails) {
    const d = answer.exceptionDetails;
    throw new Error(`in-page evaluation failed: ${(d.exception?.description ?? d.text).slice(0, 500)}`);
  }
  return answer.result.value;
}

/** Per DevTools session, the scripts it has asked every new document's isolated world to run. */
const preloaded = new WeakMap<CDPSession, Set<string>>();

/**
 * From the page's next document on, run `source` in our isolated world of each new top-level
 * document as it is created (Page.addScriptToEvaluateOnNewDocument, under the world's name), so a
 * later read calls what it defines instead of sending it again: the extractor is ~93 KB, and
 * sending and compiling it cost ~20 ms of every extracting visit on a slow machine. Registered
 * once per DevTools session under `name`; the page's own scripts cannot see the world. A
 * registration that fails is not retried for this session: reads keep sending the code.
 */
export async function preloadInIsolatedWorld(page: Page, name: string, source: string): Promise<void> {
  const cdp = await devtoolsSession(page);
  let names = preloaded.get(cdp);
  if (!names) preloaded.set(cdp, (names = new Set()));
  if (names.has(name)) return;
  names.add(name);
  try {
    // A session runs its new-document scripts only with its Page domain on.
    await cdp.send("Page.enable");
    await cdp.send("Page.addScriptToEvaluateOnNewDocument", {
      source: onlyInVisitedDocuments(source),
      worldName: WORLD_NAME,
    });
  } catch {
    // The page is closing or navigating away: the next read sends the code, as without this.
  }
}

/** A script's first statement decides whether it is strict: a guard around the code must come after it. */
const STRICT_DIRECTIVE = /^\s*(["'])use strict\1;?/;

/**
 * `source` run only in the top frame's documents at http(s) addresses: not in frames, and not in
 * the about:blank a recycled page is reset to (page-reuse.ts) between visits. Strict if `source` is.
 */
function onlyInVisitedDocuments(source: string): string {
  const directive = STRICT_DIRECTIVE.exec(source);
  const body = directive ? source.slice(directive[0].length) : source;
  return `${directive ? '"use strict";\n' : ""}if (window === top && /^https?:$/.test(location.protocol)) {\n${body}\n}`;
}
