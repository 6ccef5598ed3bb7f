import { safeFetch } from "@/lib/net/safe-fetch";
import { activeSecrets, responseExcerpt, signatureHeader, type SigningSecrets } from "./signing";

/** One attempt's budget: connecting, sending and the receiver's answer (short on purpose). */
export const DELIVERY_TIMEOUT_MS = 10_000;

export interface PostOutcome {
  status: number | null;
  /** Null on a 2xx; otherwise why the attempt failed. */
  error: string | null;
  excerpt: string | null;
  durationMs: number;
  /** The Standard Webhooks headers the attempt was sent with (shown in the delivery log). */
  headers: SignedHeaders;
}

export interface SignedHeaders {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
}

/**
 * POSTs `body` to a receiver, signed per Standard Webhooks with every active secret of the
 * project, through the egress guard (safeFetch). Deliveries and the dashboard's test event both
 * send through here, so a receiver sees the same headers from either.
 */
export async function postSigned(
  url: string,
  msgId: string,
  body: string,
  project: SigningSecrets,
): Promise<PostOutcome> {
  const sentAt = new Date();
  const started = Date.now();
  const headers: SignedHeaders = {
    "webhook-id": msgId,
    "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
    "webhook-signature": signatureHeader(activeSecrets(project, sentAt), msgId, sentAt, body),
  };
  const outcome: PostOutcome = { status: null, error: null, excerpt: null, durationMs: 0, headers };
  try {
    const res = await safeFetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "PageToData-Webhooks/1.0",
        ...headers,
      },
      body,
      timeoutMs: DELIVERY_TIMEOUT_MS,
      maxBytes: 64 * 1024,
      maxRedirects: 0, // a redirecting receiver is a misconfiguration; never re-POST a result elsewhere
    });
    outcome.status = res.status;
    outcome.excerpt = responseExcerpt(res.body);
    if (res.status < 200 || res.status >= 300) outcome.error = `receiver answered ${res.status}`;
  } catch (err) {
    outcome.error = err instanceof Error ? err.message : String(err);
  }
  outcome.durationMs = Date.now() - started;
  return outcome;
}
