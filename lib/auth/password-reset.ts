import { db } from "@/lib/db";
import { sendEmail } from "@/lib/email/send";
import { hashPassword } from "./password";
import { escapeHtml, hashEmailToken, newEmailToken, plausibleToken, tokenLink } from "./tokens";

/**
 * "Forgot password": a link by email, on the same token machinery as email confirmation (only the
 * SHA-256 stored), valid one hour, usable once. Using it sets the new password, voids every
 * session issued before (User.passwordChangedAt) and every other outstanding reset link, and
 * confirms the address, which the link has just proved.
 */
export const RESET_TTL_MS = 3600 * 1000;

export const RESET_SUBJECT = "Reset your page-to-data password";

/**
 * Mails a reset link if an account with a password has this address. Says nothing either way to
 * the caller's client (the action answers the same sentence), so it cannot probe for accounts.
 */
export async function requestPasswordReset(
  email: string,
  baseUrl: string,
  now = new Date(),
): Promise<{ link: string } | null> {
  const user = await db().user.findUnique({ where: { email: email.trim().toLowerCase() } });
  if (!user) return null;
  const { token, hash } = newEmailToken();
  await db().passwordReset.create({
    data: { userId: user.id, tokenHash: hash, expiresAt: new Date(now.getTime() + RESET_TTL_MS) },
  });
  const link = tokenLink(baseUrl, "reset-password", token);
  const sent = await sendEmail({
    to: user.email,
    subject: RESET_SUBJECT,
    text: [
      "Someone (hopefully you) asked to reset the password of your page-to-data account.",
      "",
      "Choose a new password here:",
      link,
      "",
      "The link works once, for one hour. If you did not ask for it, ignore this email: your password stays as it is.",
    ].join("\n"),
    html: `<p>Someone (hopefully you) asked to reset the password of your page-to-data account.</p><p><a href="${escapeHtml(link)}">Choose a new password</a></p><p>The link works once, for one hour. If you did not ask for it, ignore this email: your password stays as it is.</p>`,
  });
  if (!sent.ok) console.error(`[password-reset] email to ${user.email} failed: ${sent.error}`);
  return { link };
}

export type ResetCheck = { status: "valid"; email: string } | { status: "expired" | "invalid" };

/** What the reset page shows before the new password is typed. */
export async function checkResetToken(token: string | undefined, now = new Date()): Promise<ResetCheck> {
  if (!plausibleToken(token)) return { status: "invalid" };
  const row = await db().passwordReset.findUnique({
    where: { tokenHash: hashEmailToken(token) },
    include: { user: { select: { email: true } } },
  });
  if (!row || row.usedAt) return { status: "invalid" };
  if (row.expiresAt <= now) return { status: "expired" };
  return { status: "valid", email: row.user.email };
}

export type ResetOutcome = { status: "reset"; email: string } | { status: "expired" | "invalid" };

export async function resetPassword(
  token: string | undefined,
  newPassword: string,
  now = new Date(),
): Promise<ResetOutcome> {
  const check = await checkResetToken(token, now);
  if (check.status !== "valid") return check;
  const passwordHash = await hashPassword(newPassword); // slow: outside the transaction
  const tokenHash = hashEmailToken(token!);
  return db().$transaction(async (tx) => {
    // The conditional UPDATE is the single-use guarantee: of two parallel uses, one matches.
    const row = await tx.passwordReset.findUnique({ where: { tokenHash } });
    const { count } = await tx.passwordReset.updateMany({
      where: { tokenHash, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (!row || count !== 1) return { status: "invalid" as const };
    const user = await tx.user.findUniqueOrThrow({ where: { id: row.userId } });
    await tx.user.update({
      where: { id: user.id },
      data: { passwordHash, passwordChangedAt: now, emailVerified: user.emailVerified ?? now },
    });
    await tx.passwordReset.updateMany({
      where: { userId: user.id, usedAt: null },
      data: { usedAt: now },
    });
    return { status: "reset" as const, email: user.email };
  });
}
