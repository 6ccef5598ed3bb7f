"use server";

import { z } from "zod";
import {
  acceptInvitation,
  acceptInvitationWithSignUp,
  createInvitation,
  InvitationError,
  resendInvitation,
  revokeInvitation,
} from "@/lib/auth/invitations";
import { spend } from "@/lib/auth/throttle";
import { linkBaseUrl } from "@/lib/email/mode";
import { ensureBooted } from "@/lib/server/boot";
import { orgAccess } from "../access";
import { asUser, UserFacingError, type ActionResult } from "../action-result";
import { rememberOrganization } from "../current-org";
import { newPasswordInput } from "../password-input";

const inviteInput = z.object({
  organizationId: z.string().min(1).max(64),
  email: z.string().trim().toLowerCase().max(254).pipe(z.email("Enter a valid email address.")),
  role: z.enum(["admin", "member"], "Choose admin or member."),
});

/** Settings → Members: invite an address with a role (owners and admins only). */
export async function inviteMemberAction(
  input: z.input<typeof inviteInput>,
): Promise<ActionResult<{ sentTo: string; via: "resend" | "outbox" }>> {
  return asUser(async (user) => {
    const parsed = inviteInput.safeParse(input);
    if (!parsed.success) throw new UserFacingError(parsed.error.issues[0]?.message ?? "Check the form.");
    orgAccess(user, "admin", parsed.data.organizationId);
    const refusal = await spend(
      "mailRecipient",
      parsed.data.email,
      (wait) => `Several emails went to this address already. Try again in ${wait}.`,
    );
    if (refusal) throw new UserFacingError(refusal);
    try {
      const sent = await createInvitation({ ...parsed.data, invitedBy: user }, linkBaseUrl());
      if (!sent.ok) throw new UserFacingError(`The invitation could not be emailed: ${sent.error}`);
      return { sentTo: parsed.data.email, via: sent.via };
    } catch (err) {
      if (err instanceof InvitationError) throw new UserFacingError(err.message);
      throw err;
    }
  });
}

export async function revokeInvitationAction(input: {
  organizationId: string;
  invitationId: string;
}): Promise<ActionResult<{ revoked: boolean }>> {
  return asUser(async (user) => {
    orgAccess(user, "admin", input.organizationId);
    return { revoked: await revokeInvitation(input.organizationId, input.invitationId) };
  });
}

/** Members → pending invitations → Resend: a new link to the same address (the old one stops working). */
export async function resendInvitationAction(input: {
  organizationId: string;
  invitationId: string;
}): Promise<ActionResult<{ sentTo: string; via: "resend" | "outbox" }>> {
  return asUser(async (user) => {
    orgAccess(user, "admin", input.organizationId);
    try {
      const sent = await resendInvitation(
        input.organizationId,
        String(input.invitationId),
        user,
        linkBaseUrl(),
      );
      if (!sent.ok) throw new UserFacingError(`The invitation could not be emailed: ${sent.error}`);
      return { sentTo: sent.email, via: sent.via };
    } catch (err) {
      if (err instanceof InvitationError) throw new UserFacingError(err.message);
      throw err;
    }
  });
}

/** The signed-in invitee accepts; the organization joined becomes the current one. */
export async function acceptInvitationAction(input: {
  token: string;
}): Promise<ActionResult<{ organizationId: string }>> {
  return asUser(async (user) => {
    try {
      const { organizationId } = await acceptInvitation(input.token, user);
      await rememberOrganization(organizationId);
      return { organizationId };
    } catch (err) {
      if (err instanceof InvitationError) throw new UserFacingError(err.message);
      throw err;
    }
  });
}

/** The invitee has no account yet: create it from the invitation (the link proves the address). */
export async function acceptInvitationWithSignUpAction(input: {
  token: string;
  name: string;
  password: string;
}): Promise<ActionResult<{ email: string }>> {
  const password = newPasswordInput.safeParse(input.password);
  if (!password.success)
    return { ok: false, error: password.error.issues[0]?.message ?? "Check the password." };
  try {
    await ensureBooted();
    const r = await acceptInvitationWithSignUp(input.token, {
      name: String(input.name ?? "")
        .trim()
        .slice(0, 100),
      password: password.data,
    });
    return { ok: true, email: r.email };
  } catch (err) {
    if (err instanceof InvitationError) return { ok: false, error: err.message };
    console.error("[invitations] sign-up failed:", err);
    return { ok: false, error: "Something went wrong on our side. Try again in a moment." };
  }
}
