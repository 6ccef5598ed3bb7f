/** Report and error mapping without a browser: every Lighthouse outcome → docs/spec.md §2.6 / §7.4. */
import { describe, expect, it } from "vitest";
import type { Result } from "lighthouse";
import type { EgressBlockedEvent, EgressFailureEvent, EgressProxy } from "@/lib/net/egress-proxy";
import { failureFromErrorPageReport, failureFromLighthouseError } from "@/lib/lighthouse/errors";
import { documentHosts } from "@/lib/lighthouse/hosts";
import { toLighthouseResult } from "@/lib/lighthouse/result";

/** An egress proxy that remembers one refusal and one connection failure. */
function fakeEgress(
  blocked: Record<string, EgressBlockedEvent["reason"]> = {},
  failed: Record<string, EgressFailureEvent["code"]> = {},
): EgressProxy {
  return {
    blockedFor: (host: string) =>
      blocked[host] ? { host, reason: blocked[host]!, at: Date.now() } : undefined,
    failureFor: (host: string) => (failed[host] ? { host, code: failed[host]!, at: Date.now() } : undefined),
  } as unknown as EgressProxy;
}

const ctx = (egress = fakeEgress(), hosts = ["lh.test"]) => ({ egress, hosts, withinMs: 60_000 });
const status = (code: number) => ({
  code: "ERRORED_DOCUMENT_REQUEST",
  message: `Lighthouse was unable to reliably load the page you requested. (Status code: ${code})`,
});

describe("Lighthouse errors → failures", () => {
  it.each([
    [status(404), "not_found"],
    [status(410), "client_error"],
    [status(429), "rate_limited"],
    [status(503), "server_error"],
    [{ code: "ERRORED_DOCUMENT_REQUEST", statusCode: "500" }, "server_error"],
    [
      { code: "FAILED_DOCUMENT_REQUEST", message: "Unable to load (Details: net::ERR_CONNECTION_REFUSED)" },
      "connection_refused",
    ],
    [
      {
        code: "FAILED_DOCUMENT_REQUEST",
        message: "Unable to load (Details: net::ERR_CERT_AUTHORITY_INVALID)",
      },
      "ssl",
    ],
    [
      { code: "FAILED_DOCUMENT_REQUEST", message: "Unable to load (Details: net::ERR_FAILED)" },
      "load_failed",
    ],
    [{ code: "DNS_FAILURE", message: "DNS servers could not resolve the provided domain." }, "not_found"],
    [{ code: "INSECURE_DOCUMENT_REQUEST", message: "net::ERR_CERT_DATE_INVALID" }, "ssl"],
    [
      { code: "NOT_HTML", message: "The page provided is not HTML (served as MIME type application/pdf)." },
      "not_a_web_page",
    ],
    [{ code: "NO_FCP", message: "The page did not paint any content." }, "load_failed"],
    [
      {
        code: "PAGE_HUNG",
        message:
          "Lighthouse was unable to reliably load the URL you requested because the page stopped responding.",
      },
      "timeout",
    ],
    [
      {
        code: "PROTOCOL_TIMEOUT",
        message: "Waiting for DevTools protocol response has exceeded the allotted time.",
      },
      "timeout",
    ],
    [
      { code: "CHROME_INTERSTITIAL_ERROR", message: "Chrome prevented page load with an interstitial." },
      "load_failed",
    ],
    [{ code: "SOMETHING_NEW", message: "?" }, "unexpected"],
  ])("%o → %s", (err, code) => {
    expect(failureFromLighthouseError(err, ctx()).code).toBe(code);
  });

  it("explains the egress proxy's own answers by its record for the document's hosts", () => {
    const refused = fakeEgress({ "127.0.0.1": "not_public" });
    const hosts = ["lh.test", "127.0.0.1"];
    expect(failureFromLighthouseError(status(403), ctx(refused, hosts)).code).toBe("not_public");
    expect(failureFromLighthouseError({ code: "CHROME_INTERSTITIAL_ERROR" }, ctx(refused, hosts)).code).toBe(
      "not_public",
    );
    const tunnel = {
      code: "FAILED_DOCUMENT_REQUEST",
      message: "(Details: net::ERR_TUNNEL_CONNECTION_FAILED)",
    };
    expect(failureFromLighthouseError(tunnel, ctx(refused, hosts)).code).toBe("not_public");
    expect(failureFromLighthouseError(tunnel, ctx(fakeEgress({}, { "lh.test": "refused" }))).code).toBe(
      "connection_refused",
    );
    expect(failureFromLighthouseError(status(502), ctx(fakeEgress({}, { "lh.test": "timeout" }))).code).toBe(
      "connect_timeout",
    );
    // A real 403 from the site, with nothing refused by the proxy, is the site's answer.
    expect(failureFromLighthouseError(status(403), ctx()).code).toBe("client_error");
    // A 404 is the site's answer even if the proxy once failed to reach that host.
    expect(failureFromLighthouseError(status(404), ctx(fakeEgress({}, { "lh.test": "refused" }))).code).toBe(
      "not_found",
    );
  });

  it("reads the redirect chain from the DevTools log when the report only shows chrome-error://", () => {
    const log = [
      {
        method: "Network.requestWillBeSent",
        params: { type: "Document", request: { url: "http://lh.test/escape" } },
      },
      {
        method: "Network.requestWillBeSent",
        params: { type: "Document", request: { url: "https://127.0.0.1:9/" } },
      },
      {
        method: "Network.requestWillBeSent",
        params: { type: "Image", request: { url: "http://img.test/a.png" } },
      },
    ];
    const result = {
      lhr: {
        mainDocumentUrl: "chrome-error://chromewebdata/",
        finalDisplayedUrl: "chrome-error://chromewebdata/",
      },
      artifacts: { DevtoolsLogError: log },
    } as unknown as Parameters<typeof documentHosts>[1];
    expect(documentHosts(new URL("http://lh.test/escape"), result)).toEqual(["lh.test", "127.0.0.1"]);
  });

  it("fails a report Lighthouse wrote about Chromium's error page (a page that moved itself)", () => {
    const errorPage = { finalDisplayedUrl: "chrome-error://chromewebdata/" };
    const hosts = ["lh.test", "unreachable.test"];
    expect(
      failureFromErrorPageReport(errorPage, ctx(fakeEgress({}, { "unreachable.test": "refused" }), hosts))
        ?.code,
    ).toBe("connection_refused");
    expect(failureFromErrorPageReport(errorPage, ctx(fakeEgress(), hosts))?.code).toBe("load_failed");
    const page = { finalDisplayedUrl: "http://lh.test/", mainDocumentUrl: "http://lh.test/" };
    expect(failureFromErrorPageReport(page, ctx())).toBeNull();
  });
});

describe("report → LighthouseResult", () => {
  const audit = (id: string, numericValue?: number) => ({
    id,
    title: `Title of ${id}`,
    description: `About ${id}.`,
    score: 0.5,
    scoreDisplayMode: "numeric",
    ...(numericValue !== undefined && {
      numericValue,
      numericUnit: "millisecond",
      displayValue: `${numericValue} ms`,
    }),
  });
  const lhr = {
    finalDisplayedUrl: "https://example.com/",
    mainDocumentUrl: "https://example.com/",
    fetchTime: "2026-01-01T00:00:00.000Z",
    categories: {
      performance: { id: "performance", title: "Performance", score: 0.91, auditRefs: [] },
      seo: { id: "seo", title: "SEO", score: null, auditRefs: [] },
    },
    audits: {
      "first-contentful-paint": audit("first-contentful-paint", 812.4),
      "largest-contentful-paint": audit("largest-contentful-paint", 1200.6),
      "total-blocking-time": audit("total-blocking-time", 0),
      "cumulative-layout-shift": {
        ...audit("cumulative-layout-shift", 0.012345678),
        numericUnit: "unitless",
      },
      "speed-index": audit("speed-index", 900),
      interactive: audit("interactive", 1500),
      "server-response-time": audit("server-response-time", 30),
      "is-on-https": { ...audit("is-on-https"), scoreDisplayMode: "binary", score: 1 },
    },
  } as unknown as Result;

  it("keeps Lighthouse's 0–1 scores and rounds metrics", () => {
    const r = toLighthouseResult(lhr, "mobile", false);
    expect(r).toEqual({
      url: "https://example.com/",
      fetchTime: "2026-01-01T00:00:00.000Z",
      device: "mobile",
      categories: { performance: { title: "Performance", score: 0.91 }, seo: { title: "SEO", score: null } },
      metrics: {
        first_contentful_paint_ms: 812,
        largest_contentful_paint_ms: 1201,
        total_blocking_time_ms: 0,
        cumulative_layout_shift: 0.0123,
        speed_index_ms: 900,
        time_to_interactive_ms: 1500,
        server_response_time_ms: 30,
      },
    });
  });

  it("includes every audit, only the listed ones, or none", () => {
    expect(Object.keys(toLighthouseResult(lhr, "desktop", true).audits!)).toHaveLength(8);
    const some = toLighthouseResult(lhr, "desktop", ["is-on-https", "no-such-audit"]).audits!;
    expect(some).toEqual({
      "is-on-https": {
        id: "is-on-https",
        title: "Title of is-on-https",
        description: "About is-on-https.",
        score: 1,
        scoreDisplayMode: "binary",
      },
    });
    expect(toLighthouseResult(lhr, "desktop", false)).not.toHaveProperty("audits");
  });

  it("reports a missing metric as null", () => {
    const partial = {
      ...lhr,
      audits: { ...lhr.audits, interactive: audit("interactive") },
    } as unknown as Result;
    expect(toLighthouseResult(partial, "mobile", false).metrics.time_to_interactive_ms).toBeNull();
  });
});
