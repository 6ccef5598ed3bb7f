import { db } from "@/lib/db";
import type { Role } from "@/lib/generated/prisma/enums";
import { sendEmail, type SendResult } from "@/lib/email/send";
import { hashPassword } from "./password";
import { escapeHtml, hashEmailToken, newEmailToken, plausibleToken, tokenLink } from "./tokens";

/**
 * Member invitations, on the same token machinery as email confirmation: an owner or admin invites
 * an address with a role; the link (only its SHA-256 stored, 7 days, usable once) lets whoever
 * reads that mailbox join, by signing in as that address or creating its account. Accepting
 * confirms the address, which the link has just proved.
 */
export const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;
export type InvitableRole = Extract<Role, "admin" | "member">;

export class InvitationError extends Error {}

export async function createInvitation(
  input: {
    organizationId: string;
    invitedBy: { id: string; email: string };
    email: string;
    role: InvitableRole;
  },
  baseUrl: string,
  now = new Date(),
): Promise<SendResult & { link: string; invitationId: string }> {
  const email = input.email.trim().toLowerCase();
  const org = await db().organization.findUniqueOrThrow({
    where: { id: input.organizationId },
    select: { name: true, memberships: { where: { user: { email } }, select: { id: true } } },
  });
  if (org.memberships.length) throw new InvitationError(`${email} is already a member of ${org.name}.`);
  const { token, hash } = newEmailToken();
  const invitation = await db().$transaction(async (tx) => {
    // One live invitation per address and organization: a new one replaces the old link.
    await tx.invitation.updateMany({
      where: { organizationId: input.organizationId, email, acceptedAt: null, revokedAt: null },
      data: { revokedAt: now },
    });
    return tx.invitation.create({
      data: {
        organizationId: input.organizationId,
        email,
        role: input.role,
        tokenHash: hash,
        invitedById: input.invitedBy.id,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
      },
    });
  });
  const link = tokenLink(baseUrl, "invite", token);
  const sent = await sendEmail({
    to: email,
    subject: `Join ${org.name} on page-to-data`,
    text: [
      `${input.invitedBy.email} invited you to the organization "${org.name}" on page-to-data as ${input.role}.`,
      "",
      "Accept the invitation here:",
      link,
      "",
      "The link works once, for 7 days. If you do not know the sender, ignore this email.",
    ].join("\n"),
    html: `<p>${escapeHtml(input.invitedBy.email)} invited you to the organization “${escapeHtml(org.name)}” on page-to-data as ${input.role}.</p><p><a href="${escapeHtml(link)}">Accept the invitation</a></p><p>The link works once, for 7 days. If you do not know the sender, ignore this email.</p>`,
  });
  return { ...sent, link, invitationId: invitation.id };
}

export type InvitationView =
  | { status: "pending"; email: string; role: Role; organization: string; invitedBy: string }
  | { status: "expired" | "invalid" };

/** What the invitation page shows. Used, revoked and unknown links all read "invalid". */
export async function viewInvitation(token: string | undefined, now = new Date()): Promise<InvitationView> {
  if (!plausibleToken(token)) return { status: "invalid" };
  const row = await db().invitation.findUnique({
    where: { tokenHash: hashEmailToken(token) },
    include: { organization: { select: { name: true } }, invitedBy: { select: { email: true } } },
  });
  if (!row || row.acceptedAt || row.revokedAt) return { status: "invalid" };
  if (row.expiresAt <= now) return { status: "expired" };
  return {
    status: "pending",
    email: row.email,
    role: row.role,
    organization: row.organization.name,
    invitedBy: row.invitedBy.email,
  };
}

type Tx = Parameters<Parameters<ReturnType<typeof db>["$transaction"]>[0]>[0];

/** Marks the invitation used (exactly once, whoever races) and returns it; null if it cannot be used. */
async function consume(tx: Tx, token: string, now: Date) {
  const tokenHash = hashEmailToken(token);
  const { count } = await tx.invitation.updateMany({
    where: { tokenHash, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
    data: { acceptedAt: now },
  });
  return count === 1 ? tx.invitation.findUniqueOrThrow({ where: { tokenHash } }) : null;
}

async function join(tx: Tx, userId: string, organizationId: string, role: Role) {
  const existing = await tx.membership.findUnique({
    where: { userId_organizationId: { userId, organizationId } },
  });
  if (!existing) await tx.membership.create({ data: { userId, organizationId, role } });
  else if (existing.role === "member" && role === "admin")
    await tx.membership.update({ where: { id: existing.id }, data: { role } });
}

/** The signed-in user accepts; they must be signed in as the invited address. */
export async function acceptInvitation(
  token: string | undefined,
  user: { id: string; email: string },
  now = new Date(),
): Promise<{ organizationId: string; role: Role }> {
  const view = await viewInvitation(token, now);
  if (view.status !== "pending") throw new InvitationError(invalidMessage(view.status));
  if (view.email !== user.email.toLowerCase())
    throw new InvitationError(
      `This invitation is for ${view.email}, and you are signed in as ${user.email}. Sign out and sign in (or sign up) as ${view.email}.`,
    );
  return db().$transaction(async (tx) => {
    const invitation = await consume(tx, token!, now);
    if (!invitation) throw new InvitationError(invalidMessage("invalid"));
    await join(tx, user.id, invitation.organizationId, invitation.role);
    await tx.user.updateMany({ where: { id: user.id, emailVerified: null }, data: { emailVerified: now } });
    return { organizationId: invitation.organizationId, role: invitation.role };
  });
}

/** No account yet for the invited address: create it (no organization of its own) and join. */
export async function acceptInvitationWithSignUp(
  token: string | undefined,
  input: { name: string; password: string },
  now = new Date(),
): Promise<{ email: string; organizationId: string }> {
  const view = await viewInvitation(token, now);
  if (view.status !== "pending") throw new InvitationError(invalidMessage(view.status));
  if (await db().user.findUnique({ where: { email: view.email }, select: { id: true } }))
    throw new InvitationError(`An account for ${view.email} exists already. Sign in to accept.`);
  const passwordHash = await hashPassword(input.password);
  return db().$transaction(async (tx) => {
    const invitation = await consume(tx, token!, now);
    if (!invitation) throw new InvitationError(invalidMessage("invalid"));
    const user = await tx.user.create({
      data: { email: invitation.email, name: input.name || null, passwordHash, emailVerified: now },
    });
    await join(tx, user.id, invitation.organizationId, invitation.role);
    return { email: user.email, organizationId: invitation.organizationId };
  });
}

export async function pendingInvitations(organizationId: string, now = new Date()) {
  return db().invitation.findMany({
    where: { organizationId, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
    orderBy: { createdAt: "desc" },
    select: { id: true, email: true, role: true, expiresAt: true, createdAt: true },
  });
}

/** "Resend": a new link for a pending invitation, same address and role; the old link stops working. */
export async function resendInvitation(
  organizationId: string,
  invitationId: string,
  invitedBy: { id: string; email: string },
  baseUrl: string,
  now = new Date(),
) {
  const row = await db().invitation.findFirst({
    where: { id: invitationId, organizationId, acceptedAt: null, revokedAt: null },
    select: { email: true, role: true },
  });
  if (!row || row.role === "owner") throw new InvitationError("No such pending invitation.");
  const sent = await createInvitation(
    { organizationId, invitedBy, email: row.email, role: row.role },
    baseUrl,
    now,
  );
  return { ...sent, email: row.email };
}

export async function revokeInvitation(organizationId: string, invitationId: string, now = new Date()) {
  const { count } = await db().invitation.updateMany({
    where: { id: invitationId, organizationId, acceptedAt: null, revokedAt: null },
    data: { revokedAt: now },
  });
  return count === 1;
}

function invalidMessage(status: "expired" | "invalid"): string {
  return status === "expired"
    ? "This invitation has expired. Ask the organization's owner or an admin for a new one."
    : "This invitation link is not valid: it may have been used, replaced or withdrawn.";
}
