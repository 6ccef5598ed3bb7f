"use server";

import { z } from "zod";
import {
  acceptInvitation,
  acceptInvitationWithSignUp,
  createInvitation,
  InvitationError,
  revokeInvitation,
} from "@/lib/auth/invitations";
import { spend } from "@/lib/auth/throttle";
import { linkBaseUrl } from "@/lib/email/mode";
import { ensureBooted } from "@/lib/server/boot";
import { isAdminRole } from "../access";
import { asUser, UserFacingError, type ActionResult } from "../action-result";
import type { DashboardUser } from "../session";
import { newPasswordInput } from "../password-input";

const inviteInput = z.object({
  organizationId: z.string().min(1).max(64),
  email: z.string().trim().toLowerCase().max(254).pipe(z.email("Enter a valid email address.")),
  role: z.enum(["admin", "member"], "Choose admin or member."),
});

function requireAdminOf(user: DashboardUser, organizationId: string) {
  const membership = user.memberships.find((m) => m.organization.id === organizationId);
  if (!membership) throw new UserFacingError("No such organization in your account.");
  if (!isAdminRole(membership.role))
    throw new UserFacingError("Only an owner or admin of the organization can invite members.");
  return membership;
}

/** Settings → Members: invite an address with a role (owners and admins only). */
export async function inviteMemberAction(
  input: z.input<typeof inviteInput>,
): Promise<ActionResult<{ sentTo: string; via: "resend" | "outbox" }>> {
  return asUser(async (user) => {
    const parsed = inviteInput.safeParse(input);
    if (!parsed.success) throw new UserFacingError(parsed.error.issues[0]?.message ?? "Check the form.");
    requireAdminOf(user, parsed.data.organizationId);
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
    requireAdminOf(user, input.organizationId);
    return { revoked: await revokeInvitation(input.organizationId, input.invitationId) };
  });
}

/** The signed-in invitee accepts. */
export async function acceptInvitationAction(input: {
  token: string;
}): Promise<ActionResult<{ organizationId: string }>> {
  return asUser(async (user) => {
    try {
      return { organizationId: (await acceptInvitation(input.token, user)).organizationId };
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
