/**
 * Lighthouse's page-load errors (lhr.runtimeError, or a thrown LighthouseError) → spec 7.4 failures.
 *
 * Everything this browser fetches goes through the egress proxy, so some Lighthouse errors are
 * really the proxy's answer: a refused plain-http destination comes back as a 403 document
 * (ERRORED_DOCUMENT_REQUEST), a refused https one as a tunnel failure, which Chromium turns into
 * an error page (CHROME_INTERSTITIAL_ERROR or FAILED_DOCUMENT_REQUEST). For those the proxy's own
 * record for the document's hosts says what really happened (not_public, connection_refused…).
 */
import type { OperationFailure } from "@/lib/failures";
import {
  egressVerdict,
  failure,
  failureFromNavigationError,
  failureFromResponse,
  type NavigationContext,
} from "@/lib/page/failures";

/** The parts of a runtime error we read; thrown LighthouseErrors also carry their ICU properties. */
export interface LighthouseErrorLike {
  code: string;
  message?: string;
  friendlyMessage?: unknown;
  statusCode?: unknown;
  errorDetails?: unknown;
}

/** Status codes the egress proxy itself answers with (refused, or could not connect). */
const PROXY_STATUSES = new Set([403, 502, 504]);

function textOf(err: LighthouseErrorLike): string {
  const friendly = typeof err.friendlyMessage === "string" ? err.friendlyMessage : "";
  return [err.message ?? "", friendly, typeof err.errorDetails === "string" ? err.errorDetails : ""].join(
    " ",
  );
}

function statusOf(err: LighthouseErrorLike): number | null {
  const raw =
    typeof err.statusCode === "string" || typeof err.statusCode === "number"
      ? String(err.statusCode)
      : /Status code: (\d{3})/.exec(textOf(err))?.[1];
  const n = Number(raw);
  return Number.isInteger(n) && n >= 100 ? n : null;
}

export function failureFromLighthouseError(
  err: LighthouseErrorLike,
  ctx: NavigationContext,
): OperationFailure {
  const text = textOf(err);
  switch (err.code) {
    case "ERRORED_DOCUMENT_REQUEST": {
      const status = statusOf(err);
      if (status === null) return failure("load_failed", text);
      const fromProxy = PROXY_STATUSES.has(status) ? egressVerdict(ctx) : null;
      return fromProxy ?? failureFromResponse(status, {}) ?? failure("load_failed", text);
    }
    case "FAILED_DOCUMENT_REQUEST":
      // The message carries Chromium's net error ("net::ERR_…"), which the page engine already maps.
      return failureFromNavigationError(new Error(text), ctx);
    case "CHROME_INTERSTITIAL_ERROR":
      return egressVerdict(ctx) ?? failure("load_failed", text);
    case "DNS_FAILURE":
      return failure("not_found", text);
    case "INSECURE_DOCUMENT_REQUEST":
      return failure("ssl", text);
    case "NOT_HTML":
      return failure("not_a_web_page", text);
    case "PAGE_HUNG":
    case "PROTOCOL_TIMEOUT":
    case "CRI_TIMEOUT":
      return failure("timeout", text);
    case "NO_FCP":
    case "NO_DOCUMENT_REQUEST":
    case "NO_NAVSTART":
    case "TARGET_CRASHED":
      return egressVerdict(ctx) ?? failure("load_failed", text);
    default:
      return failure("unexpected", `${err.code}: ${text}`.trim());
  }
}

/** A thrown LighthouseError has a string `code`; anything else is not Lighthouse's verdict on the page. */
export function asLighthouseError(err: unknown): LighthouseErrorLike | null {
  if (
    err instanceof Error &&
    err.name === "LighthouseError" &&
    typeof (err as { code?: unknown }).code === "string"
  ) {
    return err as Error & LighthouseErrorLike;
  }
  return null;
}

/**
 * A report Lighthouse wrote about Chromium's own error page: the page moved itself (a script, a
 * meta refresh) to an address that did not answer or that the egress guard refused, and the
 * audits ran on "This site can't be reached". Never a result: the proxy's records name the
 * cause, else the page could not be loaded. Null for a report about the page itself.
 */
export function failureFromErrorPageReport(
  urls: { finalDisplayedUrl?: string; mainDocumentUrl?: string },
  ctx: NavigationContext,
): OperationFailure | null {
  const shown = [urls.finalDisplayedUrl, urls.mainDocumentUrl].find((u) => u?.startsWith("chrome-error:"));
  if (!shown) return null;
  return errorPageFailure(ctx, `the report is about ${shown}`);
}

/**
 * A run that ended on Chromium's error page (its report, or the runner's watch): the egress
 * proxy's records name the cause (a refused address, a host that did not answer), else the page
 * could not be loaded.
 */
export function errorPageFailure(ctx: NavigationContext, detail: string): OperationFailure {
  return egressVerdict(ctx) ?? failure("load_failed", detail);
}
