/** Page options (spec 2.2) and the html/console operations, on local pages through the real pool. */
import { describe, expect, it } from "vitest";
import { consoleOperation } from "@/lib/operations/console";
import { htmlOperation } from "@/lib/operations/html";
import { visitPage, type VisitRequest } from "@/lib/page/visit";
import { pageFixture } from "./setup";

const fx = pageFixture();

const html = (req: VisitRequest) => visitPage(req, (snap) => htmlOperation.run(snap), { pool: fx.pool });

describe("html operation", () => {
  it("returns the rendered DOM, including text a page script inserted", async () => {
    const out = await html({ organization: "org-test", url: "http://site.test/script-text" });
    expect(out).toContain('<div id="out">inserted-by-script</div>');
  });

  it("waits for data a script fetches after load", async () => {
    expect(await html({ organization: "org-test", url: "http://site.test/fetch-text" })).toContain(
      "loaded-after-load",
    );
  });

  it("identifies itself with the documented bot token", async () => {
    const out = await html({ organization: "org-test", url: "http://site.test/ua" });
    expect(out).toContain("PageToDataBot/1.0 (+https://page-to-data.example/bot)");
    expect(out).not.toContain("HeadlessChrome");
  });

  it("follows a script redirect made while the page loads", async () => {
    const { finalUrl, out } = await visitPage(
      { organization: "org-test", url: "http://site.test/js-redirect" },
      async (s) => ({ finalUrl: s.finalUrl, out: s.html }),
      { pool: fx.pool },
    );
    expect(finalUrl).toBe("http://site.test/bot-cleared");
    expect(out).toContain("past the challenge");
  });

  it("reports the snapshot's URL, final URL, status and headers", async () => {
    const snap = await visitPage(
      { organization: "org-test", url: "http://site.test/bot-check-clears" },
      async (s) => ({ ...s, page: undefined }),
      { pool: fx.pool },
    );
    expect(snap.url).toBe("http://site.test/bot-check-clears");
    expect(snap.finalUrl).toBe("http://site.test/bot-cleared");
    expect(snap.status).toBe(200);
    expect(snap.headers["content-type"]).toContain("text/html");
    expect(snap.timings.totalMs).toBeGreaterThanOrEqual(snap.timings.navigationMs);
  });
});

describe("console operation", () => {
  it("lists errors, warnings and exceptions in the order they happened, without plain logs", async () => {
    // The page logs for 60 ms after load; the delay lets it finish.
    const entries = await visitPage(
      { organization: "org-test", url: "http://site.test/console", pageOptions: { delay: 300 } },
      (snap) => consoleOperation.run(snap),
      {
        pool: fx.pool,
      },
    );
    expect(entries).toEqual([
      { type: "warning", text: "first warning" },
      { type: "error", text: "first error" },
      { type: "exception", text: "TypeError: boom" },
      { type: "error", text: "second error" },
      { type: "exception", text: "rejected" },
    ]);
  });
});

describe("page options", () => {
  it("wait_for_selector waits for an element added later", async () => {
    const out = await html({
      organization: "org-test",
      url: "http://site.test/late-element",
      pageOptions: { wait_for_selector: "#late" },
    });
    expect(out).toContain("late arrival");
  });

  it("delay waits before the page is captured", async () => {
    const started = Date.now();
    const out = await html({
      organization: "org-test",
      url: "http://site.test/late-element",
      pageOptions: { delay: 600 },
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(600);
    expect(out).toContain("late arrival");
  });

  it("remove_selectors removes every match before processing", async () => {
    const out = await html({
      organization: "org-test",
      url: "http://site.test/elements",
      pageOptions: { remove_selectors: [".remove-me", "#zero"] },
    });
    expect(out).not.toContain("removed text");
    expect(out).not.toContain('id="zero"');
    expect(out).toContain("kept text");
  });

  it("block_ads blocks ad requests and hides ad slots, and the page still loads", async () => {
    const { out, display } = await visitPage(
      { organization: "org-test", url: "http://site.test/with-ads", pageOptions: { block_ads: true } },
      async (snap) => ({
        out: snap.html,
        display: await snap.page.evaluate("getComputedStyle(document.querySelector('.ad-slot')).display"),
      }),
      { pool: fx.pool },
    );
    expect(out).toContain('data-ad-blocked="yes"');
    expect(display).toBe("none");
    expect(fx.sites.log).not.toContain("ads.test /banner.png");
  });

  it("without block_ads the ad loads", async () => {
    const out = await html({ organization: "org-test", url: "http://site.test/with-ads" });
    expect(out).not.toContain("data-ad-blocked");
  });

  it("block_cookie_banners dismisses a known consent banner (rejecting)", async () => {
    const out = await html({
      organization: "org-test",
      url: "http://site.test/cookie-banner",
      pageOptions: { block_cookie_banners: true },
    });
    expect(out).toContain('data-consent="rejected"');
    expect(out).not.toContain("adroll_consent_container");
  });

  it("without block_cookie_banners the banner stays", async () => {
    expect(await html({ organization: "org-test", url: "http://site.test/cookie-banner" })).toContain(
      "adroll_consent_container",
    );
  });
});
