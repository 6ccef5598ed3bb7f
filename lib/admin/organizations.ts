import crypto from "node:crypto";
import { db } from "@/lib/db";
import type { Plan } from "@/lib/generated/prisma/enums";
import { PLANS } from "@/lib/billing/plans";
import { createKey } from "@/lib/auth/keys";

/**
 * Organization and project administration: the one code path behind the dashboard's actions and
 * the admin command (docs/architecture.md §4).
 */

export function newWebhookSecret(): string {
  return "whsec_" + crypto.randomBytes(24).toString("base64");
}

export interface CreateOrganizationInput {
  name: string;
  plan: Plan;
  ownerEmail?: string;
  ownerName?: string;
  passwordHash?: string;
  verified?: boolean;
  monthlyCredits?: number;
  concurrency?: number;
}

/** Creates an organization with its owner, a first project and that project's first key (shown once). */
export async function createOrganization(input: CreateOrganizationInput) {
  const created = await createOrganizationWithoutKey(input);
  const { apiKey, keyId } = await createKey(created.projectId);
  return { ...created, apiKey, keyId };
}

/**
 * An organization with its owner and a first project, no key yet: what a sign-up creates, whose
 * first key is made on the dashboard once the address is confirmed and the owner signed in.
 */
export async function createOrganizationWithoutKey(input: CreateOrganizationInput) {
  const plan = PLANS[input.plan];
  const slug =
    input.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "org";
  const email = (
    input.ownerEmail ?? `owner+${slug}-${crypto.randomBytes(3).toString("hex")}@example.com`
  ).toLowerCase();
  const { organization, project } = await db().$transaction(async (tx) => {
    const user = await tx.user.upsert({
      where: { email },
      create: {
        email,
        name: input.ownerName,
        passwordHash: input.passwordHash,
        emailVerified: input.verified ? new Date() : null,
      },
      update: input.verified ? { emailVerified: new Date() } : {},
    });
    const organization = await tx.organization.create({
      data: {
        name: input.name,
        plan: input.plan,
        monthlyCredits: input.monthlyCredits ?? plan.monthlyCredits,
        concurrencyLimit: input.concurrency ?? plan.concurrencyLimit,
        memberships: { create: { userId: user.id, role: "owner" } },
      },
    });
    const project = await tx.project.create({
      data: { organizationId: organization.id, name: "Default project", webhookSecret: newWebhookSecret() },
    });
    return { organization, project };
  });
  return { organizationId: organization.id, projectId: project.id, ownerEmail: email };
}

/**
 * Projects one organization may have. Every project has its own request rate limit, so an unbounded
 * number of projects would be an unbounded rate; 25 covers environments × services for a team.
 */
export const MAX_PROJECTS_PER_ORGANIZATION = 25;

export class ProjectLimitError extends Error {
  constructor() {
    super(
      `This organization already has ${MAX_PROJECTS_PER_ORGANIZATION} projects, the most it may have. ` +
        "Delete a project you no longer use, or reuse one (a project can hold several keys).",
    );
    this.name = "ProjectLimitError";
  }
}

/**
 * Creates a project and its first key (shown once), within the per-organization cap. The count and
 * the insert run under a lock on the organization row, so two creations at once cannot both pass.
 */
export async function createProject(organizationId: string, name: string) {
  const project = await db().$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM "Organization" WHERE "id" = ${organizationId} FOR UPDATE`;
    const count = await tx.project.count({ where: { organizationId } });
    if (count >= MAX_PROJECTS_PER_ORGANIZATION) throw new ProjectLimitError();
    return tx.project.create({ data: { organizationId, name, webhookSecret: newWebhookSecret() } });
  });
  const { apiKey, keyId } = await createKey(project.id);
  return { organizationId, projectId: project.id, name: project.name, apiKey, keyId };
}

/** Marks the organization's owners' and admins' emails confirmed (what the confirmation link does). */
export async function verifyOrganization(organizationId: string): Promise<number> {
  const members = await db().membership.findMany({
    where: { organizationId, role: { in: ["owner", "admin"] } },
    select: { userId: true },
  });
  if (!members.length) throw new Error(`Organization ${organizationId} has no owner or admin to confirm.`);
  const { count } = await db().user.updateMany({
    where: { id: { in: members.map((m) => m.userId) }, emailVerified: null },
    data: { emailVerified: new Date() },
  });
  return count;
}

export async function updateProject(
  projectId: string,
  changes: { robotsPolicy?: "follow" | "ignore"; webhookUrl?: string | null },
) {
  return db().project.update({
    where: { id: projectId },
    data: {
      ...(changes.robotsPolicy && { robotsPolicy: changes.robotsPolicy }),
      ...(changes.webhookUrl !== undefined && { webhookUrl: changes.webhookUrl }),
    },
    select: {
      id: true,
      name: true,
      organizationId: true,
      robotsPolicy: true,
      webhookUrl: true,
      createdAt: true,
    },
  });
}
