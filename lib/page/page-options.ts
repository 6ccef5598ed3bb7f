/**
 * Page options (spec 2.2) applied to a loaded page, in a fixed order: wait_for_selector, then
 * delay, then remove_selectors — so removal also catches what appeared while waiting.
 */
import type { Page } from "playwright-core";
import type { PageOptions } from "@/lib/schemas/options";
import { failure } from "./failures";
import { evaluateBounded, SMALL_RESULT_MAX_CHARS } from "./bounded-transfer";

/** Every selector a visit will use: checked once, before any page is loaded. */
export function selectorsOf(options: PageOptions | undefined, extra: readonly string[] = []): string[] {
  return [
    ...(options?.wait_for_selector ? [options.wait_for_selector] : []),
    ...(options?.remove_selectors ?? []),
    ...extra,
  ];
}

// In-page code is passed as source text: bundlers may wrap inline functions in helpers the page lacks.
const FIRST_INVALID_JS = `(selectors) => {
  const probe = document.createDocumentFragment();
  for (let i = 0; i < selectors.length; i++) {
    try { probe.querySelector(selectors[i]); } catch (e) { return i; }
  }
  return -1;
}`;

/**
 * Throw OperationFailure('invalid_selector') if any selector is not valid CSS. Checked with the
 * browser's own parser (what will run them later), on the blank page, so nothing is fetched.
 */
export async function validateSelectors(page: Page, selectors: readonly string[]): Promise<void> {
  if (selectors.length === 0) return;
  const bad = (await page.evaluate(`(${FIRST_INVALID_JS})(${JSON.stringify(selectors)})`)) as number;
  if (bad >= 0)
    throw failure("invalid_selector", `not valid CSS: ${JSON.stringify(selectors[bad]).slice(0, 200)}`);
}

/** Wait for an element matching `selector` to be in the DOM (not necessarily visible). */
export async function waitForSelector(page: Page, selector: string, timeoutMs: number): Promise<void> {
  try {
    await page.waitForFunction(`document.querySelector(${JSON.stringify(selector)}) !== null`, undefined, {
      timeout: timeoutMs,
      polling: 100,
    });
  } catch (err) {
    if (err instanceof Error && err.name === "TimeoutError") {
      throw failure("wait_for_selector_timeout", `${selector} not present after ${timeoutMs} ms`);
    }
    throw err;
  }
}

/** Remove every element matching any of `selectors`; returns how many were removed. */
export async function removeSelectors(page: Page, selectors: readonly string[]): Promise<number> {
  if (selectors.length === 0) return 0;
  return evaluateBounded<number>(
    page,
    `((selectors) => {
    let n = 0;
    for (const s of selectors) for (const el of document.querySelectorAll(s)) { el.remove(); n++; }
    return n;
  })(${JSON.stringify(selectors)})`,
    SMALL_RESULT_MAX_CHARS,
  );
}

export async function applyPageOptions(
  page: Page,
  options: PageOptions | undefined,
  waitForSelectorMs: number,
): Promise<void> {
  if (!options) return;
  if (options.wait_for_selector) await waitForSelector(page, options.wait_for_selector, waitForSelectorMs);
  if (options.delay) await page.waitForTimeout(options.delay);
  if (options.remove_selectors?.length) await removeSelectors(page, options.remove_selectors);
}
