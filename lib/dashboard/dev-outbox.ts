import { cookies } from "next/headers";
import { config } from "@/lib/config";
import {
  DEV_OUTBOX_COOKIE,
  DEV_OUTBOX_PASS_TTL_MS,
  issueDevOutboxPass,
  readDevOutboxPass,
  type DevOutboxPass,
} from "@/lib/auth/dev-outbox-pass";
import { emailMode } from "@/lib/email/mode";
import { mailsFor, type OutboxItem } from "@/lib/email/outbox";
import { RESET_SUBJECT } from "@/lib/auth/password-reset";
import { CONFIRMATION_SUBJECT } from "@/lib/auth/confirm-email";
import { ACCOUNT_EXISTS_SUBJECT } from "@/lib/auth/account-exists-email";

/**
 * The mails a signed-out browser may read with its pass: the ones that asking for a reset or
 * signing up just sent to the address it typed (the sign-up mail says whether the account is new,
 * which the form itself does not: development mode only, as the reset view's "no account" is).
 */
const SIGNED_OUT_SUBJECTS = [RESET_SUBJECT, CONFIRMATION_SUBJECT, ACCOUNT_EXISTS_SUBJECT] as const;

/** The dev outbox is a development mode (lib/email/mode.ts): everything here is off without it. */
export const devOutboxOn = (): boolean => emailMode() === "dev-outbox";

/** After a reset or a sign-up was asked for in development mode: lets this browser read that mail. */
export async function grantDevOutboxPass(email: string, issuedAt: number): Promise<void> {
  if (!devOutboxOn()) return;
  (await cookies()).set(DEV_OUTBOX_COOKIE, issueDevOutboxPass(email, issuedAt), {
    httpOnly: true,
    sameSite: "strict",
    path: "/dev-outbox",
    maxAge: DEV_OUTBOX_PASS_TTL_MS / 1000,
    secure: (config().APP_URL ?? config().NEXTAUTH_URL)?.protocol === "https:",
  });
}

/** What /dev-outbox shows: null without a valid pass (or outside development mode). */
export async function signedOutOutbox(): Promise<{ pass: DevOutboxPass; mails: OutboxItem[] } | null> {
  if (!devOutboxOn()) return null;
  const pass = readDevOutboxPass((await cookies()).get(DEV_OUTBOX_COOKIE)?.value);
  if (!pass) return null;
  return { pass, mails: await mailsFor(pass.email, new Date(pass.issuedAt), SIGNED_OUT_SUBJECTS) };
}
