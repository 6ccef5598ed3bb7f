/** Failure classification without a browser: the cases no local site can produce. */
import { describe, expect, it } from "vitest";
import type { EgressBlockedEvent, EgressFailureEvent, EgressProxy } from "@/lib/net/egress-proxy";
import { botCheckFromHeaders } from "@/lib/page/bot-check";
import {
  failureFromNavigationError,
  failureFromResponse,
  isHtmlContentType,
  parseRetryAfter,
} from "@/lib/page/failures";

function egress(blocked?: Partial<EgressBlockedEvent>, failed?: Partial<EgressFailureEvent>): EgressProxy {
  return {
    port: 1,
    url: "http://127.0.0.1:1",
    exitUrl: null,
    close: async () => undefined,
    onBlocked: () => () => undefined,
    blockedFor: (host) =>
      blocked && blocked.host === host
        ? ({ reason: "not_public", at: Date.now(), ...blocked } as EgressBlockedEvent)
        : undefined,
    failureFor: (host) =>
      failed && failed.host === host
        ? ({ code: "error", at: Date.now(), ...failed } as EgressFailureEvent)
        : undefined,
    stats: { allowed: 0, blocked: 0, background: 0, failed: 0 },
  };
}

const nav = (message: string, e = egress(), hosts = ["site.example"]) =>
  failureFromNavigationError(new Error(message), { egress: e, hosts });

describe("failureFromNavigationError", () => {
  it.each([
    ["net::ERR_NAME_NOT_RESOLVED", "not_found"],
    ["net::ERR_CONNECTION_REFUSED", "connection_refused"],
    ["net::ERR_CONNECTION_TIMED_OUT", "connect_timeout"],
    ["net::ERR_TIMED_OUT", "connect_timeout"],
    ["net::ERR_CERT_DATE_INVALID", "ssl"],
    ["net::ERR_SSL_PROTOCOL_ERROR", "ssl"],
    ["net::ERR_TOO_MANY_REDIRECTS", "too_many_redirects"],
    ["net::ERR_INTERNET_DISCONNECTED", "no_internet"],
    ["net::ERR_BLOCKED_BY_CLIENT", "blocked_by_client"],
    ["net::ERR_EMPTY_RESPONSE", "load_failed"],
    ["net::ERR_ABORTED", "load_failed"],
    ["Download is starting", "not_a_web_page"],
    ["something nobody expected", "unexpected"],
  ])("%s → %s", (message, code) => {
    expect(nav(`page.goto: ${message} at https://site.example/`).code).toBe(code);
  });

  it("a Playwright timeout → timeout, retryable", () => {
    const err = Object.assign(new Error("page.goto: Timeout 30000ms exceeded."), { name: "TimeoutError" });
    const f = failureFromNavigationError(err, { egress: egress(), hosts: [] });
    expect(f).toMatchObject({ code: "timeout", retryable: true });
  });

  it("a tunnel failure is explained by the proxy's record for the hosts of this navigation", () => {
    const msg = "page.goto: net::ERR_TUNNEL_CONNECTION_FAILED at https://a.example/";
    expect(nav(msg, egress({ host: "127.0.0.1" }), ["a.example", "127.0.0.1"]).code).toBe("not_public");
    expect(nav(msg, egress(undefined, { host: "a.example", code: "not_found" }), ["a.example"]).code).toBe(
      "not_found",
    );
    expect(nav(msg, egress(undefined, { host: "a.example", code: "timeout" }), ["a.example"]).code).toBe(
      "connect_timeout",
    );
    expect(nav(msg, egress(undefined, { host: "a.example", code: "unreachable" }), ["a.example"]).code).toBe(
      "no_internet",
    );
    expect(nav(msg, egress(), ["a.example"]).code).toBe("load_failed");
  });
});

describe("failureFromResponse", () => {
  it("passes 2xx and 3xx", () => {
    expect(failureFromResponse(200, {})).toBeNull();
    expect(failureFromResponse(304, {})).toBeNull();
  });

  it("maps statuses", () => {
    expect(failureFromResponse(404, {})?.code).toBe("not_found");
    expect(failureFromResponse(401, {})?.code).toBe("client_error");
    expect(failureFromResponse(503, { "retry-after": "7" })).toMatchObject({
      code: "server_error",
      retryable: true,
      retryAfterMs: 7_000,
    });
    expect(failureFromResponse(429, {})).toMatchObject({ code: "rate_limited", retryable: true });
  });

  it("recognises answers written by the egress proxy", () => {
    expect(failureFromResponse(403, { "x-egress-blocked": "not_public" })?.code).toBe("not_public");
    expect(failureFromResponse(502, { "x-egress-error": "unreachable" })?.code).toBe("no_internet");
    expect(failureFromResponse(502, { "x-egress-error": "not_found" })?.code).toBe("not_found");
    expect(failureFromResponse(504, { "x-egress-error": "timeout" })).toMatchObject({
      code: "connect_timeout",
      retryable: true,
    });
  });
});

describe("helpers", () => {
  it("parses Retry-After as seconds or an HTTP date", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(parseRetryAfter("120", now)).toBe(120_000);
    expect(parseRetryAfter("Thu, 01 Jan 2026 00:00:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });

  it("knows HTML content types", () => {
    expect(isHtmlContentType("text/html; charset=utf-8")).toBe(true);
    expect(isHtmlContentType("application/xhtml+xml")).toBe(true);
    expect(isHtmlContentType("application/pdf")).toBe(false);
    expect(isHtmlContentType(undefined)).toBe(false);
  });

  it("recognises challenge headers", () => {
    expect(botCheckFromHeaders(403, { "cf-mitigated": "challenge" })).toBe("cloudflare");
    expect(botCheckFromHeaders(403, { "x-datadome": "protected" })).toBe("datadome");
    expect(botCheckFromHeaders(429, { "x-vercel-mitigated": "challenge" })).toBe("vercel");
    expect(botCheckFromHeaders(202, { "x-amzn-waf-action": "challenge" })).toBe("aws-waf");
    expect(botCheckFromHeaders(405, { "x-amzn-waf-action": "captcha" })).toBe("aws-waf");
    expect(botCheckFromHeaders(200, { server: "cloudflare" })).toBeNull();
    expect(botCheckFromHeaders(200, { "x-vercel-mitigated": "allow" })).toBeNull();
  });
});
