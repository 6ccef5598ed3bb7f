/**
 * Turning what Chromium, Playwright and the egress proxy report into spec 7.4 failures.
 *
 * Through the egress proxy, Chromium never resolves or connects to sites itself: an https
 * failure arrives as ERR_TUNNEL_CONNECTION_FAILED (any non-200 answer to CONNECT) and an http
 * failure as a response the proxy wrote (X-Egress-Blocked / X-Egress-Error headers). So the
 * proxy's own record of why it refused or failed is consulted to say what really happened.
 */
import { checkPublicUrl } from "@/lib/net/url-policy";
import { OperationFailure, type FailureCode } from "@/lib/failures";
import type { EgressFailureCode, EgressProxy } from "@/lib/net/egress-proxy";

/** Spec 7.5: timeouts, 5xx and 429 are worth retrying after a pause. */
const RETRYABLE: ReadonlySet<FailureCode> = new Set([
  "timeout",
  "connect_timeout",
  "server_error",
  "rate_limited",
]);

export function failure(code: FailureCode, detail?: string, retryAfterMs?: number): OperationFailure {
  return new OperationFailure(code, detail, RETRYABLE.has(code), retryAfterMs);
}

/** Chromium net error (without "net::") → failure code. Prefix entries end with "_". */
const NET_ERRORS: ReadonlyArray<[string, FailureCode]> = [
  ["ERR_NAME_NOT_RESOLVED", "not_found"],
  ["ERR_NAME_RESOLUTION_FAILED", "not_found"],
  ["ERR_CONNECTION_REFUSED", "connection_refused"],
  ["ERR_CONNECTION_TIMED_OUT", "connect_timeout"],
  ["ERR_TIMED_OUT", "connect_timeout"],
  ["ERR_CERT_", "ssl"],
  ["ERR_SSL_", "ssl"],
  ["ERR_BAD_SSL_CLIENT_AUTH_CERT", "ssl"],
  ["ERR_TOO_MANY_REDIRECTS", "too_many_redirects"],
  ["ERR_INTERNET_DISCONNECTED", "no_internet"],
  ["ERR_NETWORK_CHANGED", "no_internet"],
  ["ERR_ADDRESS_UNREACHABLE", "no_internet"],
  ["ERR_NETWORK_ACCESS_DENIED", "no_internet"],
  ["ERR_BLOCKED_BY_CLIENT", "blocked_by_client"],
  // Chromium's own port blocklist (SMTP, IRC, …): not a place a web page lives.
  ["ERR_UNSAFE_PORT", "not_public"],
  ["ERR_UNKNOWN_URL_SCHEME", "not_a_web_page"],
  ["ERR_DISALLOWED_URL_SCHEME", "not_a_web_page"],
  ["ERR_FILE_TOO_BIG", "too_big"],
  // The proxy itself is ours: if Chromium cannot reach it, the fault is on our side.
  ["ERR_PROXY_CONNECTION_FAILED", "unexpected"],
];

const EGRESS_FAILURES: Record<EgressFailureCode, FailureCode> = {
  not_found: "not_found",
  refused: "connection_refused",
  timeout: "connect_timeout",
  unreachable: "no_internet",
  error: "load_failed",
};

export interface NavigationContext {
  egress: EgressProxy;
  /** Host of the URL being navigated when the error happened (the last redirect target if known). */
  hosts: readonly string[];
  /** Only proxy records this recent count (the visit's own age), so an old refusal cannot explain a new failure. */
  withinMs?: number;
}

function netErrorOf(message: string): string | null {
  return /net::(ERR_[A-Z0-9_]+)/.exec(message)?.[1] ?? null;
}

/** What the proxy knows about the hosts of this navigation, newest first. */
export function egressVerdict(ctx: NavigationContext): OperationFailure | null {
  const withinMs = ctx.withinMs ?? 120_000;
  for (const host of [...ctx.hosts].reverse()) {
    const blocked = ctx.egress.blockedFor(host, withinMs);
    if (blocked)
      return failure(
        "not_public",
        `egress refused ${blocked.host}${blocked.address ? ` (${blocked.address})` : ""}: ${blocked.reason}`,
      );
    const failed = ctx.egress.failureFor(host, withinMs);
    if (failed)
      return failure(EGRESS_FAILURES[failed.code], `egress could not reach ${failed.host}: ${failed.code}`);
  }
  return null;
}

/** A thrown navigation error (page.goto) → failure. Timeouts are left to the caller (it may probe). */
export function failureFromNavigationError(err: unknown, ctx: NavigationContext): OperationFailure {
  if (err instanceof OperationFailure) return err;
  const message = err instanceof Error ? err.message : String(err);
  const net = netErrorOf(message);
  if (net === "ERR_TUNNEL_CONNECTION_FAILED" || net === "ERR_PROXY_AUTH_UNSUPPORTED") {
    return egressVerdict(ctx) ?? failure("load_failed", message);
  }
  if (net === "ERR_ABORTED") {
    // A response Chromium hands to the download manager aborts the navigation.
    if (/download is starting/i.test(message)) return failure("not_a_web_page", "the response is a download");
    return failure("load_failed", message);
  }
  if (/download is starting/i.test(message)) return failure("not_a_web_page", "the response is a download");
  if (net) {
    const hit = NET_ERRORS.find(([key]) => (key.endsWith("_") ? net.startsWith(key) : net === key));
    return failure(hit ? hit[1] : "load_failed", message);
  }
  if (err instanceof Error && err.name === "TimeoutError") return failure("timeout", message);
  if (/crash/i.test(message)) return failure("load_failed", message);
  return failure("unexpected", message);
}

/** Retry-After (seconds or HTTP date) → milliseconds from now; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * The main document's HTTP status → failure, or null when the page may be used. Answers the
 * proxy wrote itself (it marks them with X-Egress-* headers) are explained by the proxy's reason.
 */
export function failureFromResponse(
  status: number,
  headers: Record<string, string>,
): OperationFailure | null {
  if (status === 403 && headers["x-egress-blocked"])
    return failure("not_public", `egress refused: ${headers["x-egress-blocked"]}`);
  const egressError = headers["x-egress-error"] as EgressFailureCode | undefined;
  if ((status === 502 || status === 504) && egressError && egressError in EGRESS_FAILURES) {
    return failure(EGRESS_FAILURES[egressError], `egress: ${egressError}`);
  }
  if (status < 400) return null;
  const retryAfter = parseRetryAfter(headers["retry-after"]);
  if (status === 404) return failure("not_found", "HTTP 404");
  if (status === 429) return failure("rate_limited", "HTTP 429", retryAfter);
  if (status >= 500) return failure("server_error", `HTTP ${status}`, retryAfter);
  return failure("client_error", `HTTP ${status}`);
}

/** Content types the service treats as a web page (spec 7.4: anything else is "not a web page"). */
export function isHtmlContentType(contentType: string | undefined): boolean {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  return type === "text/html" || type === "application/xhtml+xml";
}

/**
 * The URL policy again, at the last moment before a browser navigates (page visits and
 * Lighthouse alike): no engine may be the way around it.
 */
export function checkedTarget(raw: string): URL {
  const checked = checkPublicUrl(raw, "url");
  if (checked.ok) return checked.url;
  if (checked.reason === "scheme") throw failure("not_a_web_page", checked.message);
  if (checked.reason === "invalid") throw failure("unexpected", checked.message);
  throw failure("not_public", checked.message);
}
