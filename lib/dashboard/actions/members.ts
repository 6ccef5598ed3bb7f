"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { changeRole, leaveOrganization, MemberError, removeMember } from "@/lib/auth/members";
import { orgAccess } from "../access";
import { asUser, UserFacingError, type ActionResult } from "../action-result";
import { rememberOrganization } from "../current-org";

/**
 * Settings → Members (issue 26). Each action names the organization its page was rendered for and
 * is authorized against the current organization and role (lib/dashboard/access.ts); the rules no
 * caller may break (the last owner, owners touched by owners only) live in lib/auth/members.ts.
 */

const target = z.object({
  organizationId: z.string().min(1).max(64),
  membershipId: z.string().min(1).max(64),
});
const roleChange = target.extend({ role: z.enum(["owner", "admin", "member"], "Choose a role.") });

function input<T>(schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value);
  if (!r.success) throw new UserFacingError(r.error.issues[0]?.message ?? "Check the form.");
  return r.data;
}

async function userFacing<T>(work: Promise<T>): Promise<T> {
  return work.catch((err: unknown) => {
    throw err instanceof MemberError ? new UserFacingError(err.message) : err;
  });
}

export async function changeRoleAction(
  value: z.input<typeof roleChange>,
): Promise<ActionResult<{ role: string }>> {
  return asUser(async (user) => {
    const { organizationId, membershipId, role } = input(roleChange, value);
    const access = orgAccess(user, "admin", organizationId);
    await userFacing(changeRole(organizationId, access.role, membershipId, role));
    revalidatePath("/dashboard/settings");
    return { role };
  });
}

export async function removeMemberAction(
  value: z.input<typeof target>,
): Promise<ActionResult<{ removed: string }>> {
  return asUser(async (user) => {
    const { organizationId, membershipId } = input(target, value);
    const access = orgAccess(user, "admin", organizationId);
    const { email } = await userFacing(
      removeMember(organizationId, { userId: user.id, role: access.role }, membershipId),
    );
    revalidatePath("/dashboard/settings");
    return { removed: email };
  });
}

/** Any member may leave, except the last owner. */
export async function leaveOrganizationAction(organizationId: string): Promise<ActionResult> {
  return asUser(async (user) => {
    if (!user.memberships.some((m) => m.organization.id === organizationId))
      throw new UserFacingError("You are not a member of this organization.");
    await userFacing(leaveOrganization(organizationId, user.id));
    revalidatePath("/dashboard", "layout");
    return {};
  });
}

/** The shell's switcher: only an organization the user belongs to (read now) can be chosen. */
export async function switchOrganizationAction(organizationId: string): Promise<ActionResult> {
  return asUser(async (user) => {
    if (!user.memberships.some((m) => m.organization.id === organizationId))
      throw new UserFacingError("You are not a member of this organization.");
    await rememberOrganization(organizationId);
    return {};
  });
}
