"use server";

import { db } from "@/lib/db";
import { sendConfirmationEmail } from "@/lib/auth/confirm-email";
import { asUser, UserFacingError, type ActionResult } from "../action-result";
import { linkBaseUrl } from "@/lib/email/mode";

// One link a minute is plenty for a person and keeps the button from being a mail cannon.
const RESEND_INTERVAL_MS = 60_000;

/** "Resend confirmation link" (docs/spec.md §5.4): a new link; confirming any unexpired one works. */
export async function resendConfirmationAction(): Promise<
  ActionResult<{ sentTo: string; via: "resend" | "outbox" }>
> {
  return asUser(async (user) => {
    if (user.emailVerified) throw new UserFacingError("Your email address is already confirmed.");
    const recent = await db().emailConfirmation.findFirst({
      where: { userId: user.id, createdAt: { gt: new Date(Date.now() - RESEND_INTERVAL_MS) } },
      select: { id: true },
    });
    if (recent)
      throw new UserFacingError(
        "A link was sent less than a minute ago. Check your inbox, or try again shortly.",
      );
    const sent = await sendConfirmationEmail(user, linkBaseUrl());
    if (!sent.ok) throw new UserFacingError(`The email could not be sent: ${sent.error}`);
    return { sentTo: user.email, via: sent.via };
  });
}
