import { db } from "@/lib/db";
import type { Role } from "@/lib/generated/prisma/enums";

/**
 * An organization's members (issue 26): list, change a role, remove, leave. Who may ask is decided
 * by the caller (lib/dashboard/access.ts); what stays true whoever asks is decided here: an
 * organization always keeps at least one owner, and only an owner touches an owner's membership.
 *
 * Each change runs in a transaction that first locks the organization row, so two owners demoting
 * or removing each other at once cannot both pass the "another owner remains" check.
 */
export class MemberError extends Error {}

type Tx = Parameters<Parameters<ReturnType<typeof db>["$transaction"]>[0]>[0];

export async function listMembers(organizationId: string) {
  return db().membership.findMany({
    where: { organizationId },
    orderBy: { createdAt: "asc" },
    select: {
      id: true,
      role: true,
      createdAt: true,
      user: { select: { id: true, email: true, name: true } },
    },
  });
}

export type MemberRow = Awaited<ReturnType<typeof listMembers>>[number];

async function lockedMembership(tx: Tx, organizationId: string, membershipId: string) {
  await tx.$queryRaw`SELECT 1 FROM "Organization" WHERE "id" = ${organizationId} FOR UPDATE`;
  const membership = await tx.membership.findFirst({ where: { id: membershipId, organizationId } });
  if (!membership) throw new MemberError("No such member in this organization.");
  return membership;
}

async function ensureAnotherOwner(tx: Tx, organizationId: string, what: string) {
  const owners = await tx.membership.count({ where: { organizationId, role: "owner" } });
  if (owners <= 1)
    throw new MemberError(`${what}: an organization needs an owner. Make another member owner first.`);
}

/** `actorRole` is the role of whoever asks: only an owner makes, unmakes or removes owners. */
function ensureMayTouch(actorRole: Role, target: Role, newRole?: Role) {
  if ((target === "owner" || newRole === "owner") && actorRole !== "owner")
    throw new MemberError("Only an owner can make someone owner or change an owner's membership.");
}

export async function changeRole(
  organizationId: string,
  actorRole: Role,
  membershipId: string,
  role: Role,
): Promise<void> {
  await db().$transaction(async (tx) => {
    const membership = await lockedMembership(tx, organizationId, membershipId);
    ensureMayTouch(actorRole, membership.role, role);
    if (membership.role === role) return;
    if (membership.role === "owner")
      await ensureAnotherOwner(tx, organizationId, "The last owner stays owner");
    await tx.membership.update({ where: { id: membership.id }, data: { role } });
  });
}

/** Removes a member; they lose access at their next request (membership is read on every one). */
export async function removeMember(
  organizationId: string,
  actor: { userId: string; role: Role },
  membershipId: string,
): Promise<{ email: string }> {
  return db().$transaction(async (tx) => {
    const membership = await lockedMembership(tx, organizationId, membershipId);
    if (membership.userId === actor.userId)
      throw new MemberError("To remove yourself, use “Leave organization”.");
    ensureMayTouch(actor.role, membership.role);
    if (membership.role === "owner") await ensureAnotherOwner(tx, organizationId, "The last owner stays");
    await tx.membership.delete({ where: { id: membership.id } });
    const user = await tx.user.findUniqueOrThrow({
      where: { id: membership.userId },
      select: { email: true },
    });
    return { email: user.email };
  });
}

export async function leaveOrganization(organizationId: string, userId: string): Promise<void> {
  await db().$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM "Organization" WHERE "id" = ${organizationId} FOR UPDATE`;
    const membership = await tx.membership.findUnique({
      where: { userId_organizationId: { userId, organizationId } },
    });
    if (!membership) throw new MemberError("You are not a member of this organization.");
    if (membership.role === "owner")
      await ensureAnotherOwner(tx, organizationId, "The last owner cannot leave");
    await tx.membership.delete({ where: { id: membership.id } });
  });
}
