import { Webhook } from "standardwebhooks";

/** The secrets a project signs with now: its current one, and the previous one during a rotation's grace. */
export interface SigningSecrets {
  webhookSecret: string;
  previousWebhookSecret: string | null;
  previousWebhookSecretUntil: Date | null;
}

/** Grace window after a rotation in which deliveries carry both signatures. */
export const SECRET_GRACE_MS = 24 * 3600 * 1000;

export function activeSecrets(p: SigningSecrets, now = new Date()): string[] {
  const previousLive =
    p.previousWebhookSecret && p.previousWebhookSecretUntil && p.previousWebhookSecretUntil > now;
  return previousLive ? [p.webhookSecret, p.previousWebhookSecret!] : [p.webhookSecret];
}

/**
 * The `webhook-signature` header: one `v1,<base64>` per active secret, space-separated (Standard
 * Webhooks), so a receiver verifying with either the old or the new secret accepts the delivery.
 */
export function signatureHeader(secrets: string[], msgId: string, sentAt: Date, body: string): string {
  return secrets.map((s) => new Webhook(s).sign(msgId, sentAt, body)).join(" ");
}

/** The first characters of a receiver's answer, for the delivery log. */
export function responseExcerpt(body: string): string | null {
  const trimmed = body.trim();
  return trimmed ? trimmed.slice(0, 500) : null;
}
