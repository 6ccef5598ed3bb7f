import { FAILURES, type FailureCode } from "@/lib/failures";

/**
 * Every error the API can answer with, in one place (docs/spec.md §7). Validation and authentication
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

/**
 * THE table of machine-readable error codes and their statuses (docs/spec.md §5, §7.1, §7.3). The
 * factories below and the OpenAPI document's error schemas are both built from it.
 */
export const ERROR_CODES = {
  invalid_api_key: {
    status: 401,
    description: "The Authorization header is missing or names no active key.",
  },
  email_unverified: { status: 403, description: "No admin of the organization has confirmed their email." },
  not_found: { status: 404, description: "No result for this token under this project." },
  method_not_allowed: { status: 405, description: "The endpoint does not accept this HTTP method." },
  expired: { status: 410, description: "The result is older than 30 days." },
  payload_too_large: { status: 413, description: "The body is larger than the request cap (256 KB)." },
  unsupported_media_type: { status: 415, description: "The body is not sent as application/json." },
  invalid_body: { status: 422, description: "The body is not JSON, or not a JSON object." },
  invalid_url: { status: 422, description: "url is missing or not a public http(s) address." },
  invalid_max_age: { status: 422, description: "max_age cannot be read or is out of range." },
  invalid_options: { status: 422, description: "An option is unknown, of the wrong type or out of range." },
  invalid_labels: { status: 422, description: "labels is not an object of at most 16 string values." },
  invalid_idempotency_key: { status: 422, description: "Idempotency-Key is not 1–255 printable ASCII." },
  idempotency_key_reused: { status: 422, description: "The key was used with another request in 24 h." },
  report_to_invalid: { status: 422, description: "report_to is not a URL." },
  report_to_scheme: { status: 422, description: "report_to is not http or https." },
  report_to_credentials: { status: 422, description: "report_to embeds credentials." },
  report_to_port: { status: 422, description: "report_to uses a non-default port." },
  report_to_not_public: { status: 422, description: "report_to is not a public address." },
  quota_exceeded: { status: 429, description: "Free plan out of monthly credits." },
  concurrency_limit: { status: 429, description: "Over the plan's parallel-request limit." },
  rate_limited: { status: 429, description: "Sending too fast; retry after Retry-After seconds." },
  processing_timeout: { status: 504, description: "The sync wait passed 60 s; the work continues." },
  // The dashboard's own routes (signed in by session): not part of the API, so not in its reference.
  not_signed_in: { status: 401, description: "No dashboard session, or it has ended.", dashboardOnly: true },
  forbidden: {
    status: 403,
    description: "The signed-in user's role does not allow this.",
    dashboardOnly: true,
  },
  invalid_query: {
    status: 422,
    description: "A query parameter is missing or unusable.",
    dashboardOnly: true,
  },
} as const satisfies Record<string, { status: number; description: string; dashboardOnly?: true }>;

export type ErrorCode = keyof typeof ERROR_CODES;
/** The codes the public API answers with (what its OpenAPI document lists). */
export type ApiErrorCode = {
  [C in ErrorCode]: (typeof ERROR_CODES)[C] extends { dashboardOnly: true } ? never : C;
}[ErrorCode];
export const API_ERROR_CODES = (Object.keys(ERROR_CODES) as ErrorCode[]).filter(
  (c): c is ApiErrorCode => !("dashboardOnly" in ERROR_CODES[c]),
);

function apiError(
  code: ErrorCode,
  message: string,
  extra: Record<string, unknown> = {},
  headers?: Record<string, string>,
) {
  return new ApiError(ERROR_CODES[code].status, { error: code, message, ...extra }, headers);
}

/** Client errors with machine-readable codes (§5, §7.1, §7.3). */
export const clientError = {
  invalidApiKey: (message: string) => apiError("invalid_api_key", message),
  emailUnverified: () =>
    apiError(
      "email_unverified",
      "This key is valid, but no admin of the organization has confirmed their email address yet. " +
        "Open the confirmation link we emailed, or request a new one in the dashboard under Settings → Account.",
    ),
  invalidUrl: (message: string) => apiError("invalid_url", message),
  invalidMaxAge: (message: string) => apiError("invalid_max_age", message),
  invalidOptions: (message: string) => apiError("invalid_options", message),
  invalidLabels: (message: string) => apiError("invalid_labels", message),
  invalidIdempotencyKey: () =>
    apiError(
      "invalid_idempotency_key",
      "Idempotency-Key must be 1 to 255 printable ASCII characters with no spaces.",
    ),
  idempotencyKeyReused: () =>
    apiError(
      "idempotency_key_reused",
      "This Idempotency-Key was used with a different request in the last 24 hours. Nothing ran. " +
        "Send a new key for a new request.",
    ),
  reportTo: (code: string, message: string) =>
    code in ERROR_CODES ? apiError(code as ErrorCode, message) : apiError("report_to_invalid", message),
  /** 422 like every other unusable request (the spec's status table has no 400). */
  invalidBody: (message: string) => apiError("invalid_body", message),
  payloadTooLarge: (maxBytes: number) =>
    apiError(
      "payload_too_large",
      `The request body is larger than ${Math.round(maxBytes / 1024)} KB. Send only the request's JSON fields.`,
    ),
  unsupportedMediaType: () =>
    apiError(
      "unsupported_media_type",
      "Send the request body as JSON with the header Content-Type: application/json.",
    ),
  methodNotAllowed: (allowed: string) =>
    apiError("method_not_allowed", `Use ${allowed} on this endpoint.`, {}, { Allow: allowed }),
  notFound: () => apiError("not_found", "No result for this token under this project."),
  /** 404 for another resource than a result (a crawl's or batch's token). */
  notFoundWith: (message: string) => apiError("not_found", message),
  expired: (token: string) =>
    apiError("expired", "This result is older than 30 days and has been deleted. Run the request again.", {
      token,
    }),
  quotaExceeded: (extra: { limit: number; used: number; needed: number; resets_at: string }) =>
    apiError(
      "quota_exceeded",
      `This organization has used ${extra.used} of its ${extra.limit} monthly credits and this request needs ${extra.needed}. Credits reset at ${extra.resets_at}, or upgrade to a paid plan.`,
      extra,
    ),
  concurrencyLimit: (extra: { limit: number; running: number }) =>
    apiError(
      "concurrency_limit",
      `Your plan runs ${extra.limit} requests in parallel and ${extra.running} are running. Retry when one finishes.`,
      extra,
    ),
  rateLimited: (retryAfterSeconds: number) =>
    apiError(
      "rate_limited",
      `Too many requests in a short time. Retry after ${retryAfterSeconds} seconds.`,
      { retry_after: retryAfterSeconds },
      { "Retry-After": String(retryAfterSeconds) },
    ),
  processingTimeout: (token: string) =>
    apiError(
      "processing_timeout",
      "The work ran longer than 60 seconds. It continues: collect the result with GET /result/{token}.",
      { token },
      { "X-Result-Token": token },
    ),
} as const;

/** The dashboard's route handlers' refusals, from the same table (lib/dashboard/with-project-session.ts). */
export const dashboardError = {
  notSignedIn: () => apiError("not_signed_in", "Your session has ended. Sign in again."),
  forbidden: (message: string) => apiError("forbidden", message),
  /** A project the user cannot see answers exactly like one that does not exist. */
  noSuchProject: (message: string) => apiError("not_found", message),
  invalidQuery: (message: string) => apiError("invalid_query", message),
} as const;

/** An operational failure as the API answers it (§7.2): status 422, the sentence in `error`, nothing spent. */
export function failureBody(code: FailureCode, token?: string): ErrorBody {
  return { error: FAILURES[code], code, ...(token ? { token } : {}) };
}
