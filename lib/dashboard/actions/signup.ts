"use server";

import { headers } from "next/headers";
import { z } from "zod";
import { db } from "@/lib/db";
import { createOrganization } from "@/lib/admin/organizations";
import { clientAddress } from "@/lib/auth/client-address";
import { sendConfirmationEmail } from "@/lib/auth/confirm-email";
import { hashPassword } from "@/lib/auth/password";
import { spend } from "@/lib/auth/throttle";
import { linkBaseUrl } from "@/lib/email/mode";
import { ensureBooted } from "@/lib/server/boot";
import type { ActionResult } from "../action-result";
import { newPasswordInput } from "../password-input";

const signUpInput = z.object({
  name: z.string().trim().max(100),
  email: z.string().trim().toLowerCase().max(254).pipe(z.email("Enter a valid email address.")),
  password: newPasswordInput,
  organization: z.string().trim().max(80),
});

export type SignUpInput = z.input<typeof signUpInput>;
export type SignUpResult =
  | ActionResult<{
      apiKey: string;
      projectId: string;
      email: string;
      emailSent: boolean;
    }>
  // The form offers a link to sign in (the address is known; the password may just be forgotten).
  | { ok: false; error: string; accountExists: true };

/**
 * Sign-up: user + Free organization + first project + first key, then a confirmation email. The
 * key is returned once, here; the Free plan's keys answer 403 until the address is confirmed.
 * Throttled per client address and per email domain (each Free organization holds 500 credits, so
 * sign-up must not be a way to mint them), counted before any work so a burst cannot outrun it.
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
    // createOrganization upserts the owner by email; an existing account must never gain an
    // organization (or lose its password) through someone else's sign-up form.
    if (await db().user.findUnique({ where: { email }, select: { id: true } })) {
      return { ok: false, error: "An account with this email already exists.", accountExists: true };
    }
    // The domain's budget is spent only by a sign-up that passed every check and will create an
    // account: refused or repeated attempts must not use up a shared domain's (gmail.com's) hour.
    const domainRefusal = await spend(
      "signUpDomain",
      email.split("@")[1] ?? email,
      (wait) => `Too many sign-ups with addresses at this domain. Try again in ${wait}.`,
    );
    if (domainRefusal) return { ok: false, error: domainRefusal };
    const created = await createOrganization({
      name: organization || (name ? `${name}'s organization` : (email.split("@")[1] ?? "My organization")),
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
    if (!sent.ok) console.error(`[signup] confirmation email to ${email} failed: ${sent.error}`);
    return { ok: true, apiKey: created.apiKey, projectId: created.projectId, email, emailSent: sent.ok };
  } catch (err) {
    console.error("[signup] failed:", err);
    return { ok: false, error: "Sign-up failed on our side. Try again in a moment." };
  }
}
