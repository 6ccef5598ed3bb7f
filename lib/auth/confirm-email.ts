import { db } from "@/lib/db";
import { sendEmail, type SendResult } from "@/lib/email/send";
import { escapeHtml, hashEmailToken, newEmailToken, plausibleToken, tokenLink } from "./tokens";

/**
 * Email confirmation (docs/spec.md §5.4). The link carries a random token; only its SHA-256 is stored, so
 * a database leak does not hand out working links. Links last 24 hours; asking again issues a new
 * link and leaves older unexpired ones valid (the user may open either mail).
 */
export const CONFIRMATION_TTL_MS = 24 * 3600 * 1000;

export const CONFIRMATION_SUBJECT = "Confirm your email address for page-to-data";

export function confirmationLink(baseUrl: string, token: string): string {
  return tokenLink(baseUrl, "confirm", token);
}

/** Issues a confirmation link for the user's address and mails it. */
export async function sendConfirmationEmail(
  user: { id: string; email: string; name?: string | null },
  baseUrl: string,
  now = new Date(),
): Promise<SendResult & { link: string }> {
  const { token, hash } = newEmailToken();
  await db().emailConfirmation.create({
    data: {
      userId: user.id,
      email: user.email,
      tokenHash: hash,
      expiresAt: new Date(now.getTime() + CONFIRMATION_TTL_MS),
    },
  });
  const link = confirmationLink(baseUrl, token);
  const greeting = user.name ? `Hello ${user.name},` : "Hello,";
  const sent = await sendEmail({
    to: user.email,
    subject: CONFIRMATION_SUBJECT,
    text: [
      greeting,
      "",
      "Confirm your email address to start using your API keys:",
      link,
      "",
      "The link works for 24 hours. If you did not sign up for page-to-data, ignore this email.",
    ].join("\n"),
    html: `<p>${escapeHtml(greeting)}</p><p>Confirm your email address to start using your API keys:</p><p><a href="${escapeHtml(link)}">Confirm my email address</a></p><p>The link works for 24 hours. If you did not sign up for page-to-data, ignore this email.</p>`,
  });
  return { ...sent, link };
}

export type ConfirmOutcome =
  | { status: "confirmed"; email: string }
  | { status: "already-confirmed"; email: string }
  | { status: "expired"; email: string }
  | { status: "invalid" };

/** Consumes a confirmation token: marks the address confirmed (which opens the free-plan key gate). */
export async function confirmEmailToken(token: string, now = new Date()): Promise<ConfirmOutcome> {
  if (!plausibleToken(token)) return { status: "invalid" };
  const row = await db().emailConfirmation.findUnique({
    where: { tokenHash: hashEmailToken(token) },
    include: { user: true },
  });
  if (!row) return { status: "invalid" };
  if (row.confirmedAt || (row.user.emailVerified && row.user.email === row.email)) {
    return { status: "already-confirmed", email: row.email };
  }
  if (row.expiresAt <= now) return { status: "expired", email: row.email };
  // The link confirms the address it was sent to; if the account's address changed since, it confirms nothing.
  if (row.user.email !== row.email) return { status: "invalid" };
  await db().$transaction([
    db().emailConfirmation.update({ where: { id: row.id }, data: { confirmedAt: now } }),
    db().user.update({ where: { id: row.userId }, data: { emailVerified: now } }),
  ]);
  return { status: "confirmed", email: row.email };
}
