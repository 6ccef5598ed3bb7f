/**
 * Pages that move themselves after their first response (a script setting `location`, a meta
 * refresh) to an address that does not answer, that the egress guard refuses, or to a challenge:
 * the visit fails with the cause (spec 7.4), never with Chromium's error page as the document. Real
 * Chromium behind the real egress proxy; every https `.test` name points at a closed port here.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAILURES, OperationFailure, type FailureCode } from "@/lib/failures";
import { markdown } from "@/lib/operations/markdown";
import { meta } from "@/lib/operations/meta";
import { boundedContent } from "@/lib/page/bounded-transfer";
import { visitPage, type PageSnapshot, type VisitRequest } from "@/lib/page/visit";
import { pageFixture } from "./setup";

const fx = pageFixture();
let restoreHosts: () => void = () => undefined;
beforeAll(() => {
  restoreHosts = fx.sites.useHosts({ https: fx.sites.closedPort });
});
afterAll(() => restoreHosts());

const UNREACHABLE = "https://unreachable.test/";
const moves = (to: string, after?: number) =>
  `http://site.test/moves?to=${encodeURIComponent(to)}${after === undefined ? "" : `&after=${after}`}`;
const refreshes = (to: string, after = 0) =>
  `http://site.test/refreshes?to=${encodeURIComponent(to)}&after=${after}`;

/** What the operations would have read: the URL and the text of the document they were handed. */
const read = async (snap: PageSnapshot) => ({
  url: snap.page.url(),
  text: await snap.page.evaluate("document.documentElement.innerText"),
});

async function expectFailure(
  req: Omit<VisitRequest, "organization">,
  code: FailureCode,
  consume: (snap: PageSnapshot) => Promise<unknown> = read,
): Promise<OperationFailure> {
  const outcome = await visitPage({ organization: "org-test", ...req }, consume, { pool: fx.pool }).then(
    (value) => value,
    (err: unknown) => err,
  );
  // On failure the snapshot never reached anyone; a value here would be what was read instead.
  expect(outcome, JSON.stringify(outcome)).toBeInstanceOf(OperationFailure);
  const f = outcome as OperationFailure;
  expect(f.code, f.detail).toBe(code);
  expect(f.message).toBe(FAILURES[code]);
  return f;
}

describe("a page that moves itself after its first response", () => {
  it("a script moving it at once to an https address that refuses → connection_refused", async () => {
    const f = await expectFailure({ url: moves(UNREACHABLE) }, "connection_refused");
    expect(f.detail).toContain("unreachable.test");
  });

  it("a script moving it on `load` to an https address that refuses → connection_refused", async () => {
    await expectFailure({ url: moves(UNREACHABLE, 0), loadPolicy: "text" }, "connection_refused");
  });

  it("a script moving it during the page options (delay) → connection_refused", async () => {
    await expectFailure(
      { url: moves(UNREACHABLE, 300), pageOptions: { delay: 1_000 }, loadPolicy: "text" },
      "connection_refused",
    );
  });

  it("a meta refresh to an https address that refuses → connection_refused", async () => {
    await expectFailure({ url: refreshes(UNREACHABLE) }, "connection_refused");
  });

  it("a meta refresh due during the page options → connection_refused", async () => {
    await expectFailure(
      { url: refreshes(UNREACHABLE, 1_000), pageOptions: { delay: 1_500 }, loadPolicy: "text" },
      "connection_refused",
    );
  });

  it.each(["https", "http"])(
    "a script moving it to %s://127.0.0.1 (refused by the egress guard) during the page options → not_public",
    async (scheme) => {
      // An https refusal leaves Chromium's error page; an http one, the proxy's own 403 answer.
      await expectFailure(
        {
          url: moves(`${scheme}://127.0.0.1:${fx.sites.httpPort}/`, 300),
          pageOptions: { delay: 1_000 },
          loadPolicy: "text",
        },
        "not_public",
      );
      expect(fx.sites.log.filter((l) => l.startsWith("127.0.0.1"))).toEqual([]);
    },
  );

  it.each([
    ["the operation reads it", (snap: PageSnapshot) => snap.page.waitForEvent("framenavigated")],
    ["the operation fails on it", (snap: PageSnapshot) => snap.page.waitForURL(() => false)],
  ])(
    "the document replaced by an error page while the operations run (%s) → that cause, never its text",
    async (_, meanwhile) => {
      await expectFailure(
        { url: "http://site.test/", loadPolicy: "text" },
        "connection_refused",
        async (snap) => {
          // As if the page's own timer fired mid-operation.
          await snap.page.evaluate(`location.href = ${JSON.stringify(UNREACHABLE)}`);
          await meanwhile(snap);
          return read(snap);
        },
      );
    },
  );

  it("the document replaced by a page that loads while the operations run → they read that page", async () => {
    // A consent script's `location.reload()`, a late redirect to the article: the call that was
    // reading the old document fails, and the operations run again on the new one.
    let calls = 0;
    const { url, text } = await visitPage(
      { organization: "org-test", url: "http://site.test/", loadPolicy: "text" },
      async (snap) => {
        if (++calls === 1) await snap.page.evaluate(`location.href = "/bot-cleared"; new Promise(() => {})`);
        return { ...(await read(snap)), html: snap.html };
      },
      { pool: fx.pool },
    ).then(async (r) => {
      expect(r.html).toContain("past the challenge");
      return r;
    });
    expect(calls).toBe(2);
    expect(url).toBe("http://site.test/bot-cleared");
    expect(text).toContain("past the challenge");
  });

  it("the document replaced by one that is still loading when the operations read it → they read it whole", async () => {
    // The page's own `location.reload()` just before the operations run: the new document has
    // arrived in part. Read at once, its Markdown, metadata and HTML would be its first paragraph.
    const { md, title, html } = await visitPage(
      { organization: "org-test", url: "http://site.test/", loadPolicy: "text" },
      async (snap) => {
        await snap.page.evaluate(`location.href = "/trickles?after=1500"`);
        await snap.page.waitForURL(/trickles/, { waitUntil: "commit" });
        await snap.page.waitForFunction(() => document.querySelector("h1"));
        return {
          md: await markdown(snap),
          title: (await meta(snap)).title,
          html: await boundedContent(snap.page, 1_000_000),
        };
      },
      { pool: fx.pool },
    );
    expect(md).toContain("The first paragraph arrives at once");
    expect(md).toContain("The second paragraph arrives later");
    expect(title).toBe("Trickling");
    expect(html).toContain("the page is whole");
  });

  it.each([
    ["reloads itself", "http://site.test/reloads?after=0"],
    ["moves on to another address", "http://site.test/reloads?after=0&hop=0"],
  ])(
    "a page that %s for ever after `load` → its content, read once it may not navigate again",
    async (_, url) => {
      const { md, title } = await visitPage(
        { organization: "org-test", url, loadPolicy: "text" },
        async (snap) => ({ md: await markdown(snap), title: (await meta(snap)).title }),
        { pool: fx.pool },
      );
      expect(md).toContain("an ordinary article with enough text");
      expect(title).toBe("Reloading");
      expect(fx.sites.log.filter((l) => l.includes("/reloads")).length).toBeGreaterThan(1);
      // The page's next visit navigates as any other: the hold went with the visit.
      const next = await visitPage(
        { organization: "org-test", url: "http://site.test/bot-cleared", loadPolicy: "text" },
        read,
        { pool: fx.pool },
      );
      expect(next.text).toContain("past the challenge");
    },
  );

  it("…and a page that replaces its document every time it is read, without a request to refuse → load_failed", async () => {
    const f = await expectFailure(
      { url: "http://site.test/", loadPolicy: "text" },
      "load_failed",
      async (snap) => {
        await snap.page.evaluate(`location.href = "about:blank?" + Math.random(); new Promise(() => {})`);
        return read(snap);
      },
    );
    expect(f.detail).toBe("the page kept replacing its document");
  });

  it("a script moving it to a challenge during the page options that does not clear → bot_check", async () => {
    await expectFailure(
      {
        url: moves("/bot-check", 200),
        pageOptions: { delay: 800 },
        loadPolicy: "text",
        limits: { botCheckWaitMs: 500 },
      },
      "bot_check",
    );
  });

  it("…and one that clears by itself is still waited out", async () => {
    const { url, text } = await visitPage(
      { organization: "org-test", url: moves("/bot-check-clears", 200), pageOptions: { delay: 800 } },
      read,
      { pool: fx.pool },
    );
    expect(url).toBe("http://site.test/bot-cleared");
    expect(text).toContain("past the challenge");
  });
});
