import fs from "node:fs";
import { build } from "esbuild";
import { chromium, type Browser } from "playwright-core";
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
  let bundle: string;
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
  });
  afterAll(() => browser?.close());

  return async function evaluateOn(html: string, call: string): Promise<unknown> {
    const page = await browser.newPage();
    try {
      await page.route("**/*", (route) =>
        route.request().url() === PAGE_URL
          ? route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html })
          : route.abort(),
      );
      await page.goto(PAGE_URL, { waitUntil: "domcontentloaded" });
      return await page.evaluate(`(() => { ${bundle}; return ${call}; })()`);
    } finally {
      await page.close();
    }
  };
}
