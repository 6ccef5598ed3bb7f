import { Webhook } from "standardwebhooks";
import type { WebhookPayload } from "../schemas/responses";

export type { WebhookPayload };

/**
 * Verifies a result delivery's Standard Webhooks signature (webhook-id, webhook-timestamp,
 * webhook-signature) with the project's `whsec_…` secret and returns the parsed payload.
 * Pass the body exactly as received (the raw string or bytes, not re-serialized JSON).
 * Throws (standardwebhooks' WebhookVerificationError) on a bad signature or a stale timestamp.
 */
export function verifyWebhook(
  body: string | Uint8Array,
  headers: Headers | Record<string, string | string[] | undefined>,
  secret: string,
): WebhookPayload {
  const flat: Record<string, string> = {};
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  for (const [name, value] of entries) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  const raw = typeof body === "string" ? body : Buffer.from(body);
  return new Webhook(secret).verify(raw, flat) as WebhookPayload;
}
