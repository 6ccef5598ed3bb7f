import { sendEmail, type SendResult } from "@/lib/email/send";
import { escapeHtml } from "./tokens";

export const ACCOUNT_EXISTS_SUBJECT = "You already have a page-to-data account";

/**
 * The mail a sign-up with an address that already has an account sends to that address, instead
 * of telling the form (which answers every sign-up alike: docs/decisions.md "Generic sign-up
 * answer"). It carries no token: only the ways in the owner already has, sign-in and "Forgot
 * password" (whose link also confirms the address and replaces a password someone else chose).
 */
export async function sendAccountExistsEmail(email: string, baseUrl: string): Promise<SendResult> {
  const base = baseUrl.replace(/\/$/, "");
  const signIn = `${base}/login`;
  const reset = `${base}/forgot-password`;
  return sendEmail({
    to: email,
    subject: ACCOUNT_EXISTS_SUBJECT,
    text: [
      "Someone (hopefully you) tried to sign up for page-to-data with this address, which already has an account. No new account was created.",
      "",
      "Sign in here:",
      signIn,
      "",
      "Forgot your password? Choose a new one here:",
      reset,
      "",
      "If it was not you, ignore this email: nothing changed.",
    ].join("\n"),
    html: `<p>Someone (hopefully you) tried to sign up for page-to-data with this address, which already has an account. No new account was created.</p><p><a href="${escapeHtml(signIn)}">Sign in</a> · <a href="${escapeHtml(reset)}">Choose a new password</a></p><p>If it was not you, ignore this email: nothing changed.</p>`,
  });
}
