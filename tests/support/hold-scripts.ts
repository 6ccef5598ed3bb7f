import type { Page } from "playwright-core";

/**
 * Holds every script of the app's pages (Next.js chunks) until the returned function is called:
 * the page's server-rendered HTML is there and visible, but React has not taken it over. That is
 * the state a loaded machine leaves a page in for seconds, made to last as long as a test needs
 * it. Routing turns the browser's HTTP cache off, so a reload is held too. Navigate with
 * `waitUntil: "domcontentloaded"` meanwhile (the load event waits for the held scripts).
 */
export async function holdScripts(page: Page): Promise<() => Promise<void>> {
  const pattern = "**/_next/static/**/*.js";
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held = new Set<Promise<void>>();
  await page.route(pattern, (route) => {
    const passed = released.then(() => route.continue());
    held.add(passed);
    return passed;
  });
  return async () => {
    release();
    // Every held request goes on before the route is removed (removing it first would let
    // Playwright continue them itself, and ours would then fail as "already handled").
    await Promise.all(held);
    await page.unroute(pattern);
  };
}
