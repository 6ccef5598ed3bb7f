/**
 * Navigation and everything that decides whether the loaded document is a usable web page:
 * network errors, bot checks, HTTP status, content type and declared size.
 */
import type { Page } from "playwright-core";
import type { EgressProxy } from "@/lib/net/egress-proxy";
import { botCheckFromHeaders, DETECT_BOT_CHECK_JS, waitForBotCheckToClear } from "./bot-check";
import { failure, failureFromNavigationError, isHtmlContentType } from "./failures";
import {
  confirmDocument,
  errorPageFailure,
  judgedNow,
  markJudged,
  watchMainDocument,
  type MainDocument,
} from "./main-document";
import { probeConnection } from "./probe";
import { evaluateBounded, SMALL_RESULT_MAX_CHARS } from "./bounded-transfer";
import { devtoolsSession, dropDevtoolsSession } from "./isolated-world";
import { trackNetwork } from "./settle";
import type { LoadPolicy, VisitLimits } from "./types";
import type { OperationFailure } from "@/lib/failures";
import { recordStage, timeStage } from "@/lib/stage-timings";

export interface NavigateOptions {
  egress: EgressProxy;
  limits: VisitLimits;
  /** Probe the connection after a timeout to tell connect timeouts from slow pages. */
  probe: boolean;
  /** "text": stop waiting for `load` and in-flight requests `limits.textSettleMaxMs` after the DOM is ready. */
  loadPolicy?: LoadPolicy;
}

export interface NavigationResult {
  status: number;
  headers: Record<string, string>;
  navigationMs: number;
  /** The main frame's documents, watched until the page is released (late navigations). */
  main: MainDocument;
}

/** Longest we spend probing a connection after a navigation timeout. */
const PROBE_TIMEOUT_MS = 3_000;

/**
 * Stop a document that is still loading. Closing a page between its response and
 * DOMContentLoaded can hang Chromium for minutes (and break the browser), so the load is stopped
 * from inside the committed document first; after that the page closes at once.
 */
async function stopLoading(
  page: Page,
  committed: Promise<void>,
  navigation: Promise<unknown>,
): Promise<void> {
  // A download never commits a document: the navigation settles (fails) instead.
  await Promise.race([committed, navigation, new Promise((r) => setTimeout(r, 3_000))]);
  await page.evaluate("window.stop()").catch(() => undefined);
}

/**
 * The challenge vendor ("" for none) and the content type Chromium gave the loaded document. The
 * content type is read in an isolated world: a page script can redefine `document.contentType` in
 * its own world (to pass an XML or text document off as HTML), not in ours. The vendor check needs
 * the page's globals (a challenge script's settings) and answers only constants of its own.
 */
async function inspectDocument(page: Page): Promise<{ vendor: string; contentType: string | null }> {
  try {
    // Two worlds, two questions, asked at once (one wait instead of two).
    const [contentType, vendor] = await Promise.all([
      evaluateBounded<unknown>(page, "document.contentType", SMALL_RESULT_MAX_CHARS),
      page.evaluate(DETECT_BOT_CHECK_JS),
    ]);
    return {
      vendor: typeof vendor === "string" ? vendor.slice(0, 40) : "",
      contentType: typeof contentType === "string" ? contentType : null,
    };
  } catch {
    // The document is being replaced (a script redirect): judge by headers; the next steps wait for it.
    return { vendor: "", contentType: null };
  }
}

async function timeoutFailure(
  url: string,
  gotResponse: boolean,
  opts: NavigateOptions,
  err: unknown,
): Promise<OperationFailure> {
  const slow = failureFromNavigationError(err, { egress: opts.egress, hosts: [] });
  if (gotResponse || !opts.probe) return slow;
  switch (await probeConnection(url, PROBE_TIMEOUT_MS)) {
    case "timeout":
      return failure("connect_timeout", "no connection (TCP/TLS) within the probe timeout");
    case "refused":
      return failure("connection_refused", "probe: connection refused");
    case "not_found":
      return failure("not_found", "probe: name not resolved");
    case "blocked":
      return failure("not_public", "probe: egress policy");
    default:
      return slow;
  }
}

/**
 * Whether the page's window or document has a listener for the events that end loading (`load`,
 * `DOMContentLoaded`, `readystatechange`, `pageshow`), inline attributes included: a script can
 * start requests from one. Asked through DevTools' command-line API (a page cannot list its own
 * listeners), in one round trip; when it cannot be told, yes. It runs in the page's world (the
 * API lists the listeners of the world it runs in), so a page can make it answer wrongly, which
 * costs only its own visit a wait of at most 100 ms, or a request its load handler started later.
 */
const HAS_LOAD_HANDLERS_JS = `(() => {
  // A global of the page's own by that name shadows DevTools' one: then we cannot tell.
  if (!Function.prototype.toString.call(getEventListeners).includes("[native code]")) return true;
  const types = ["load", "DOMContentLoaded", "readystatechange", "pageshow"];
  const w = getEventListeners(window), d = getEventListeners(document);
  for (let i = 0; i < 4; i++) if (types[i] in w || types[i] in d) return true;
  return false;
})()`;
export async function hasLoadHandlers(page: Page): Promise<boolean> {
  try {
    const cdp = await devtoolsSession(page);
    const { result, exceptionDetails } = await cdp.send("Runtime.evaluate", {
      expression: HAS_LOAD_HANDLERS_JS,
      includeCommandLineAPI: true,
      returnByValue: true,
      silent: true,
    });
    return exceptionDetails !== undefined || result.value !== false;
  } catch {
    dropDevtoolsSession(page); // a new session next time
    return true;
  }
}

/** Navigate `page` to `url` and make sure what loaded is a usable HTML page. */
export async function navigate(page: Page, url: string, opts: NavigateOptions): Promise<NavigationResult> {
  const { limits } = opts;
  const main = watchMainDocument(page, limits.maxHtmlBytes);
  const network = trackNetwork(page);
  const started = Date.now();
  const deadline = started + limits.navigationTimeoutMs;
  const sinceStart = () => Date.now() - started + 1_000;

  try {
    // Settles with the navigation error, or null; an early verdict from the headers may win the race.
    const navigation = page
      .goto(url, { waitUntil: "domcontentloaded", timeout: limits.navigationTimeoutMs })
      .then(
        () => null,
        (err: unknown) => err ?? new Error("navigation failed"),
      );
    const gotoStarted = performance.now();
    const err = await Promise.race([navigation, main.earlyPromise]);
    recordStage("nav_goto", performance.now() - gotoStarted);
    if (main.early) {
      await stopLoading(page, main.committed, navigation);
      throw main.early;
    }
    if (err) {
      const message = err instanceof Error ? err.message : String(err);
      // A script or meta refresh replaced the document before it finished loading: follow it.
      if (!/interrupted by another navigation/i.test(message)) {
        if (err instanceof Error && err.name === "TimeoutError")
          throw await timeoutFailure(url, main.response !== null, opts, err);
        const hosts = main.hosts.length ? main.hosts : [new URL(url).hostname];
        throw failureFromNavigationError(err, { egress: opts.egress, hosts, withinMs: sinceStart() });
      }
      await page.waitForLoadState("domcontentloaded", { timeout: Math.max(1, deadline - Date.now()) });
    }
    // `load` can hang on one slow subresource; the document is usable without it. A text visit
    // waits for it (and then for in-flight requests) only briefly: its DOM is ready already.
    const text = opts.loadPolicy === "text";
    const loadDeadline = text ? Math.min(deadline, Date.now() + limits.textSettleMaxMs) : deadline;
    await timeStage("nav_load", () =>
      page
        .waitForLoadState("load", { timeout: Math.max(1, loadDeadline - Date.now()) })
        .catch(() => undefined),
    );
    const navigationMs = Date.now() - started;
    // Requests a `load` handler starts are reported to us a moment later (the routing of a text
    // visit delays them): give them that moment before asking what is in flight. A page with no
    // such handler (most static pages) has nothing to wait for.
    if (text && (await timeStage("nav_load_handlers", () => hasLoadHandlers(page))))
      await new Promise((r) => setTimeout(r, Math.max(0, Math.min(100, loadDeadline - Date.now()))));
    await network.settle(text ? Math.max(0, loadDeadline - Date.now()) : limits.settleMaxMs);

    if (main.early) throw main.early;
    // A script or meta refresh that moved the page to an address that did not answer (or that the
    // egress guard refused) left Chromium's error page: the visit fails with that cause.
    const moved = errorPageFailure(page, main, opts.egress);
    if (moved) throw moved;
    const first = main.response;
    if (!first) throw failure("load_failed", "no response for the main document");
    const inspected = judgedNow(main);
    // One round trip for both questions about the document.
    let doc = await timeStage("nav_inspect", () => inspectDocument(page));
    const vendor = botCheckFromHeaders(first.status(), first.headers()) || doc.vendor;
    if (vendor) {
      if (!(await waitForBotCheckToClear(page, limits.botCheckWaitMs)))
        throw errorPageFailure(page, main, opts.egress) ?? failure("bot_check", vendor);
      await network.settle(limits.settleMaxMs);
      markJudged(main); // the challenge's successor: no challenge
    } else markJudged(main, inspected);

    // The page may have moved on while we looked (a script, a meta refresh): its new document is
    // judged as a late one is — error page, challenge, status — and asked about again.
    const cleared = await confirmDocument(page, main, {
      egress: opts.egress,
      botCheckWaitMs: limits.botCheckWaitMs,
    });
    if (vendor || cleared || main.commits !== inspected.commits) doc = await inspectDocument(page);
    const response = main.response ?? first;
    const headers = response.headers();
    const docType = doc.contentType ?? headers["content-type"];
    if (!isHtmlContentType(docType)) throw failure("not_a_web_page", `content type ${docType ?? "unknown"}`);
    return { status: response.status(), headers, navigationMs, main };
  } finally {
    network.dispose();
  }
}
