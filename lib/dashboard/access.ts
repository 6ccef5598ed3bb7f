import { db } from "@/lib/db";
import type { Role } from "@/lib/generated/prisma/enums";

/**
 * Authorization for every dashboard action and route: the user must belong to the project's
 * organization; key and settings changes need owner or admin. A project the user cannot see is
 * reported exactly like one that does not exist, so ids cannot be probed.
 */
export type Need = "member" | "admin";

const ADMIN_ROLES: readonly Role[] = ["owner", "admin"];

export class AccessError extends Error {
  constructor(
    readonly status: 403 | 404,
    message: string,
  ) {
    super(message);
  }
}

export async function projectAccess(userId: string, projectId: string, need: Need) {
  const project = await db().project.findUnique({
    where: { id: projectId },
    select: {
      id: true,
      name: true,
      organizationId: true,
      organization: {
        select: {
          id: true,
          name: true,
          plan: true,
          memberships: { where: { userId }, select: { role: true } },
        },
      },
    },
  });
  const role = project?.organization.memberships[0]?.role;
  if (!project || !role) throw new AccessError(404, "No such project in your organizations.");
  if (need === "admin" && !ADMIN_ROLES.includes(role)) {
    throw new AccessError(403, "Only an owner or admin of the organization can do this.");
  }
  return { project, role, canAdmin: ADMIN_ROLES.includes(role) };
}

export function isAdminRole(role: Role): boolean {
  return ADMIN_ROLES.includes(role);
}
