import type { Page } from "playwright-core";

/**
 * Opens the Playground (on one of its tabs: "map", "crawl", "batch") and waits until React owns its form: a
 * choice made on the server-rendered form before hydration may be reset by it (the first load of
 * the page's scripts can take a while).
 */
export async function openPlayground(
  page: Page,
  appUrl: string,
  tab?: "map" | "crawl" | "batch",
): Promise<void> {
  await page.goto(`${appUrl}/playground${tab ? `?tab=${tab}` : ""}`);
  await page.locator("[data-playground-ready]").waitFor();
}
