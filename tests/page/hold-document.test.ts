/**
 * DocumentHold (lib/page/hold-document.ts) in real Chromium: while engaged, the page's own
 * navigations are cancelled and its document stays; released, they pass. Against a browser that
 * stops answering (its process stopped with SIGSTOP), engaging and releasing miss their deadline
 * with BrowserCallTimeout instead of holding the visit's slot for ever.
 */
import fs from "node:fs";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_ARGS, chromiumPathFromEnv } from "@/lib/page/config";
import { BrowserCallTimeout } from "@/lib/page/deadline";
import { DocumentHold } from "@/lib/page/hold-document";
import { browsersOf } from "../support/processes";

const CHROMIUM = chromiumPathFromEnv();
const HERE = "https://example.test/here";
const THERE = "https://example.test/there";

describe.runIf(fs.existsSync(CHROMIUM))("a page's document held", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** A page on HERE whose every request is answered locally (no network involved). */
  async function pageHere(): Promise<Page> {
    const page = await (await browser.newContext()).newPage();
    await page.route("**/*", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<title>${new URL(route.request().url()).pathname}</title>`,
      }),
    );
    await page.goto(HERE);
    return page;
  }

  it("keeps the document while engaged, and lets the next navigation pass once released", async () => {
    const page = await pageHere();
    const hold = new DocumentHold(page, 5_000);
    await hold.engage();
    await page.evaluate((to) => void (location.href = to), THERE);
    await page.waitForTimeout(300);
    expect(page.url()).toBe(HERE);
    expect(await page.title()).toBe("/here");
    await hold.release();
    await page.goto(THERE);
    expect(await page.title()).toBe("/there");
    await page.context().close();
  });

  it("misses its deadline, not the visit's, against a browser that stopped answering", async () => {
    // Its own browser (the main process, found as the one that was not there before it): the
    // one stopped here is killed at the end.
    const before = new Set(browsersOf(process.pid));
    const own = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
    const page = await (await own.newContext()).newPage();
    await page.setContent("<p>held</p>");
    const browsers = browsersOf(process.pid).filter((pid) => !before.has(pid));
    expect(browsers).toHaveLength(1);
    const engaged = new DocumentHold(page, 1_000);
    await engaged.engage();
    const fresh = new DocumentHold(page, 1_000);
    try {
      for (const pid of browsers) process.kill(pid, "SIGSTOP");
      await expect(engaged.release()).rejects.toBeInstanceOf(BrowserCallTimeout);
      await expect(fresh.engage()).rejects.toThrow(
        "the browser did not hold a page's document within 1000 ms",
      );
    } finally {
      for (const pid of browsers) process.kill(pid, "SIGKILL");
      await own.close().catch(() => undefined);
    }
  });
});
