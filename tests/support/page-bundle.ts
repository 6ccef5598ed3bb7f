import fs from "node:fs";
import { build } from "esbuild";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { sandboxedLaunchOptions } from "@/lib/page/sandbox";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/lib/chromium/chromium";
export const hasChromium = fs.existsSync(CHROMIUM);
/** The address the page is served at (links and images resolve against it). */
export const PAGE_URL = "https://example.test/article";

/**
 * A test entry bundled for the page as scripts/build-in-page.mjs bundles ours (an IIFE defining
 * `globalName`), and real Chromium to run it in. Call it in a suite: it opens the browser before
 * the suite's tests and closes it after. Returns `evaluateOn(html, call)`, which serves `html` at
 * PAGE_URL (every other request aborted), evaluates the bundle there and answers `call`, an
 * expression over `globalName`.
 */
export function pageBundle(entry: string, globalName: string) {
  let browser: Browser;
  let context: BrowserContext;
  let bundle: string;
  /** Pages ready for a call, and the HTML each one serves at PAGE_URL now. */
  const idle: Page[] = [];
  const served = new WeakMap<Page, string>();
  beforeAll(async () => {
    const out = await build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      format: "iife",
      globalName,
      target: "es2023",
      charset: "utf8",
      logLevel: "silent",
    });
    bundle = out.outputFiles[0]!.text;
    browser = await chromium.launch(sandboxedLaunchOptions(CHROMIUM));
    context = await browser.newContext();
  });
  afterAll(() => browser?.close());

  /**
   * A page whose route serves what `served` holds for it. Pages are kept between calls (each call
   * loads a new document): a new page starts a renderer process, about 0.5 s on a slow 2-core
   * machine, most of a call's time.
   */
  async function takePage(): Promise<Page> {
    const kept = idle.pop();
    if (kept) return kept;
    const page = await context.newPage();
    await page.route("**/*", (route) =>
      route.request().url() === PAGE_URL
        ? route.fulfill({
            status: 200,
            contentType: "text/html; charset=utf-8",
            body: served.get(page) ?? "",
          })
        : route.abort(),
    );
    return page;
  }

  return async function evaluateOn(html: string, call: string): Promise<unknown> {
    const page = await takePage();
    served.set(page, html);
    let reusable = false;
    try {
      await page.goto(PAGE_URL, { waitUntil: "domcontentloaded" });
      const value = await page.evaluate(`(() => { ${bundle}; return ${call}; })()`);
      reusable = true;
      return value;
    } finally {
      // A page whose call failed (a crash, a time-out) is not trusted with the next one.
      if (reusable) idle.push(page);
      else await page.close().catch(() => undefined);
    }
  };
}
