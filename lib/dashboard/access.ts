import { db } from "@/lib/db";
import type { Role } from "@/lib/generated/prisma/enums";
import type { DashboardUser } from "./session";

/**
 * Authorization for every dashboard page, route handler and server action (issue 26): the one
 * place that says who may do what. Everything is decided against the user's CURRENT organization
 * (the switcher's choice, lib/dashboard/current-org.ts) and their role in it, both read from the
 * database on every request, so a removed member loses access at their very next request.
 *
 * - member: uses the organization's projects and the Playground, sees usage and members;
 * - admin: also manages keys, webhooks, project settings, projects, members and invitations;
 * - owner: also makes or unmakes owners. The last owner can neither leave nor be demoted.
 *
 * A project the user cannot see (another organization, or none) is reported exactly like one that
 * does not exist, so ids cannot be probed.
 */
export type Need = "member" | "admin" | "owner";

const RANK: Record<Role, number> = { member: 0, admin: 1, owner: 2 };

export class AccessError extends Error {
  constructor(
    readonly status: 403 | 404,
    message: string,
  ) {
    super(message);
  }
}

export function isAdminRole(role: Role): boolean {
  return RANK[role] >= RANK.admin;
}

/** Whether `role` may do what needs `need` (the table above). */
export function allows(role: Role, need: Need): boolean {
  return RANK[role] >= RANK[need];
}

const REFUSALS: Record<Exclude<Need, "member">, string> = {
  admin: "Only an owner or admin of the organization can do this.",
  owner: "Only an owner of the organization can do this.",
};

/**
 * The current organization and the user's role in it, refused unless the role meets `need`. An
 * action that names the organization it was rendered for passes `organizationId`: if the user has
 * switched organization since (another tab), it is refused rather than applied to the other one.
 */
export function orgAccess(user: DashboardUser, need: Need, organizationId?: string) {
  const current = user.current;
  if (!current) throw new AccessError(404, "Your account belongs to no organization.");
  if (organizationId !== undefined && !user.memberships.some((m) => m.organization.id === organizationId))
    throw new AccessError(404, "No such organization in your account.");
  if (organizationId !== undefined && organizationId !== current.organization.id)
    throw new AccessError(
      403,
      "This page was loaded for another organization than the one now selected. Reload it and try again.",
    );
  if (need !== "member" && !allows(current.role, need)) throw new AccessError(403, REFUSALS[need]);
  return { organization: current.organization, role: current.role, canAdmin: isAdminRole(current.role) };
}

/** A project of the current organization, with the user's role there, refused unless it meets `need`. */
export async function projectAccess(user: DashboardUser, projectId: string, need: Need) {
  const current = user.current;
  const project =
    current &&
    (await db().project.findFirst({
      where: { id: projectId, organizationId: current.organization.id },
      select: {
        id: true,
        name: true,
        organizationId: true,
        organization: { select: { id: true, name: true, plan: true } },
      },
    }));
  if (!project) throw new AccessError(404, "No such project in the current organization.");
  const { role, canAdmin } = orgAccess(user, need);
  return { project, role, canAdmin };
}
