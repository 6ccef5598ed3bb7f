import type { Page } from "playwright-core";
import { hasOnlyTextRoute, removeRoutes } from "./text-route";

/**
 * Closing and reusing the pool's pages (lib/page/browser-pool.ts): a page reset for its context's
 * next visit, or closed within a deadline whose miss says the browser is wedged.
 */

/** How long a page may take to close before its browser is considered wedged. */
export const PAGE_CLOSE_TIMEOUT_MS = 10_000;
/** How long resetting a page for reuse may take before it is closed instead. */
const RECYCLE_TIMEOUT_MS = 2_000;

export async function closeWithin(page: Page, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const closed = page.close().then(
    () => true,
    () => true,
  );
  const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([closed, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The listeners a page had when it was leased: Playwright's own (it watches `close` and `crash`
 * itself) and none of the visit's. Removing the rest resets the page without breaking Playwright.
 */
export type ListenerBaseline = Map<string | symbol, Set<unknown>>;

export function listenerBaseline(page: Page): ListenerBaseline {
  const emitter = page as unknown as NodeJS.EventEmitter;
  return new Map(emitter.eventNames().map((name) => [name, new Set<unknown>(emitter.rawListeners(name))]));
}

function removeListenersSince(page: Page, baseline: ListenerBaseline): void {
  const emitter = page as unknown as NodeJS.EventEmitter;
  for (const name of emitter.eventNames()) {
    const kept = baseline.get(name);
    for (const listener of emitter.rawListeners(name)) {
      if (!kept?.has(listener)) emitter.removeListener(name, listener as (...args: unknown[]) => void);
    }
  }
}

/**
 * Makes a page fit for the same context's next visit, or says it is not: its routes (but a text
 * visit's own) and listeners go, and its document is replaced by about:blank, which ends the page's scripts,
 * timers and connections before anything else loads there. A page is cheaper to reuse than to
 * open (measured: about half the browser's CPU per visit, docs/decisions.md "Recycled pages").
 */
export async function recyclePage(page: Page, baseline: ListenerBaseline): Promise<boolean> {
  try {
    // The text route alone stays (./text-route.ts): the next visit keeps it if it is a text visit
    // too, and removes it before anything else.
    if (!hasOnlyTextRoute(page)) await removeRoutes(page, RECYCLE_TIMEOUT_MS);
    removeListenersSince(page, baseline);
    await page.goto("about:blank", { timeout: RECYCLE_TIMEOUT_MS });
    return page.url() === "about:blank";
  } catch {
    return false;
  }
}
