import { PageToDataError, type ErrorBody } from "./errors";

/**
 * One HTTP call with the SDK's retry rules, shared by every method: the key, a default timeout,
 * and backoff for what clears with time: network errors, 5xx (not 504: a sync request that
 * outlived the wait, handled by the caller) and the 429s that spend nothing.
 */

export interface TransportOptions {
  apiKey: string;
  baseUrl: string;
  maxRetries: number;
  retryDelayMs: number;
  timeoutMs: number;
  fetch: typeof fetch;
}

export interface SendOptions {
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

export function retryAfterMs(res: Response): number | undefined {
  const value = res.headers.get("retry-after");
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : undefined;
}

/** The request never got an answer: a PageToDataError with status 0. */
function unreachable(err: unknown, url: string, timedOut: boolean, timeoutMs: number): PageToDataError {
  if (timedOut) {
    return new PageToDataError(
      0,
      { error: "timeout", message: `No answer from ${url} within ${Math.round(timeoutMs / 1000)} s.` },
      undefined,
      { cause: err },
    );
  }
  // fetch says only "fetch failed"; the cause (ECONNREFUSED, ENOTFOUND…) is what helps.
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  const detail = cause?.code ?? cause?.message ?? (err as Error).message ?? String(err);
  return new PageToDataError(
    0,
    { error: "network_error", message: `Could not reach ${url} (${detail}).` },
    undefined,
    { cause: err },
  );
}

async function retryable429(res: Response): Promise<boolean> {
  // Only 429s that clear with time are retried; out of credits (quota_exceeded) does not.
  const peek = (await res
    .clone()
    .json()
    .catch(() => ({}))) as ErrorBody;
  return peek.error === "rate_limited" || peek.error === "concurrency_limit";
}

export async function send(
  t: TransportOptions,
  method: "GET" | "POST" | "DELETE",
  path: string,
  body: unknown,
  options: SendOptions,
): Promise<Response> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${t.apiKey}`,
    accept: "application/json, text/*",
  };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (options.idempotencyKey) headers["idempotency-key"] = options.idempotencyKey;
  const url = t.baseUrl + path;
  for (let attempt = 0; ; attempt++) {
    const backoff = t.retryDelayMs * 2 ** attempt * (1 + Math.random() * 0.25);
    const timeout = AbortSignal.timeout(t.timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    let res: Response;
    try {
      res = await t.fetch(url, {
        method,
        headers,
        ...(body !== undefined && { body: JSON.stringify(body) }),
        signal,
      });
    } catch (err) {
      if (options.signal?.aborted) throw options.signal.reason;
      const error = unreachable(err, t.baseUrl, timeout.aborted, t.timeoutMs);
      // A request that got no answer in time is not sent again: it may still be running.
      if (timeout.aborted || attempt >= t.maxRetries) throw error;
      await sleep(Math.min(backoff, 30_000), options.signal);
      continue;
    }
    const again =
      attempt < t.maxRetries &&
      ((res.status === 429 && (await retryable429(res))) ||
        (res.status >= 500 && res.status !== 504 && res.status !== 501));
    if (!again) return res;
    await res.body?.cancel();
    await sleep(Math.min(retryAfterMs(res) ?? backoff, 60_000), options.signal);
  }
}

/** Turns a non-2xx answer into a PageToDataError (its JSON body, or the text of a foreign page). */
export async function errorFrom(res: Response): Promise<PageToDataError> {
  const text = await res.text();
  let body: ErrorBody;
  try {
    body = JSON.parse(text) as ErrorBody;
  } catch {
    body = { error: `http_${res.status}`, message: text.slice(0, 500) || res.statusText };
  }
  const after = retryAfterMs(res);
  return new PageToDataError(res.status, body, after === undefined ? undefined : after / 1000);
}
