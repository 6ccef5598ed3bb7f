/**
 * Errors raised by the egress guard.
 *
 * One error type for every "we refused to connect there" decision, so that the
 * page engine, the robots.txt fetcher and the webhook sender can all map it to
 * the same operational failure (spec 7.4: "The requested URL resolved to an
 * address that is not publicly reachable.") without string matching.
 */

/** Why a destination was refused. Kept small so callers can switch on it. */
export type EgressBlockReason =
  /** The name is, or resolved to, a private/loopback/reserved address (or is localhost, or an unmapped .test name). */
  | "not_public"
  /** A port other than 80/443 (test hosts: other than their mapped 80/443). */
  | "port"
  /** A server-side fetch (or one of its redirects) broke the URL policy for another reason (scheme, credentials, ...). */
  | "url_policy"
  /** Chromium's own background traffic (updates, accounts, safe browsing): refused quietly. */
  | "background"
  /** Proxy credentials named a residential exit that is not configured. */
  | "unknown_exit";

/** The sentence spec 7.4 uses for every egress refusal a client can cause. */
export const NOT_PUBLIC_MESSAGE = "The requested URL resolved to an address that is not publicly reachable.";

export class EgressBlockedError extends Error {
  override readonly name = "EgressBlockedError";
  /** The hostname (or IP literal) that was asked for. */
  readonly host: string;
  /** The address it resolved to, when the refusal is about an address. */
  readonly address: string | undefined;
  readonly reason: EgressBlockReason;

  constructor(host: string, reason: EgressBlockReason, address?: string, detail?: string) {
    super(detail ?? `Refused to connect to ${host}${address ? ` (${address})` : ""}: ${reason}`);
    this.host = host;
    this.reason = reason;
    this.address = address;
  }
}

export function isEgressBlockedError(e: unknown): e is EgressBlockedError {
  return e instanceof EgressBlockedError;
}

/** Failures of safeFetch that are not egress refusals. */
export type SafeFetchErrorCode = "timeout" | "too_many_redirects" | "bad_redirect" | "network";

export class SafeFetchError extends Error {
  override readonly name = "SafeFetchError";
  readonly code: SafeFetchErrorCode;
  /** The underlying Node error code when there is one (ENOTFOUND, ECONNREFUSED, ...). */
  readonly nodeCode: string | undefined;

  constructor(code: SafeFetchErrorCode, message: string, causeCode?: string) {
    super(message);
    this.code = code;
    this.nodeCode = causeCode;
  }
}
