/**
 * The main frame's documents during one visit, and whether what the frame shows now is still the
 * page. A page can move itself after its first response (a script setting `location`, a meta
 * refresh); when the new address does not answer, or the egress guard refuses it, Chromium commits
 * its own error page (chrome-error://chromewebdata/, "This site can't be reached") in its place.
 * That page is never content: the visit fails with the cause the failed navigation and the egress
 * proxy's records name (spec 7.4), and nothing is charged.
 */
import type { Page, Request, Response } from "playwright-core";
import type { EgressProxy } from "@/lib/net/egress-proxy";
import type { OperationFailure } from "@/lib/failures";
import { botCheckFromHeaders, detectBotCheck, waitForBotCheckToClear } from "./bot-check";
import {
  egressVerdict,
  failure,
  failureFromNavigationError,
  failureFromResponse,
  isHtmlContentType,
} from "./failures";

/** A main-frame navigation that ended without a document of its own. */
interface FailedNavigation {
  url: string;
  /** Chromium's net error, e.g. "net::ERR_TUNNEL_CONNECTION_FAILED". */
  errorText: string;
}

export interface MainDocument {
  /** Host of every main-frame request (redirect hops and later navigations), in order. */
  hosts: string[];
  /** The latest main-frame response. */
  response: Response | null;
  /** A verdict the headers alone gave (a PDF, a declared 50 MB body). */
  early: OperationFailure | null;
  earlyPromise: Promise<OperationFailure>;
  /** Resolves at the first main-frame commit. */
  committed: Promise<void>;
  /** The latest main-frame navigation that failed (its error page, if any, is what the frame shows). */
  failed: FailedNavigation | null;
  /** Main-frame commits so far; a change means a document may have replaced the judged one. */
  commits: number;
  /** A main-frame navigation request sent and not answered yet. */
  underWay: Request | null;
  /** A navigation was answered (or failed) and its document (or error page) has not committed yet. */
  uncommitted: boolean;
  /** Resolves at the next of those events (request, response, failure, commit). */
  changed: Promise<void>;
  /** `commits` and `response` when the frame's document was last judged usable. */
  judged: Judged;
  /** Date.now() when the watch started: only egress records since then explain this visit. */
  startedAt: number;
}

export interface Judged {
  commits: number;
  response: Response | null;
}

function isMainFrameNavigation(page: Page, request: Request): boolean {
  try {
    return request.isNavigationRequest() && request.frame() === page.mainFrame();
  } catch {
    // Requests without a frame (workers) are never the main document.
    return false;
  }
}

/** What the headers alone prove: a successful response that is not HTML, or HTML declared too big. */
function earlyVerdict(status: number, h: Record<string, string>, maxBytes: number): OperationFailure | null {
  if (status < 200 || status >= 300) return null;
  // Without a content type Chromium sniffs the body: only the rendered document can tell.
  if (h["content-type"] && !isHtmlContentType(h["content-type"]))
    return failure("not_a_web_page", `content type ${h["content-type"]}`);
  const length = Number(h["content-length"]);
  // Only an unencoded length says how big the HTML will be; a compressed one understates it.
  if (!h["content-encoding"] && Number.isFinite(length) && length > maxBytes)
    return failure("too_big", "Content-Length over the HTML limit");
  return null;
}

/**
 * Watches main-frame documents from before the first navigation to the end of the visit (the
 * listeners go when the page is released). A response that can already be judged from its
 * headers settles `early`, so the caller can stop the load instead of letting Chromium render it.
 */
export function watchMainDocument(page: Page, maxBytes: number): MainDocument {
  let settleEarly: (f: OperationFailure) => void = () => undefined;
  let markCommitted: () => void = () => undefined;
  let signal: () => void = () => undefined;
  const state: MainDocument = {
    hosts: [],
    response: null,
    early: null,
    earlyPromise: new Promise<OperationFailure>((resolve) => (settleEarly = resolve)),
    committed: new Promise<void>((resolve) => (markCommitted = resolve)),
    failed: null,
    commits: 0,
    underWay: null,
    uncommitted: false,
    changed: new Promise<void>((resolve) => (signal = resolve)),
    judged: { commits: 0, response: null },
    startedAt: Date.now(),
  };
  const changed = () => {
    const resolve = signal;
    state.changed = new Promise<void>((r) => (signal = r));
    resolve();
  };
  const answered = (request: Request) => {
    if (state.underWay === request) state.underWay = null;
    state.uncommitted = true;
    changed();
  };
  page.on("request", (request) => {
    if (!isMainFrameNavigation(page, request)) return;
    state.underWay = request;
    try {
      state.hosts.push(new URL(request.url()).hostname);
    } catch {
      // data: or about: URLs have no host worth recording.
    }
    changed();
  });
  page.on("response", (response) => {
    if (!isMainFrameNavigation(page, response.request())) return;
    state.response = response;
    const early = earlyVerdict(response.status(), response.headers(), maxBytes);
    if (early && !state.early) {
      state.early = early;
      settleEarly(early);
    }
    answered(response.request());
  });
  page.on("requestfailed", (request) => {
    if (!isMainFrameNavigation(page, request)) return;
    const errorText = request.failure()?.errorText ?? "";
    answered(request);
    // An aborted navigation (replaced by another, a download, a 204) commits nothing and explains nothing.
    if (/ERR_ABORTED/.test(errorText)) state.uncommitted = false;
    else state.failed = { url: request.url(), errorText };
  });
  page.on("framenavigated", (frame) => {
    if (frame !== page.mainFrame()) return;
    state.commits++;
    state.uncommitted = false;
    markCommitted();
    changed();
  });
  return state;
}

/**
 * Waits, at most `ms`, until no main-frame navigation is under way: none sent and unanswered,
 * none answered whose document (or error page) has yet to commit.
 */
async function navigationSettled(main: MainDocument, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while ((main.underWay || main.uncommitted) && Date.now() < deadline) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([main.changed, new Promise((r) => (timer = setTimeout(r, deadline - Date.now())))]);
    clearTimeout(timer);
  }
}

/** Chromium's own error page ("This site can't be reached"), committed when a navigation failed. */
export function showsErrorPage(page: Page): boolean {
  return page.mainFrame().url().startsWith("chrome-error://");
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.replace(/^\[|\]$/g, "");
  } catch {
    return null;
  }
}

/**
 * Why the frame shows Chromium's error page (the failed navigation's net error, explained by the
 * egress proxy's records), or null when it shows a document.
 */
export function errorPageFailure(
  page: Page,
  main: MainDocument,
  egress: EgressProxy,
): OperationFailure | null {
  if (!showsErrorPage(page)) return null;
  const failedHost = main.failed ? hostOf(main.failed.url) : null;
  const ctx = {
    egress,
    hosts: failedHost ? [...main.hosts, failedHost] : main.hosts,
    withinMs: Date.now() - main.startedAt + 1_000,
  };
  if (!main.failed) return egressVerdict(ctx) ?? failure("load_failed", "Chromium's error page");
  const detail = `${main.failed.errorText} at ${main.failed.url}`;
  const named = failureFromNavigationError(new Error(detail), ctx);
  // The frame shows an error page whatever the message says: never "unexpected", never content.
  return named.code === "unexpected" ? failure("load_failed", detail) : named;
}

/**
 * What is wrong with the document the main frame shows now, or null: Chromium's error page, or
 * a failing status (404, 5xx, the egress proxy's refusal) of the latest main-frame response.
 */
export function documentFailure(
  page: Page,
  main: MainDocument,
  egress: EgressProxy,
): OperationFailure | null {
  const errorPage = errorPageFailure(page, main, egress);
  if (errorPage) return errorPage;
  const response = main.response;
  return response ? failureFromResponse(response.status(), response.headers()) : null;
}

/** Which document (and latest response) the frame has now: what a verdict taken now is about. */
export function judgedNow(main: MainDocument): Judged {
  return { commits: main.commits, response: main.response };
}

/** Record that `judged` (default: what the frame has now) was found usable. */
export function markJudged(main: MainDocument, judged: Judged = judgedNow(main)): void {
  main.judged = judged;
}

/** How long a navigation under way may take to commit its document before we judge without it. */
const COMMIT_WAIT_MS = 2_000;

/** The vendor of a challenge a late navigation led to ("" for none). */
async function lateChallenge(page: Page, main: MainDocument): Promise<string> {
  const response = main.response;
  if (response === main.judged.response && main.commits === main.judged.commits) return "";
  // Headers first: the response can arrive before its document commits.
  const byHeaders = response ? botCheckFromHeaders(response.status(), response.headers()) : null;
  if (byHeaders) return byHeaders;
  // The document asked about must be the one that arrived.
  await navigationSettled(main, COMMIT_WAIT_MS);
  const vendor = await detectBotCheck(page);
  if (vendor !== undefined) return vendor;
  // Replaced while we asked: ask the document that replaced it.
  await page.waitForLoadState("domcontentloaded", { timeout: 5_000 }).catch(() => undefined);
  return (await detectBotCheck(page)) ?? "";
}

export interface ConfirmOptions {
  egress: EgressProxy;
  /** How long a challenge a late navigation led to gets to clear (0: none, it fails at once). */
  botCheckWaitMs: number;
  /**
   * Wait first for a navigation under way to commit: after an operation failed, most likely
   * because the document it read was being replaced.
   */
  settleFirst?: boolean;
}

/**
 * A later look at a document already judged usable (after page options, after the operations ran):
 * throws when a late navigation replaced it by Chromium's error page, a failing response, or an
 * anti-bot interstitial that does not clear. True when a challenge cleared meanwhile, so the
 * caller reads the document again.
 */
export async function confirmDocument(
  page: Page,
  main: MainDocument,
  opts: ConfirmOptions,
): Promise<boolean> {
  if (opts.settleFirst) await navigationSettled(main, COMMIT_WAIT_MS);
  const errorPage = () => errorPageFailure(page, main, opts.egress);
  let bad = errorPage();
  if (bad) throw bad;
  const vendor = await lateChallenge(page, main);
  if (vendor && !(await waitForBotCheckToClear(page, opts.botCheckWaitMs)))
    throw errorPage() ?? failure("bot_check", vendor);
  bad = documentFailure(page, main, opts.egress);
  if (bad) throw bad;
  markJudged(main);
  return vendor !== "";
}
