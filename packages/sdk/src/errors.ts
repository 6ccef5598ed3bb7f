import type { ApiErrorCode, FailureCode } from "./api-types";

/**
 * The SDK's typed errors: every non-2xx answer of the API, and every way of not getting one
 * (network down, no answer in time), becomes a PageToDataError carrying a machine-readable `code`.
 */

/** Codes the SDK itself gives when the API's answer never came (status 0). */
export type ClientErrorCode = "network_error" | "timeout" | "wait_timeout";

/**
 * Every `code` a PageToDataError can carry: the API's error table, the operational failure codes,
 * the SDK's own, and `http_<status>` for an answer that was not the API's JSON (a proxy's 502 page).
 */
export type ErrorCode = ApiErrorCode | FailureCode | ClientErrorCode | `http_${number}`;

export interface ErrorBody {
  error?: string;
  message?: string;
  code?: string;
  token?: string;
  limit?: number;
  used?: number;
  needed?: number;
  resets_at?: string;
  running?: number;
  retry_after?: number;
  [extra: string]: unknown;
}

export class PageToDataError extends Error {
  /** HTTP status (0 when the API was never reached or never answered). */
  readonly status: number;
  /**
   * Machine-readable code: `invalid_url`, `quota_exceeded`, … or, for an operational failure
   * (the analysis ran and failed), our stable failure code such as `not_found`.
   */
  readonly code: ErrorCode;
  /** The request's token, when the API gave one (failures, 504 processing_timeout, 410). */
  readonly token?: string;
  /** Seconds the API asked us to wait (Retry-After), if it said. */
  readonly retryAfter?: number;
  /** quota_exceeded: monthly credits; concurrency_limit: parallel requests. */
  readonly limit?: number;
  readonly used?: number;
  readonly needed?: number;
  readonly resetsAt?: string;
  readonly running?: number;
  /** The body as the API sent it. */
  readonly body: ErrorBody;

  constructor(status: number, body: ErrorBody, retryAfter?: number, options?: { cause?: unknown }) {
    const operational = typeof body.code === "string" && body.error !== body.code;
    super(
      operational
        ? (body.error ?? "The operation failed.")
        : (body.message ?? body.error ?? `HTTP ${status}`),
      options,
    );
    this.name = "PageToDataError";
    this.status = status;
    this.code = (operational ? body.code! : (body.error ?? `http_${status}`)) as ErrorCode;
    this.body = body;
    this.token = body.token;
    this.retryAfter = retryAfter ?? body.retry_after;
    this.limit = body.limit;
    this.used = body.used;
    this.needed = body.needed;
    this.resetsAt = body.resets_at;
    this.running = body.running;
  }

  /** The analysis ran and failed (422 with the spec's sentence); retrying later may help. */
  get isOperationalFailure(): boolean {
    return this.status === 422 && this.body.error !== this.code;
  }
}

/** waitForResult gave up before the result was ready; the work goes on server-side. */
export class PageToDataTimeoutError extends PageToDataError {
  constructor(token: string, waitedMs: number) {
    super(0, {
      error: "wait_timeout",
      message: `The result of ${token} was not ready after ${Math.round(waitedMs / 1000)} s; collect it later with getResult().`,
      token,
    });
    this.name = "PageToDataTimeoutError";
  }
}
