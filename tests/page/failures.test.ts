/**
 * One test per spec 7.4 failure a page visit can produce locally, through the real pool, the real
 * egress proxy and real Chromium. Shortened limits (timeouts, bot-check wait) keep it quick; each
 * test says which limit it lowers.
 */
import { describe, expect, it } from "vitest";
import { FAILURES, OperationFailure, type FailureCode } from "@/lib/failures";
import { visitPage, type VisitRequest } from "@/lib/page/visit";
import { systemLookup, type LookupAllFn } from "@/lib/net/resolve";
import { pageFixture } from "./setup";

/** DNS that knows one name does not exist, whatever resolver the machine has (some hijack NXDOMAIN). */
const lookup: LookupAllFn = async (host) => {
  if (host.endsWith(".nxdomain.page-to-data.com"))
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
  return systemLookup(host);
};

const fx = pageFixture({ egress: { lookup } });

async function failureOf(
  req: VisitRequest,
  use: Parameters<typeof visitPage>[1] = async () => undefined,
): Promise<OperationFailure> {
  try {
    await visitPage(req, use, { pool: fx.pool });
  } catch (err) {
    expect(err).toBeInstanceOf(OperationFailure);
    return err as OperationFailure;
  }
  throw new Error(`${req.url} loaded, expected a failure`);
}

/** The rendered HTML of site.test's `path`, visited as any page is. */
const htmlOf = (path: string) =>
  visitPage({ organization: "org-test", url: `http://site.test${path}` }, async (s) => s.html, {
    pool: fx.pool,
  });

async function expectFailure(req: VisitRequest, code: FailureCode): Promise<OperationFailure> {
  const f = await failureOf(req);
  expect(f.code, f.detail).toBe(code);
  expect(f.message).toBe(FAILURES[code]);
  return f;
}

describe("visitPage failures (spec 7.4)", () => {
  it("a page that never answers → timeout (retryable)", async () => {
    const f = await expectFailure(
      { organization: "org-test", url: "http://site.test/hang", timeoutMs: 1_500 },
      "timeout",
    );
    expect(f.retryable).toBe(true);
  });

  it("a TLS handshake that never completes → connect_timeout", async () => {
    // 443 mapped to a port that accepts TCP and then says nothing.
    const restore = fx.sites.useHosts({ https: fx.sites.stallPort });
    try {
      const f = await expectFailure(
        { organization: "org-test", url: "https://site.test/", timeoutMs: 1_500 },
        "connect_timeout",
      );
      expect(f.retryable).toBe(true);
    } finally {
      restore();
    }
  });

  it("nothing listening → connection_refused", async () => {
    const restore = fx.sites.useHosts({ http: fx.sites.closedPort });
    try {
      await expectFailure({ organization: "org-test", url: "http://site.test/" }, "connection_refused");
    } finally {
      restore();
    }
  });

  it("connection refused on https too (tunnel failure explained by the proxy)", async () => {
    const restore = fx.sites.useHosts({ https: fx.sites.closedPort });
    try {
      await expectFailure({ organization: "org-test", url: "https://site.test/" }, "connection_refused");
    } finally {
      restore();
    }
  });

  it("an unresolvable host → not_found", async () => {
    await expectFailure(
      { organization: "org-test", url: "https://no-such-host.nxdomain.page-to-data.com/" },
      "not_found",
    );
  });

  it("HTTP 404 → not_found", async () => {
    await expectFailure({ organization: "org-test", url: "http://site.test/status/404" }, "not_found");
  });

  it("HTTP 500 → server_error (retryable)", async () => {
    const f = await expectFailure(
      { organization: "org-test", url: "http://site.test/status/500" },
      "server_error",
    );
    expect(f.retryable).toBe(true);
  });

  it.each([401, 403, 410])("HTTP %i → client_error", async (status) => {
    await expectFailure(
      { organization: "org-test", url: `http://site.test/status/${status}` },
      "client_error",
    );
  });

  it("HTTP 429 → rate_limited with Retry-After", async () => {
    const f = await expectFailure({ organization: "org-test", url: "http://site.test/429" }, "rate_limited");
    expect(f.retryable).toBe(true);
    expect(f.retryAfterMs).toBe(1_000);
  });

  it("a self-signed certificate → ssl", async () => {
    await expectFailure({ organization: "org-test", url: "https://bad-cert.test/" }, "ssl");
  });

  it("a redirect loop → too_many_redirects", async () => {
    await expectFailure(
      { organization: "org-test", url: "http://site.test/redirect-loop" },
      "too_many_redirects",
    );
  });

  it("a redirect to 127.0.0.1 → not_public", async () => {
    await expectFailure({ organization: "org-test", url: "http://site.test/redirect-private" }, "not_public");
    // The local server saw the redirecting request only, never the private target.
    expect(fx.sites.log.filter((l) => l.startsWith("127.0.0.1"))).toEqual([]);
  });

  it("an IP-literal URL is refused before any page opens → not_public", async () => {
    await expectFailure(
      { organization: "org-test", url: `http://127.0.0.1:${fx.sites.httpPort}/` },
      "not_public",
    );
  });

  it.each(["/doc.pdf", "/image.png", "/download"])("%s → not_a_web_page", async (path) => {
    await expectFailure({ organization: "org-test", url: `http://site.test${path}` }, "not_a_web_page");
  });

  it("HTML over 10 MB, declared by Content-Length → too_big", async () => {
    await expectFailure({ organization: "org-test", url: "http://site.test/big" }, "too_big");
  });

  it("HTML over 10 MB, streamed without a length → too_big", async () => {
    await expectFailure({ organization: "org-test", url: "http://site.test/big-chunked" }, "too_big");
  });

  it("a challenge that does not clear → bot_check (wait lowered to 1 s)", async () => {
    await expectFailure(
      { organization: "org-test", url: "http://site.test/bot-check", limits: { botCheckWaitMs: 1_000 } },
      "bot_check",
    );
  });

  it.each([
    "/bot-check-dom",
    "/captcha-wall",
    "/anubis",
    "/aws-waf",
    "/aws-waf-dom",
    "/imperva",
    "/pardon",
    "/verification-wall",
  ])("a challenge recognised from the document (%s) → bot_check", async (path) => {
    await expectFailure(
      { organization: "org-test", url: `http://site.test${path}`, limits: { botCheckWaitMs: 500 } },
      "bot_check",
    );
  });

  it("a page with a captcha on its contact form is not a bot check", async () => {
    expect(await htmlOf("/contact-form")).toContain("g-recaptcha");
  });

  it("an article whose title asks whether you are a robot is not a bot check", async () => {
    expect(await htmlOf("/robot-article")).toContain("CAPTCHAs have asked people");
  });

  it("a short page whose title starts as a wall's title does is not a bot check", async () => {
    expect(await htmlOf("/verification-howto")).toContain("confirm an e-mail address");
  });

  it("a proof-of-work wall that a browser solves is waited out (Anubis)", async () => {
    expect(await htmlOf("/anubis-solves")).toContain("past the challenge");
  });

  it("a challenge that clears by itself is waited out", async () => {
    expect(await htmlOf("/bot-check-clears")).toContain("past the challenge");
  });

  it("invalid CSS in a page option → invalid_selector, nothing fetched", async () => {
    const before = fx.sites.log.length;
    await expectFailure(
      {
        organization: "org-test",
        url: "http://site.test/?never",
        pageOptions: { remove_selectors: ["p", "div[[["] },
      },
      "invalid_selector",
    );
    await expectFailure(
      {
        organization: "org-test",
        url: "http://site.test/?never",
        pageOptions: { wait_for_selector: "::nope(" },
      },
      "invalid_selector",
    );
    expect(fx.sites.log.slice(before).filter((l) => l.includes("never"))).toEqual([]);
  });

  it("wait_for_selector that never appears → wait_for_selector_timeout (wait lowered to 1 s)", async () => {
    await expectFailure(
      {
        organization: "org-test",
        url: "http://site.test/",
        pageOptions: { wait_for_selector: "#never-there" },
        limits: { waitForSelectorMs: 1_000 },
      },
      "wait_for_selector_timeout",
    );
  });

  it("the ad blocker blocking the page itself → blocked_by_client", async () => {
    await expectFailure(
      { organization: "org-test", url: "http://ads.test/", pageOptions: { block_ads: true } },
      "blocked_by_client",
    );
  });

  it("a response that is not HTTP → load_failed", async () => {
    await expectFailure({ organization: "org-test", url: "http://site.test/garbage" }, "load_failed");
  });

  it("a page whose script removes its own document → load_failed, never an empty page as content", async () => {
    await expectFailure({ organization: "org-test", url: "http://site.test/removes-itself" }, "load_failed");
  });

  it("a page that crashes → load_failed", async () => {
    const f = await failureOf({ organization: "org-test", url: "http://site.test/" }, async (snap) => {
      const cdp = await snap.page.context().newCDPSession(snap.page);
      void cdp.send("Page.crash").catch(() => undefined);
      await snap.page.waitForEvent("crash", { timeout: 5_000 });
      await snap.page.evaluate("1");
    });
    expect(f.code).toBe("load_failed");
  });

  it("an unclassified error while the page is in use → unexpected", async () => {
    const f = await failureOf({ organization: "org-test", url: "http://site.test/" }, async () => {
      throw new Error("a bug in an operation");
    });
    expect(f.code).toBe("unexpected");
    expect(f.detail).toContain("a bug in an operation");
  });

  it("the pool still serves pages after all of the above", async () => {
    const html = await visitPage(
      { organization: "org-test", url: "http://site.test/" },
      async (s) => s.html,
      { pool: fx.pool },
    );
    expect(html).toContain("Hello from site.test");
  });
});
