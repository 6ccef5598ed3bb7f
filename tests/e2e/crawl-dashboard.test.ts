import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium, type Browser, type Page } from "playwright-core";
import { startApp, type App } from "../support/app";
import { startCrawlSite, type CrawlSite } from "../support/sites/crawl-site";
import { openPlayground } from "../support/playground";
import { E2E_STEP_TIMEOUT_MS } from "../support/e2e-timeouts";
import { signUpConfirmed } from "../support/accounts";

/**
 * The dashboard's whole-site surfaces in real Chromium against `next start` (needs `npx next build`
 * first) and the generated docs.test site: the Playground's Map, Crawl and Batch tabs run and follow
 * real crawls and batches (and cancel one), and the project's crawl list shows them and cancels a
 * running one. Both at phone width.
 *
 * Set E2E_SCREENSHOTS=<dir> to save a PNG of each step for a visual check.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/lib/chromium/chromium";
/** A crawl of this many pages finishes in seconds on docs.test's tiny pages. */
const SMALL_CRAWL = 4;
const SHOTS = process.env.E2E_SCREENSHOTS;

describe("crawls in the dashboard end to end", { timeout: 240_000 }, () => {
  let site: CrawlSite;
  let app: App;
  let browser: Browser;
  let page: Page;
  const browserErrors: string[] = [];

  const shot = async (name: string) => {
    if (!SHOTS) return;
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  };
  /** Wider than the viewport means the user must scroll sideways: the layout failed. */
  const sidewaysOverflow = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  beforeAll(async () => {
    site = await startCrawlSite();
    [app, browser] = await Promise.all([
      startApp({ PAGE_TEST_HOSTS: site.hostsEnv, RESEND_API_KEY: "", EMAIL_DEV_OUTBOX: "1" }),
      chromium.launch({ executablePath: CHROMIUM, args: ["--headless", "--no-sandbox", "--disable-gpu"] }),
    ]);
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(E2E_STEP_TIMEOUT_MS);
    page.on("pageerror", (e) => browserErrors.push(e.message));
    page.on("response", (r) => {
      if (r.status() >= 400) browserErrors.push(`${r.status()} ${new URL(r.url()).pathname}`);
    });
    await signUpConfirmed(page, app, {
      name: "Grace Hopper",
      organization: "Compilers",
      email: `grace+${Date.now()}@example.com`,
    });
  });

  afterAll(async () => {
    if (process.env.E2E_LOGS) console.log(app?.logs.join(""));
    await browser?.close();
    await app?.stop();
    await site?.close();
  });

  it("maps a site, crawls it with live progress and previews a page's Markdown", async () => {
    await openPlayground(page, app.url, "map");
    await page.fill("#site-url", "http://docs.test/");
    await page.fill("#site-limit", "10");
    await page.getByRole("button", { name: "Run map" }).click();
    await page.getByRole("heading", { name: "10 links" }).waitFor();
    expect(await page.locator("[data-testid=map-links] li").count()).toBe(10);
    await shot("crawl-01-map");

    await page.getByTestId("playground-tab-crawl").click();
    await page.waitForURL(/tab=crawl/);
    await page.locator("[data-playground-ready]").waitFor();
    await page.fill("#site-url", "http://docs.test/");
    await page.fill("#site-limit", String(SMALL_CRAWL));
    await page.fill("#site-depth", "1");
    await page.getByRole("button", { name: "Run crawl" }).click();
    await page.locator("[data-testid=crawl-progress][data-status=complete]").waitFor({ timeout: 120_000 });
    await expect(page.getByTestId("crawl-count").textContent()).resolves.toBe(
      `${SMALL_CRAWL} of ${SMALL_CRAWL} pages`,
    );
    const listed = page.locator("[data-testid=crawl-page]");
    expect(await listed.count()).toBe(SMALL_CRAWL);
    expect(await listed.allTextContents()).toContain("http://docs.test/");
    await listed.filter({ hasText: /^http:\/\/docs\.test\/$/ }).click();
    await page.locator("[data-testid=markdown-preview] a").first().waitFor();
    await shot("crawl-02-crawl-complete");
  });

  it("lists the project's crawls, cancels a running one, and shows a crawl's pages", async () => {
    // Slow pages keep a large crawl running long enough to cancel it from the list.
    site.slowMs = 1500;
    await page.fill("#site-limit", "100");
    await page.fill("#site-depth", "3");
    await page.getByRole("button", { name: "Run crawl" }).click();
    await page.locator("[data-testid=crawl-progress][data-status=processing]").waitFor();

    await page.goto(`${app.url}/dashboard/projects`);
    await page.locator("[data-testid=project-list] a").first().click();
    await page.getByRole("link", { name: "Crawls and batches" }).click();
    const rows = page.locator("[data-testid=crawl-row]");
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    // Newest first: the running crawl, then the finished one.
    const running = rows.nth(0);
    await running.locator("[data-testid=crawl-progress][data-status=processing]").waitFor();
    await shot("crawl-03-list-running");
    await rows.nth(1).locator("[data-testid=crawl-progress][data-status=complete]").waitFor();
    expect(await rows.nth(1).getByTestId("cancel-crawl").count()).toBe(0);

    await running.getByTestId("cancel-crawl").click();
    await running.locator("[data-testid=crawl-progress][data-status=cancelled]").waitFor();
    expect(await running.getByTestId("cancel-crawl").count()).toBe(0);
    site.slowMs = 0;

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await sidewaysOverflow()).toBe(0);
    await shot("crawl-04-list-390");
    await rows.nth(1).getByTestId("crawl-link").click();
    await page.waitForURL(/\/crawls\/crawl_/);
    const pages = page.locator("[data-testid=crawl-detail-pages] li");
    await pages.first().waitFor();
    expect(await pages.count()).toBe(SMALL_CRAWL);
    expect(await sidewaysOverflow()).toBe(0);
    await shot("crawl-05-detail-390");

    await openPlayground(page, app.url, "crawl");
    expect(await sidewaysOverflow()).toBe(0);
    await shot("crawl-06-playground-390");
    // The form is keyboard reachable: from the URL field, Tab reaches Run without a pointer.
    await page.focus("#site-url");
    const focusedRun = async () => {
      for (let i = 0; i < 30; i++) {
        await page.keyboard.press("Tab");
        if (await page.evaluate(() => document.activeElement?.textContent === "Run crawl")) return true;
      }
      return false;
    };
    expect(await focusedRun()).toBe(true);
    expect(browserErrors).toEqual([]);
  });

  it("runs a batch with live results in the order given, cancels a running one, and lists both", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openPlayground(page, app.url, "batch");
    const urls = ["http://docs.test/guide/5", "http://docs.test/no-such-page", "http://docs.test/blog/2"];
    await page.fill("#site-urls", urls.join("\n"));
    await page.getByRole("button", { name: "Run batch" }).click();
    await page.locator("[data-testid=crawl-progress][data-status=complete]").waitFor({ timeout: 120_000 });
    await expect(page.getByTestId("crawl-count").textContent()).resolves.toBe("2 of 3 pages · 1 failed");
    const listed = page.locator("[data-testid=crawl-page]");
    expect(await listed.allTextContents()).toEqual([urls[0], `${urls[1]}failed`, urls[2]]);
    await listed.nth(1).click();
    await expect(page.getByTestId("crawl-page-preview").textContent()).resolves.toContain(
      "The requested page was not found.",
    );
    await listed.nth(2).click();
    await page.locator("[data-testid=markdown-preview]").waitFor();
    await shot("crawl-07-batch-complete");

    // A slow batch, cancelled from the Playground: it ends cancelled with what had finished.
    site.slowMs = 1500;
    await page.fill(
      "#site-urls",
      Array.from({ length: 30 }, (_, i) => `http://docs.test/guide/${i + 1}`).join("\n"),
    );
    await page.getByRole("button", { name: "Run batch" }).click();
    await page.locator("[data-testid=crawl-progress][data-status=processing]").waitFor();
    await page.getByRole("button", { name: "Cancel batch" }).click();
    await page.locator("[data-testid=crawl-progress][data-status=cancelled]").waitFor();
    site.slowMs = 0;
    await shot("crawl-08-batch-cancelled");

    await page.goto(`${app.url}/dashboard/projects`);
    await page.locator("[data-testid=project-list] a").first().click();
    await page.getByRole("link", { name: "Crawls and batches" }).click();
    const rows = page.locator("[data-testid=crawl-row]");
    await rows.first().waitFor();
    // Newest first: the cancelled batch, then the finished one (the crawls of the tests above follow).
    await rows.nth(0).locator("[data-testid=crawl-progress][data-status=cancelled]").waitFor();
    await expect(rows.nth(0).getByTestId("crawl-link").textContent()).resolves.toBe("batch30 URLs");
    await expect(rows.nth(1).getByTestId("crawl-link").textContent()).resolves.toBe("batch3 URLs");
    expect(browserErrors).toEqual([]);
  });
});
