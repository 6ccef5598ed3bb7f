"use server";

import { headers } from "next/headers";
import { z } from "zod";
import { clientAddress } from "@/lib/auth/client-address";
import { requestPasswordReset, resetPassword } from "@/lib/auth/password-reset";
import { accountAtAddress, forget, spend } from "@/lib/auth/throttle";
import { linkBaseUrl } from "@/lib/email/mode";
import { devOutboxOn, grantDevOutboxPass } from "../dev-outbox";
import { ensureBooted } from "@/lib/server/boot";
import type { ActionResult } from "../action-result";
import { newPasswordInput } from "../password-input";
import { outboxNow } from "@/lib/email/clock";

const email = z.string().trim().toLowerCase().max(254).pipe(z.email("Enter a valid email address."));

const SENT =
  "If an account uses this address, we have emailed it a link to choose a new password. It works once, for one hour.";

/** "Forgot password": the same answer whether or not the account exists (no probing for accounts). */
export async function requestPasswordResetAction(input: {
  email: string;
}): Promise<ActionResult<{ message: string; devOutbox: boolean }>> {
  const parsed = email.safeParse(input.email);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? "Check the address." };
  try {
    await ensureBooted();
    const refusal =
      (await spend(
        "mailAddress",
        clientAddress(await headers()),
        (wait) => `Too many requests from your network. Try again in ${wait}.`,
      )) ??
      (await spend(
        "mailRecipient",
        parsed.data,
        (wait) =>
          `A link was sent to this address several times already. Check your inbox, or try again in ${wait}.`,
      ));
    if (refusal) return { ok: false, error: refusal };
    const askedAt = outboxNow();
    await requestPasswordReset(parsed.data, linkBaseUrl());
    // Development mode: the same answer, plus a pass to read this address's reset mail (not a
    // list of anyone's mail): see lib/auth/dev-outbox-pass.ts.
    await grantDevOutboxPass(parsed.data, askedAt);
    return { ok: true, message: SENT, devOutbox: devOutboxOn() };
  } catch (err) {
    console.error("[password-reset] request failed:", err);
    return { ok: false, error: "Something went wrong on our side. Try again in a moment." };
  }
}

export async function resetPasswordAction(input: {
  token: string;
  password: string;
}): Promise<ActionResult<{ email: string }>> {
  const parsed = newPasswordInput.safeParse(input.password);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? "Check the password." };
  try {
    await ensureBooted();
    const outcome = await resetPassword(input.token, parsed.data);
    if (outcome.status === "reset") {
      // The link proves the owner: they sign in now, whatever guessers spent on the account.
      await forget("signInAccountTotal", outcome.email);
      await forget("signInAccount", accountAtAddress(outcome.email, clientAddress(await headers())));
      return { ok: true, email: outcome.email };
    }
    return {
      ok: false,
      error:
        outcome.status === "expired"
          ? "This link has expired (links work for one hour). Ask for a new one."
          : "This link is not valid: it may have been used already. Ask for a new one.",
    };
  } catch (err) {
    console.error("[password-reset] reset failed:", err);
    return { ok: false, error: "Something went wrong on our side. Try again in a moment." };
  }
}
