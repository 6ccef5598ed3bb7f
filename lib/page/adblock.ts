/**
 * block_ads (spec 2.2) with @ghostery/adblocker-playwright, parsed once from a local list.
 *
 * We route requests ourselves instead of calling `enableBlockingInPage`: ghostery always lets the
 * main document through, but a URL that is itself an ad server must fail with "The request was
 * blocked by the client." (spec 7.4). Its `route.continue()` bypasses any other route handler;
 * that is fine here because egress is enforced by the proxy, not by routes. Routing disables the
 * HTTP cache for the page, which is why it is only switched on when asked.
 */
import fs from "node:fs";
import type { Page, Route } from "playwright-core";
import { PlaywrightBlocker, fromPlaywrightDetails } from "@ghostery/adblocker-playwright";
import { BUILT_IN_AD_LIST } from "./adblock-list";
import { config } from "@/lib/config";
import { singleton } from "@/lib/singleton";

/** The engine, built on first use from ADBLOCK_LIST_FILE when set, else the built-in list. */
export function adBlocker(): PlaywrightBlocker {
  return singleton("adBlocker", () => {
    const file = config().ADBLOCK_LIST_FILE;
    const text = file ? fs.readFileSync(file, "utf8") : BUILT_IN_AD_LIST;
    return PlaywrightBlocker.parse(text, { loadCosmeticFilters: true, loadNetworkFilters: true });
  });
}

async function onRoute(blocker: PlaywrightBlocker, route: Route): Promise<void> {
  const request = fromPlaywrightDetails(route.request());
  if (request.type === "other") request.guessTypeOfRequest();
  const { redirect, match } = blocker.match(request);
  if (redirect) {
    const base64 = redirect.contentType.endsWith(";base64");
    await route.fulfill({
      body: base64 ? Buffer.from(redirect.body, "base64") : redirect.body,
      contentType: base64 ? redirect.contentType.slice(0, -7) : redirect.contentType,
    });
  } else if (match) {
    await route.abort("blockedbyclient");
  } else {
    await route.continue();
  }
}

/** How long a capture waits for the ad slots' hiding styles once the DOM is ready. */
const COSMETIC_SETTLE_MS = 2_000;

/**
 * Block ad requests (the main document included) and hide ad slots in every frame of `page`.
 * `settle()` resolves once the main frame's hiding styles are in (they are injected after the DOM
 * is ready, asynchronously): a capture that does not wait for it may still show the slots.
 */
export async function enableAdBlocking(page: Page): Promise<{ settle: () => Promise<void> }> {
  const blocker = adBlocker();
  // Route calls fail harmlessly once the page is closed; never let them surface as rejections.
  await page.route("**/*", (route) => onRoute(blocker, route).catch(() => undefined));
  page.on("framenavigated", (frame) => void blocker.onFrameNavigated(frame).catch(() => undefined));
  let hidden: Promise<void> = Promise.resolve();
  page.once("domcontentloaded", () => {
    hidden = blocker.onFrameNavigated(page.mainFrame()).catch(() => undefined);
  });
  return {
    settle: () =>
      Promise.race([hidden, new Promise<void>((resolve) => setTimeout(resolve, COSMETIC_SETTLE_MS).unref())]),
  };
}
