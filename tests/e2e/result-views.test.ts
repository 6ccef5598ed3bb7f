import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { startApp, type App } from "../support/app";
import { openPlayground } from "../support/playground";
import { E2E_STEP_TIMEOUT_MS } from "../support/e2e-timeouts";
import { signUpConfirmed } from "../support/accounts";
import { storeLighthouseFixture } from "../support/lighthouse-fixture";

/**
 * Issue 26 point 7 (and point 6's result preview) in real Chromium against `next start`: a real
 * scrape of a local page (meta, keywords, console, screenshot from one visit) shows each view in
 * the Playground and again on the request's detail page; a Lighthouse result (a fixture stored in
 * the database: a real run takes minutes) shows its failing audits by title. The page's image and
 * favicon are links: the dashboard never requests them.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/lib/chromium/chromium";

const ARTICLE = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8">
<title>Tidal energy in the Severn estuary</title>
<meta name="description" content="How the second-highest tidal range in the world could power a city.">
<meta name="author" content="Ada Byron">
<meta property="article:published_time" content="2024-03-05T09:30:00Z">
<meta property="og:image" content="http://views.test/og-image.png">
<link rel="icon" href="/page-favicon.png">
<link rel="alternate" type="application/rss+xml" href="/feed.xml">
</head><body><main><article><h1>Tidal energy in the Severn estuary</h1>
${Array.from(
  { length: 5 },
  (_, i) =>
    `<p>Paragraph ${i + 1}: tidal energy turbines in the Severn estuary turn twice a day with the tide. Tidal lagoons hold the water back, and tidal turbines release it through generators when the estuary's level has fallen, so tidal energy is as predictable as the moon.</p>`,
).join("")}
</article></main>
<script>
console.warn("a deprecated API was used");
console.error("first failure");
console.error("second failure");
setTimeout(() => { throw new TypeError("boom"); }, 0);
</script></body></html>`;

describe(
  "structured results as views, in the Playground and on the request's page",
  { timeout: 180_000 },
  () => {
    let site: http.Server;
    let app: App;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    /** Every address the dashboard's browser asked for. */
    const requested: string[] = [];

    beforeAll(async () => {
      site = http.createServer((req, res) => {
        if (req.url === "/article")
          return void res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(ARTICLE);
        // The image, icon and feed exist (a 404 would add a console line to the page's result).
        res
          .writeHead(200, { "content-type": req.url === "/feed.xml" ? "application/rss+xml" : "image/png" })
          .end();
      });
      await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
      const port = (site.address() as AddressInfo).port;
      [app, browser] = await Promise.all([
        startApp({ PAGE_TEST_HOSTS: `127.0.0.1:${port}:${port}`, RESEND_API_KEY: "", EMAIL_DEV_OUTBOX: "1" }),
        chromium.launch({ executablePath: CHROMIUM, args: ["--headless", "--no-sandbox", "--disable-gpu"] }),
      ]);
      context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      context.on("request", (r) => requested.push(r.url()));
      page = await context.newPage();
      page.setDefaultTimeout(E2E_STEP_TIMEOUT_MS);

      await signUpConfirmed(page, app, {
        name: "Ada Byron",
        organization: "Tidal Works",
        email: `ada+${Date.now()}@example.com`,
      });
    });

    afterAll(async () => {
      if (process.env.E2E_LOGS) console.log(app?.logs.join(""));
      await browser?.close();
      await app?.stop();
      await new Promise((resolve) => site?.close(resolve));
    });

    /** Checks the four views of the scrape's sections on whatever page shows them. */
    const checkViews = async (where: string) => {
      // Meta: a card, the page's image and favicon as link text, never as an image.
      const card = page.locator("[data-testid=meta-card]");
      await card.waitFor();
      await expect(card.getByTestId("meta-title").textContent()).resolves.toBe(
        "Tidal energy in the Severn estuary",
      );
      const field = (name: string) => card.locator(`[data-testid=meta-field][data-field=${name}]`);
      await expect(field("author").textContent()).resolves.toBe("Ada Byron");
      await expect(field("language").textContent()).resolves.toMatch(/^en/);
      await expect(field("date").textContent()).resolves.toBe("5 Mar 2024, 09:30 UTC");
      await expect(field("image").getByRole("link").textContent()).resolves.toBe(
        "http://views.test/og-image.png",
      );
      await expect(field("favicon").getByRole("link").textContent()).resolves.toBe(
        "http://views.test/page-favicon.png",
      );
      await expect(field("feed").getByRole("link").textContent()).resolves.toBe("http://views.test/feed.xml");
      expect(await card.locator("img").count()).toBe(0);

      // Keywords: chips.
      const chips = await page.locator("[data-testid=keyword-chip]").allTextContents();
      expect(chips.length).toBeGreaterThan(0);
      expect(chips.join(" ").toLowerCase()).toContain("tidal");

      // Console: counts per type that filter the table.
      const table = page.locator("[data-testid=console-table]");
      await expect(table.locator("[data-testid=console-row]").count()).resolves.toBe(4);
      await table.getByRole("tab", { name: "Errors 2" }).click();
      await expect(table.locator("[data-testid=console-row]").allTextContents()).resolves.toEqual([
        "errorfirst failure",
        "errorsecond failure",
      ]);
      await table.getByRole("tab", { name: "Warnings 1" }).click();
      await expect(table.locator("[data-testid=console-row][data-type=warning]").count()).resolves.toBe(1);
      await table.getByRole("tab", { name: "Exceptions 1" }).click();
      await table.locator("[data-testid=console-row]", { hasText: "boom" }).waitFor();

      // Screenshot: its pixel size as decoded, a download, the full size on demand.
      const shot = page.locator("[data-testid=screenshot-view]");
      const img = shot.locator("img[data-testid=screenshot-preview]");
      const [width, height] = await img.evaluate((el) => [
        (el as HTMLImageElement).naturalWidth,
        (el as HTMLImageElement).naturalHeight,
      ]);
      expect(width).toBeGreaterThan(300);
      await shot
        .getByTestId("screenshot-size")
        .filter({ hasText: `${width} × ${height} px` })
        .waitFor();
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        shot.getByTestId("screenshot-download").click(),
      ]);
      expect(download.suggestedFilename()).toBe("screenshot.png");
      const fitted = await img.evaluate((el) => el.clientWidth);
      expect(fitted, `${where}: fitted to its column`).toBeLessThan(width);
      await shot.getByRole("tab", { name: "Full size" }).click();
      await expect(img.evaluate((el) => el.clientWidth)).resolves.toBe(width);

      // The raw JSON stays one click away.
      await card.locator("..").getByRole("tab", { name: "JSON" }).click();
      await expect(page.locator("[data-testid=json-result]").first().textContent()).resolves.toContain(
        '"main_image_url": "http://views.test/og-image.png"',
      );
    };

    it("the Playground shows a scrape's meta, keywords, console and screenshot as views", async () => {
      await openPlayground(page, app.url);
      await page.selectOption("#endpoint", "scrape");
      for (const op of ["meta", "keywords", "console", "screenshot"]) await page.check(`#op-${op}`);
      await page.uncheck("#op-markdown");
      await page.fill("#url", "http://views.test/article");
      await page.getByRole("button", { name: "Run scrape" }).click();
      await page.locator("[data-testid=job-status][data-phase=complete]").waitFor({ timeout: 120_000 });
      await checkViews("Playground");
    });

    it("the request's detail page previews the same result with the same views", async () => {
      await page.goto(`${app.url}/dashboard/projects`);
      await page.locator("[data-testid=project-list] a").first().click();
      await page.waitForURL(/\/dashboard\/projects\/[^/]+$/);
      await page.goto(`${page.url()}/requests?operation=scrape`);
      await page.locator("[data-testid=request-link]").first().click();
      await page.waitForURL(/\/requests\/[^/?]+$/);
      await page.locator("[data-testid=request-result]").waitFor();
      await checkViews("request detail");
    });

    it("a Lighthouse result lists its failing audits by title, and the others on demand", async () => {
      await page.goto(app.url + (await storeLighthouseFixture(app)));
      const view = page.locator("[data-testid=request-result] [data-testid=lighthouse-view]");
      await view.waitFor();
      await expect(view.locator("[data-testid=lighthouse-score]").count()).resolves.toBe(4);
      const failing = view.locator("[data-testid=lighthouse-failing] li");
      await expect(
        failing.evaluateAll((els) => els.map((e) => e.getAttribute("data-audit"))),
      ).resolves.toEqual(["image-alt", "largest-contentful-paint"]);
      await failing.filter({ hasText: "Image elements do not have [alt] attributes" }).waitFor();
      await failing.filter({ hasText: "Largest Contentful Paint" }).filter({ hasText: "4.2 s" }).waitFor();
      // Passed and informative audits are there, folded away.
      await view.getByText("All 4 audits returned").click();
      await expect(view.locator("[data-testid=lighthouse-audits] li").count()).resolves.toBe(4);
    });

    it("the dashboard's browser never asked for the page's image or favicon (nor anything of the page's site)", () => {
      expect(requested.filter((u) => u.includes("views.test"))).toEqual([]);
    });
  },
);
