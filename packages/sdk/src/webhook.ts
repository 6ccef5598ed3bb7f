import { createHmac, timingSafeEqual } from "node:crypto";
import type { WebhookPayload } from "./api-types";

export type { WebhookPayload };

/** How far a delivery's timestamp may be from now (Standard Webhooks' default: 5 minutes). */
const TOLERANCE_S = 5 * 60;

export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookVerificationError";
  }
}

/**
 * Verifies a result delivery's Standard Webhooks signature (webhook-id, webhook-timestamp,
 * webhook-signature) with the project's `whsec_…` secret and returns the parsed payload.
 * Pass the body exactly as received (the raw string or bytes, not re-serialized JSON).
 * Throws WebhookVerificationError on a bad signature or a stale timestamp.
 *
 * Written out with node:crypto rather than the standardwebhooks package: the SDK has no
 * runtime dependencies (the scheme is HMAC-SHA256 over `id.timestamp.body`).
 */
export function verifyWebhook(
  body: string | Uint8Array,
  headers: Headers | Record<string, string | string[] | undefined>,
  secret: string,
  now: Date = new Date(),
): WebhookPayload {
  const get = (name: string): string | undefined => {
    if (typeof Headers !== "undefined" && headers instanceof Headers) return headers.get(name) ?? undefined;
    for (const [key, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
      if (key.toLowerCase() === name && value !== undefined) {
        return Array.isArray(value) ? value.join(" ") : value;
      }
    }
    return undefined;
  };
  const id = get("webhook-id");
  const timestamp = get("webhook-timestamp");
  const signatures = get("webhook-signature");
  if (!id || !timestamp || !signatures) throw new WebhookVerificationError("Missing required headers");
  const sentAt = Number(timestamp);
  if (!Number.isInteger(sentAt)) throw new WebhookVerificationError("Invalid Signature Headers");
  const skew = Math.floor(now.getTime() / 1000) - sentAt;
  if (skew > TOLERANCE_S) throw new WebhookVerificationError("Message timestamp too old");
  if (skew < -TOLERANCE_S) throw new WebhookVerificationError("Message timestamp too new");

  const key = Buffer.from(secret.startsWith("whsec_") ? secret.slice(6) : secret, "base64");
  const text = typeof body === "string" ? body : Buffer.from(body).toString("utf8");
  const expected = createHmac("sha256", key).update(`${id}.${sentAt}.${text}`).digest();
  for (const entry of signatures.split(" ")) {
    const [version, signature] = entry.split(",");
    if (version !== "v1" || !signature) continue;
    const given = Buffer.from(signature, "base64");
    if (given.length === expected.length && timingSafeEqual(given, expected)) {
      return JSON.parse(text) as WebhookPayload;
    }
  }
  throw new WebhookVerificationError("No matching signature found");
}
