"use server";

import { headers } from "next/headers";
import { z } from "zod";
import { db } from "@/lib/db";
import { createOrganizationWithoutKey } from "@/lib/admin/organizations";
import { sendAccountExistsEmail } from "@/lib/auth/account-exists-email";
import { clientAddress } from "@/lib/auth/client-address";
import { sendConfirmationEmail } from "@/lib/auth/confirm-email";
import { hashPassword } from "@/lib/auth/password";
import { spend, wouldRefuse } from "@/lib/auth/throttle";
import { linkBaseUrl } from "@/lib/email/mode";
import { ensureBooted } from "@/lib/server/boot";
import type { ActionResult } from "../action-result";
import { devOutboxOn, grantDevOutboxPass } from "../dev-outbox";
import { newPasswordInput } from "../password-input";
import { outboxNow } from "@/lib/email/clock";

const signUpInput = z.object({
  name: z.string().trim().max(100),
  email: z.string().trim().toLowerCase().max(254).pipe(z.email("Enter a valid email address.")),
  password: newPasswordInput,
  organization: z.string().trim().max(80),
});

export type SignUpInput = z.input<typeof signUpInput>;
export type SignUpResult = ActionResult<{ email: string; message: string; devOutbox: boolean }>;

/** The one answer to every accepted sign-up, new address or not: the email says the rest. */
const SIGN_UP_SENT =
  "Check your email: we have sent a message to this address. To finish signing up, open the confirmation link in it, then sign in.";

const domainMessage = (wait: string) =>
  `Too many sign-ups with addresses at this domain. Try again in ${wait}.`;

/**
 * Sign-up answers the same for an address with an account and one without (issue 27: it must not
 * tell a stranger which addresses are registered), and never signs in: an account signs in once
 * its address is confirmed (lib/auth/next-auth.ts), so the password just chosen proves nothing
 * either. A new address gets user + Free organization + first project (no key: the first key is
 * created on the dashboard after confirmation) and a confirmation link; an existing one a mail
 * saying so, with the ways to sign in. Both hash the password, the slow part, so neither answers
 * noticeably faster. Throttled per client address (spent by every attempt) and per email domain
 * (spent only by a new account, read by the others so both are refused alike once it is spent);
 * each Free organization holds 500 credits, so sign-up must not be a way to mint them.
 */
export async function signUpAction(input: SignUpInput): Promise<SignUpResult> {
  const parsed = signUpInput.safeParse(input);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? "Check the form." };
  const { name, email, password, organization } = parsed.data;
  try {
    await ensureBooted();
    const refusal = await spend(
      "signUpAddress",
      clientAddress(await headers()),
      (wait) => `Too many sign-ups from your network. Try again in ${wait}.`,
    );
    if (refusal) return { ok: false, error: refusal };
    const domain = email.split("@")[1] ?? email;
    const askedAt = outboxNow();
    const existing = await db().user.findUnique({ where: { email }, select: { id: true } });
    if (existing) {
      // createOrganization upserts the owner by email: an existing account must never gain an
      // organization (or lose its password) through someone else's sign-up form.
      const domainRefusal = await wouldRefuse("signUpDomain", domain, domainMessage);
      if (domainRefusal) return { ok: false, error: domainRefusal };
      await hashPassword(password);
      const sent = await sendAccountExistsEmail(email, linkBaseUrl());
      if (!sent.ok) console.error(`[signup] account-exists email to ${email} failed: ${sent.error}`);
    } else {
      // Spent only by a sign-up about to create an account: repeated attempts with registered
      // addresses must not use up a shared domain's (gmail.com's) hour.
      const domainRefusal = await spend("signUpDomain", domain, domainMessage);
      if (domainRefusal) return { ok: false, error: domainRefusal };
      await createOrganizationWithoutKey({
        name: organization || (name ? `${name}'s organization` : domain || "My organization"),
        plan: "free",
        ownerEmail: email,
        ownerName: name || undefined,
        passwordHash: await hashPassword(password),
        verified: false,
      });
      const user = await db().user.findUniqueOrThrow({
        where: { email },
        select: { id: true, email: true, name: true },
      });
      const sent = await sendConfirmationEmail(user, linkBaseUrl());
      // The answer stays the same: "Forgot password" mails a link that confirms the address too.
      if (!sent.ok) console.error(`[signup] confirmation email to ${email} failed: ${sent.error}`);
    }
    // Development mode: this browser may read the mail just sent (lib/auth/dev-outbox-pass.ts).
    await grantDevOutboxPass(email, askedAt);
    return { ok: true, email, message: SIGN_UP_SENT, devOutbox: devOutboxOn() };
  } catch (err) {
    console.error("[signup] failed:", err);
    return { ok: false, error: "Sign-up failed on our side. Try again in a moment." };
  }
}
