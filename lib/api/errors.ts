/**
 * Every error the API can answer with, in one place (spec §7). Validation and authentication
 * errors carry a machine-readable code; operational failures carry the spec's sentence in `error`
 * (§7.2, table 7.4) and a stable `code` of ours beside it.
 */

export type ErrorBody = {
  error: string;
  message?: string;
  token?: string;
  code?: string;
  [extra: string]: unknown;
};

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message ?? body.error);
  }
}

/** Client errors with machine-readable codes (§5, §7.1, §7.3). */
export const clientError = {
  invalidApiKey: (message: string) => new ApiError(401, { error: "invalid_api_key", message }),
  emailUnverified: () =>
    new ApiError(403, {
      error: "email_unverified",
      message:
        "This key is valid, but no admin of the organization has confirmed their email address yet. " +
        "Open the confirmation link we emailed, or request a new one in the dashboard under Settings → Account.",
    }),
  invalidUrl: (message: string) => new ApiError(422, { error: "invalid_url", message }),
  invalidMaxAge: (message: string) => new ApiError(422, { error: "invalid_max_age", message }),
  invalidOptions: (message: string) => new ApiError(422, { error: "invalid_options", message }),
  invalidLabels: (message: string) => new ApiError(422, { error: "invalid_labels", message }),
  invalidIdempotencyKey: () =>
    new ApiError(422, {
      error: "invalid_idempotency_key",
      message: "Idempotency-Key must be 1 to 255 printable ASCII characters with no spaces.",
    }),
  idempotencyKeyReused: () =>
    new ApiError(422, {
      error: "idempotency_key_reused",
      message:
        "This Idempotency-Key was used with a different request in the last 24 hours. Nothing ran. " +
        "Send a new key for a new request.",
    }),
  reportTo: (code: string, message: string) => new ApiError(422, { error: code, message }),
  invalidBody: (message: string) => new ApiError(400, { error: "invalid_body", message }),
  payloadTooLarge: (maxBytes: number) =>
    new ApiError(413, {
      error: "payload_too_large",
      message: `The request body is larger than ${Math.round(maxBytes / 1024)} KB. Send only the request's JSON fields.`,
    }),
  unsupportedMediaType: () =>
    new ApiError(415, {
      error: "unsupported_media_type",
      message: "Send the request body as JSON with the header Content-Type: application/json.",
    }),
  methodNotAllowed: (allowed: string) =>
    new ApiError(
      405,
      { error: "method_not_allowed", message: `Use ${allowed} on this endpoint.` },
      { Allow: allowed },
    ),
  notFound: () =>
    new ApiError(404, { error: "not_found", message: "No result for this token under this project." }),
  expired: (token: string) =>
    new ApiError(410, {
      error: "expired",
      message: "This result is older than 30 days and has been deleted. Run the request again.",
      token,
    }),
  quotaExceeded: (extra: { limit: number; used: number; needed: number; resets_at: string }) =>
    new ApiError(429, {
      error: "quota_exceeded",
      message: `This organization has used ${extra.used} of its ${extra.limit} monthly credits and this request needs ${extra.needed}. Credits reset at ${extra.resets_at}, or upgrade to a paid plan.`,
      ...extra,
    }),
  concurrencyLimit: (extra: { limit: number; running: number }) =>
    new ApiError(429, {
      error: "concurrency_limit",
      message: `Your plan runs ${extra.limit} requests in parallel and ${extra.running} are running. Retry when one finishes.`,
      ...extra,
    }),
  rateLimited: (retryAfterSeconds: number) =>
    new ApiError(
      429,
      {
        error: "rate_limited",
        message: `Too many requests in a short time. Retry after ${retryAfterSeconds} seconds.`,
        retry_after: retryAfterSeconds,
      },
      { "Retry-After": String(retryAfterSeconds) },
    ),
  processingTimeout: (token: string) =>
    new ApiError(504, {
      error: "processing_timeout",
      message:
        "The work ran longer than 60 seconds. It continues: collect the result with GET /result/{token}.",
      token,
    }),
} as const;

/** Operational failures (§7.4): status 422, the sentence in `error`, nothing spent. */
export const FAILURES = {
  timeout: "The request timed out.",
  connect_timeout: "The connection to the server timed out.",
  not_found: "The requested page was not found.",
  server_error: "An internal server error occurred in the requested page.",
  client_error: "The request was invalid.",
  ssl: "There was a problem with the SSL certificate.",
  connection_refused: "The server refused the connection.",
  rate_limited: "The page is rate-limiting requests.",
  too_many_redirects: "Too many redirects occurred while processing the request.",
  no_internet: "No internet connection was detected.",
  blocked_by_client: "The request was blocked by the client.",
  not_public: "The requested URL resolved to an address that is not publicly reachable.",
  not_a_web_page: "The requested URL is not a web page.",
  bot_check: "The page asked us to complete a bot check before it would load.",
  load_failed: "The page could not be loaded.",
  unexpected: "An unexpected error occurred while processing the request.",
  too_big: "The page is too big to be processed.",
  no_residential_exit:
    "No residential exit was free to load this page. Retry shortly, or send the same request without residential to use our standard network.",
  invalid_selector: "A selector in the request is not valid CSS.",
  selector_not_found: "No visible element on the page matched the selector.",
  wait_for_selector_timeout: "The element named by wait_for_selector did not appear on the page.",
  screenshot_too_large:
    "The screenshot is too large to return. Lower full_page_max_height, or use format jpeg or webp.",
  robots_disallowed:
    "The site's robots.txt disallows this page, and this project is set to follow robots.txt.",
} as const;

export type FailureCode = keyof typeof FAILURES;

/**
 * An operational failure raised anywhere below the pipeline (page engine, operations, robots…).
 * `retryable` marks failures the busy-host logic (§7.5) may retry before reporting.
 */
export class OperationFailure extends Error {
  constructor(
    readonly code: FailureCode,
    readonly detail?: string,
    readonly retryable = false,
    readonly retryAfterMs?: number,
  ) {
    super(FAILURES[code]);
    this.name = "OperationFailure";
  }
}

export function failureBody(code: FailureCode, token?: string): ErrorBody {
  return { error: FAILURES[code], code, ...(token ? { token } : {}) };
}
