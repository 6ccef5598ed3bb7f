import { FAILURES, type FailureCode } from "@/lib/failures";
import { ApiError, failureBody, type ErrorBody } from "@/lib/errors";
import { API_CSP } from "@/lib/security/headers";

/** The headers every 200 from an operation endpoint carries (docs/spec.md §4.1). */
export interface QuotaHeaders {
  token: string;
  cache: "hit" | "miss";
  cost: number;
  remaining: number;
  concurrencyLimit: number;
}

export function quotaHeaders(q: QuotaHeaders): Record<string, string> {
  return {
    "X-Result-Token": q.token,
    "X-Cache": q.cache,
    "X-Quota-Cost": String(q.cost),
    "X-Quota-Remaining": String(q.remaining),
    "X-Concurrency-Limit": String(q.concurrencyLimit),
  };
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });
}

/**
 * A stored result in its operation's own format (text, or JSON text), sent as stored. An html
 * result is a fetched page's markup: whatever path serves it, a browser opening it must not run it
 * (next.config.ts sets the same on every API path; this holds wherever the answer goes).
 */
export function resultResponse(body: string, contentType: string, headers: Record<string, string>): Response {
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": contentType,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": API_CSP,
      ...headers,
    },
  });
}

export function errorResponse(err: ApiError): Response {
  return json(err.body, err.status, err.headers);
}

/** A request whose analysis failed (422): it spent nothing (docs/spec.md §1), and says so. */
export function failureResponse(code: FailureCode | undefined, message: string, token?: string): Response {
  const body: ErrorBody =
    code && code in FAILURES ? failureBody(code, token) : { error: message, ...(token && { token }) };
  return json(body, 422, { ...(token && { "X-Result-Token": token }), "X-Quota-Cost": "0" });
}

/**
 * Wraps a handler so that nothing a client sends can produce a 500: ApiErrors become their status,
 * and anything else is logged (never with the Authorization header) and answered as a 500 that
 * names no internals.
 */
export async function guard(handler: () => Promise<Response>): Promise<Response> {
  try {
    return await handler();
  } catch (err) {
    if (err instanceof ApiError) return errorResponse(err);
    console.error("[api] unhandled error:", err instanceof Error ? err.stack : err);
    return json(
      {
        error: "internal_error",
        message: "Something went wrong on our side. It has been logged; retry shortly.",
      },
      500,
    );
  }
}
