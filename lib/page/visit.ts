/**
 * One visit of a page → PageSnapshot, handed to `consume` while the page is still open (screenshots
 * and in-page extraction need it), then the page is closed. Every operational failure is thrown
 * as an OperationFailure with a spec 7.4 code.
 *
 * Order: validate selectors (on the blank page, nothing fetched) → install ad/cookie blocking →
 * navigate (DOMContentLoaded within the timeout, then `load` while time remains) → let in-flight
 * requests finish → bot check → HTTP status → content type → cookie banner → page options →
 * rendered HTML and its size → the document confirmed again → operations → confirmed once more.
 * A page that moved itself meanwhile to Chromium's error page, a failing status or a challenge
 * fails the visit (lib/page/main-document.ts): that page is never content.
 */
import type { Page } from "playwright-core";
import { OperationFailure } from "@/lib/failures";
import { getBrowserPool, type BrowserPool, type PageLease } from "./browser-pool";
import { boundedContent, REPLACED_LOAD_MS } from "./bounded-transfer";
import { getResidentialExits, type ExitLease, type ResidentialExits } from "./residential";
import { checkedTarget, failure } from "./failures";
import { navigate } from "./navigate";
import { isCdpMessageOverLimit } from "./sandbox";
import { confirmDocument } from "./main-document";
import { DocumentHold } from "./hold-document";
import { captureConsole } from "./console-capture";
import { enableAdBlocking } from "./adblock";
import { enableCookieBannerBlocking } from "./cookie-banners";
import { applyPageOptions, selectorsOf, validateSelectors } from "./page-options";
import { addTextRoute, hasOnlyTextRoute, notTextOnly, removeRoutes } from "./text-route";
import type { PageSnapshot, Viewport, VisitLimits, VisitRequest } from "./types";
import { recordStage, timeStage } from "@/lib/stage-timings";

export type { ConsoleEntry, PageSnapshot, VisitLimits, VisitRequest } from "./types";

export const DEFAULT_VIEWPORT: Viewport = { width: 1350, height: 797 };

export const DEFAULT_LIMITS: VisitLimits = {
  navigationTimeoutMs: 30_000,
  waitForSelectorMs: 10_000,
  maxHtmlBytes: 10 * 1024 * 1024,
  // Everything a visit may wait for (navigation 30 s, wait_for_selector 10 s, delay 10 s, bot
  // check 8 s, settling, cookie banners) plus time for the operations: then the slot is freed.
  visitMaxMs: 90_000,
  botCheckWaitMs: 8_000,
  settleMaxMs: 2_000,
  cookieBannerMaxMs: 3_000,
  textSettleMaxMs: 1_000,
};

export interface VisitDeps {
  pool?: BrowserPool;
  exits?: ResidentialExits;
}

/**
 * Whether the rendered HTML holds a document at all. Every parsed page has a root element, even an
 * empty response; a page without one is a page whose script removed it (an anti-adblock script's
 * last resort): nothing to read, never an empty answer billed as content.
 */
function hasRootElement(html: string): boolean {
  return /<[a-z]/i.test(html.replace(/^<!doctype[^>]*>/i, ""));
}

/** How many times a page may replace its document under the visit's reads before it fails. */
const MAX_REPLACEMENTS = 3;
/** Replacements after which the page's main frame is kept on its document (hold-document.ts). */
const HOLD_AFTER_REPLACEMENTS = 2;

/**
 * The operations' result on the page's latest document: where the page replaced its document under
 * the reads (a consent script reloading it; a late redirect to the article), they read the new one
 * once it is parsed. After HOLD_AFTER_REPLACEMENTS the page may not navigate again, so a page that
 * reloads itself for ever is read as it stands; one that still replaces its document (not by a
 * request: nothing to refuse) is not loadable. (A replacement that is an error page or a challenge
 * fails in `read` or `operate`.) read(true) is the first complete read, which may wait for a
 * challenge to clear.
 */
async function operateOnLatestDocument<T>(
  page: Page,
  read: (first: boolean) => Promise<PageSnapshot>,
  operate: (snap: PageSnapshot) => Promise<T>,
  hold: DocumentHold,
): Promise<T> {
  let readOnce = false;
  for (let replacements = 0; ;) {
    try {
      const snap = await read(!readOnce);
      readOnce = true;
      return await operate(snap);
    } catch (err) {
      if (!documentReplaced(err)) throw err;
      if (++replacements > MAX_REPLACEMENTS)
        throw failure("load_failed", "the page kept replacing its document");
      if (replacements === HOLD_AFTER_REPLACEMENTS) await hold.engage();
      await page.waitForLoadState("domcontentloaded", { timeout: REPLACED_LOAD_MS });
    }
  }
}

/**
 * Did a call into the page (an operation's, or reading its HTML) fail because the page replaced
 * its document under it? (CDP's answers to a call into a document that went away; the isolated
 * world's calls report them as "Execution context was destroyed", lib/page/isolated-world.ts.)
 */
function documentReplaced(err: unknown): boolean {
  return (
    err instanceof Error &&
    !(err instanceof OperationFailure) &&
    /Execution context was destroyed|Inspected target navigated|Cannot find context with specified id/i.test(
      err.message,
    )
  );
}

/**
 * Did this visit fail because the browser went away? Playwright can report the dead page a moment
 * before the browser's `disconnected` event, so failures that look like it get a short grace.
 */
async function browserWasLost(lease: PageLease, err: unknown): Promise<boolean> {
  if (lease.browserLost()) return true;
  if (!(err instanceof OperationFailure) || (err.code !== "unexpected" && err.code !== "load_failed"))
    return false;
  for (let i = 0; i < 5 && !lease.browserLost(); i++) await new Promise((r) => setTimeout(r, 50));
  return lease.browserLost();
}

function asFailure(err: unknown, lease: PageLease, crashed: boolean): OperationFailure {
  if (err instanceof OperationFailure) return err;
  if (crashed) return failure("load_failed", "the page crashed");
  const message = err instanceof Error ? err.message : String(err);
  // An answer of the browser's that the page made too big to let through (sandbox.ts).
  if (isCdpMessageOverLimit(err)) return failure("too_big", message);
  if (lease.browserLost()) return new OperationFailure("unexpected", `browser lost: ${message}`, true);
  return failure("unexpected", message);
}

async function runVisit<T>(
  lease: PageLease,
  req: VisitRequest,
  target: URL,
  limits: VisitLimits,
  startedAt: number,
  consume: (snap: PageSnapshot) => Promise<T>,
): Promise<T> {
  const { page } = lease;
  const setupStarted = performance.now();
  const viewport = req.viewport ?? DEFAULT_VIEWPORT;
  const colorScheme = req.colorScheme ?? "light";
  const consoleEntries = captureConsole(page);
  let crashed = false;
  page.on("crash", () => (crashed = true));
  try {
    if (viewport.width !== DEFAULT_VIEWPORT.width || viewport.height !== DEFAULT_VIEWPORT.height) {
      await page.setViewportSize(viewport);
    }
    if (colorScheme === "dark") await page.emulateMedia({ colorScheme: "dark" });
    await validateSelectors(page, selectorsOf(req.pageOptions, req.extraSelectors));
    const blockers = req.pageOptions?.block_ads || req.pageOptions?.block_cookie_banners;
    // A recycled page may still carry the text route of its last visit: kept for a plain text
    // visit, removed for any other (a full visit loads images; the blockers' routes come first).
    if (hasOnlyTextRoute(page) && (req.loadPolicy !== "text" || blockers))
      await removeRoutes(page, limits.navigationTimeoutMs);
    const ads = req.pageOptions?.block_ads ? await enableAdBlocking(page) : null;
    const banners = req.pageOptions?.block_cookie_banners ? await enableCookieBannerBlocking(page) : null;
    if (req.loadPolicy === "text") await addTextRoute(page, !blockers);
    else if (blockers) notTextOnly(page);

    recordStage("page_setup", performance.now() - setupStarted);
    const nav = await timeStage("navigation", () =>
      navigate(page, target.href, {
        egress: lease.egress,
        limits,
        // A residential visit's connection goes out elsewhere: probing from here would say nothing.
        probe: !req.residential,
        loadPolicy: req.loadPolicy ?? "full",
      }),
    );
    const captured = performance.now();
    if (ads) await ads.settle();
    if (banners) await banners.settle(limits.cookieBannerMaxMs);
    await applyPageOptions(page, req.pageOptions, limits.waitForSelectorMs);

    const confirm = { egress: lease.egress, botCheckWaitMs: limits.botCheckWaitMs };
    // The document as the operations get it: its HTML, measured in the page before it crosses to
    // Node. The page may have moved itself since it was judged (a timer, a meta refresh): to
    // Chromium's error page, a failing status or a challenge. A challenge that cleared is read again.
    const read = async (first: boolean): Promise<PageSnapshot> => {
      let html = await boundedContent(page, limits.maxHtmlBytes);
      if (crashed) throw failure("load_failed", "the page crashed");
      if (!hasRootElement(html)) throw failure("load_failed", "the page removed its own document");
      if (await confirmDocument(page, nav.main, first ? confirm : { ...confirm, botCheckWaitMs: 0 }))
        html = await boundedContent(page, limits.maxHtmlBytes);
      return {
        url: req.url,
        finalUrl: page.url(),
        status: nav.status,
        headers: nav.headers,
        html,
        console: consoleEntries,
        timings: { navigationMs: nav.navigationMs, totalMs: Date.now() - startedAt },
        page,
        settings: { viewport, deviceScaleFactor: req.deviceScaleFactor ?? 1, colorScheme },
      };
    };
    const operate = (snap: PageSnapshot) =>
      consume(snap).catch(async (err: unknown) => {
        // An operation that failed because the document was replaced under it: the replacement says why.
        await confirmDocument(page, nav.main, { ...confirm, botCheckWaitMs: 0, settleFirst: true });
        throw err;
      });
    const hold = new DocumentHold(page, limits.navigationTimeoutMs);
    try {
      const result = await operateOnLatestDocument(page, read, operate, hold);
      // A document replaced while the operations read it must not answer in its place: what they
      // read may have been Chromium's error page or a challenge (no waiting for it to clear now).
      await confirmDocument(page, nav.main, { ...confirm, botCheckWaitMs: 0 });
      return result;
    } finally {
      await hold.release();
      recordStage("capture", performance.now() - captured);
    }
  } catch (err) {
    throw asFailure(err, lease, crashed);
  }
}

/**
 * Whether a visit that succeeded left nothing on its page but a document and routes, so the pool may
 * reset the page for the organization's next visit: a text visit at the default viewport and
 * colour scheme, without the ad or cookie-banner blockers' scripts. Screenshot and console visits
 * (which may resize, emulate or run longer) always get a fresh page.
 */
function leavesPageReusable(req: VisitRequest): boolean {
  const viewport = req.viewport ?? DEFAULT_VIEWPORT;
  return (
    req.loadPolicy === "text" &&
    viewport.width === DEFAULT_VIEWPORT.width &&
    viewport.height === DEFAULT_VIEWPORT.height &&
    (req.colorScheme ?? "light") === "light" &&
    !req.pageOptions?.block_ads &&
    !req.pageOptions?.block_cookie_banners
  );
}

/** Load `req.url` once and hand the snapshot to `consume`; the page is released when `consume` settles. */
export async function visitPage<T>(
  req: VisitRequest,
  consume: (snap: PageSnapshot) => Promise<T>,
  deps: VisitDeps = {},
): Promise<T> {
  const startedAt = Date.now();
  const limits: VisitLimits = {
    ...DEFAULT_LIMITS,
    ...req.limits,
    ...(req.timeoutMs !== undefined && { navigationTimeoutMs: req.timeoutMs }),
  };
  const target = checkedTarget(req.url);
  const pool = deps.pool ?? getBrowserPool();
  // Leased before a page slot: with no exit free the visit fails at once and fetches nothing.
  const exit: ExitLease | null = req.residential ? (deps.exits ?? getResidentialExits()).lease() : null;
  // The budget runs from the moment the visit is taken, through the wait for a slot and the
  // opening of its page (browser calls that could wedge), not from when it got a page. Past it,
  // the page is closed, which ends whatever was waiting on it (a page that never answers, scripts
  // that hang the renderer), and the visit is a timeout (spec 7.4, retried per 7.5).
  const budget = new AbortController();
  let watchdog: NodeJS.Timeout | undefined;
  const overBudget = new Promise<never>((_, reject) => {
    watchdog = setTimeout(() => {
      const over = failure("timeout", `visit over its ${limits.visitMaxMs} ms budget`);
      budget.abort(over);
      reject(over);
    }, limits.visitMaxMs);
  });
  overBudget.catch(() => undefined); // raced below; unobserved when the visit ends first
  try {
    // If the browser dies under a visit, that is our fault, not the page's: run it once more.
    for (let attempt = 0; ; attempt++) {
      const acquiring = timeStage("slot", () =>
        pool.acquire(
          {
            organization: req.organization,
            host: target.hostname,
            deviceScaleFactor: req.deviceScaleFactor ?? 1,
            ...(exit && { exit: exit.name }),
            cookieBanners: req.pageOptions?.block_cookie_banners === true,
          },
          budget.signal,
        ),
      );
      let lease: PageLease;
      try {
        lease = await Promise.race([acquiring, overBudget]);
      } catch (err) {
        // Over budget while the page was opening: the lease that arrives later goes straight back.
        void acquiring.then(
          (late) => late.release(),
          () => undefined,
        );
        throw err;
      }
      const closeOnBudget = () => void lease.release();
      budget.signal.addEventListener("abort", closeOnBudget, { once: true });
      const visit = runVisit(lease, req, target, limits, startedAt, consume);
      visit.catch(() => undefined); // when the budget wins, its late failure is not news
      let reuse = false;
      try {
        const result = await Promise.race([visit, overBudget]);
        reuse = leavesPageReusable(req);
        return result;
      } catch (err) {
        if (attempt === 0 && !budget.signal.aborted && (await browserWasLost(lease, err))) continue;
        throw err;
      } finally {
        budget.signal.removeEventListener("abort", closeOnBudget);
        // The caller has its result; the page is reset or closed behind it.
        void lease.release(reuse);
      }
    }
  } finally {
    clearTimeout(watchdog);
    exit?.release();
  }
}
