import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sandboxedLaunchOptions } from "@/lib/page/sandbox";
import type { PageSnapshot } from "@/lib/page/types";
import { devtoolsSession } from "@/lib/page/isolated-world";
import { keywords } from "@/lib/operations/keywords";
import { mainText } from "@/lib/operations/main-text";
import { summarize } from "@/lib/operations/summarize";
import { EVAL_DIR, hasEvalArticles } from "./eval-articles";
import { reloadConfig } from "@/lib/config";

/**
 * The in-page half: main-text.ts's script runs Readability in real Chromium. Pages are set with
 * setContent and every request is refused, so no network is involved; the pipeline around it
 * (visitPage, formats) is the integration tests' business.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/lib/chromium/chromium";
let browser: Browser;

beforeAll(async () => {
  browser = await chromium.launch(sandboxedLaunchOptions(CHROMIUM));
});
afterAll(() => browser?.close());

async function snapshot(
  html: string,
  headers: Record<string, string> = {},
): Promise<{ snap: PageSnapshot; page: Page }> {
  const page = await browser.newPage();
  await page.route("**/*", (route) => route.abort());
  await page.setContent(html, { waitUntil: "domcontentloaded" });
  const url = "https://example.test/article";
  const snap: PageSnapshot = {
    url,
    finalUrl: url,
    status: 200,
    headers,
    html,
    console: [],
    timings: { navigationMs: 0, totalMs: 0 },
    page,
    settings: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, colorScheme: "light" },
  };
  return { snap, page };
}

describe.runIf(fs.existsSync(CHROMIUM) && hasEvalArticles())("AI operations on a live page", () => {
  it("reads the main content once and answers both operations from it, built-in without an LLM", async () => {
    vi.stubEnv("LLM_BASE_URL", "");
    vi.stubEnv("LLM_MODEL", "");
    reloadConfig();
    const { snap, page } = await snapshot(
      fs.readFileSync(path.join(EVAL_DIR, "bbc-1", "source.html"), "utf8"),
    );
    try {
      // In-page extraction runs in an isolated world through the page's DevTools session.
      const send = vi.spyOn(await devtoolsSession(page), "send");
      const evaluations = () => send.mock.calls.filter(([method]) => method === "Runtime.evaluate").length;
      const text = await mainText(snap);
      // The first read on a page also sends the extractor's parts (in-page-call.ts); after it, nothing.
      const afterFirstRead = evaluations();
      expect(afterFirstRead).toBeGreaterThan(0);
      expect(text.title).toMatch(/Obama admits US gun laws/);
      expect(text.lang).toBe("en");
      expect(text.paragraphs.some((p) => p.startsWith("President Barack Obama has admitted"))).toBe(true);
      expect(text.text).not.toMatch(/function\s*\(|bbcdotcom/);
      expect(text.text.split("\n\n").length).toBe(text.paragraphs.length + text.headings.length);

      const { value: summary, producedBy: summaryBy } = await summarize(snap);
      const { value: kws, producedBy: keywordsBy } = await keywords(snap);
      expect(evaluations()).toBe(afterFirstRead);
      expect(summary).toMatch(/Obama/);
      expect(summary.split(/\s+/).length).toBeLessThanOrEqual(120);
      expect(kws).toContain("obama");
      expect(summaryBy).toBe("builtin");
      expect(keywordsBy).toBe("builtin");
    } finally {
      vi.unstubAllEnvs();
      reloadConfig();
      await page.close();
    }
  });

  it("falls back to the rendered body text when Readability finds no article", async () => {
    const { snap, page } = await snapshot(
      `<html lang="de"><head><title>App</title></head><body>
         <h1>Fahrplan</h1><div style="display:none">Versteckter Text</div>
         <div>Erste Zeile der App.</div><div>Zweite <b>Zeile</b> der App.</div>
         <script>var notText = 1;</script></body></html>`,
    );
    try {
      const text = await mainText(snap);
      expect(text).toMatchObject({ title: "App", lang: "de", headings: ["Fahrplan"] });
      expect(text.paragraphs).toEqual(["Erste Zeile der App.", "Zweite Zeile der App."]);
    } finally {
      await page.close();
    }
  });

  it("keeps the paragraph structure of an article and takes the language from Content-Language", async () => {
    const para = (i: number) =>
      `<p>Paragraph ${i} of a long enough article about <a href="/x">rail timetables</a>, written so that Readability accepts it as content.</p>`;
    const { snap, page } = await snapshot(
      `<html><head><title>Timetables</title></head><body><nav><a href="/">Home</a></nav><article>
         <h2>Section one</h2>${[1, 2, 3].map(para).join("")}<ul><li>First item</li><li>Second item</li></ul>
         <h2>Section two</h2>${[4, 5].map(para).join("")}</article><footer>© Example</footer></body></html>`,
      { "content-language": "en-GB, en" },
    );
    try {
      const text = await mainText(snap);
      expect(text.lang).toBe("en-GB");
      expect(text.headings).toEqual(["Section one", "Section two"]);
      expect(text.paragraphs[0]).toMatch(/^Paragraph 1 of a long enough article about rail timetables,/);
      expect(text.paragraphs).toContain("First item");
      expect(text.paragraphs).toHaveLength(7);
      expect(text.text).not.toMatch(/Home|©/);
    } finally {
      await page.close();
    }
  });
});
