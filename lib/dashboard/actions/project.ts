"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { db } from "@/lib/db";
import { createProject, ProjectLimitError, updateProject } from "@/lib/admin/organizations";
import { checkPublicUrl } from "@/lib/net/url-policy";
import { orgAccess, projectAccess } from "../access";
import { asUser, UserFacingError, type ActionResult } from "../action-result";

const settingsInput = z.object({
  robotsPolicy: z.enum(["follow", "ignore"]),
  webhookUrl: z.string().max(8192),
});

export async function updateProjectSettingsAction(
  projectId: string,
  input: { robotsPolicy: "follow" | "ignore"; webhookUrl: string },
): Promise<ActionResult<{ webhookUrl: string | null }>> {
  return asUser(async (user) => {
    await projectAccess(user, projectId, "admin");
    const parsed = settingsInput.safeParse(input);
    if (!parsed.success)
      throw new UserFacingError("Choose follow or ignore, and give the webhook URL as text.");
    let webhookUrl: string | null = null;
    if (parsed.data.webhookUrl.trim()) {
      // The same public-address rule as report_to: the default webhook is where results are POSTed.
      const check = checkPublicUrl(parsed.data.webhookUrl, "webhook");
      if (!check.ok) throw new UserFacingError(check.message);
      webhookUrl = check.url.toString();
    }
    await updateProject(projectId, { robotsPolicy: parsed.data.robotsPolicy, webhookUrl });
    revalidatePath(`/dashboard/projects/${projectId}`);
    return { webhookUrl };
  });
}

/** The signing secret is not part of the page; it is fetched only when an admin asks to see it. */
export async function revealWebhookSecretAction(
  projectId: string,
): Promise<ActionResult<{ secret: string }>> {
  return asUser(async (user) => {
    await projectAccess(user, projectId, "admin");
    const project = await db().project.findUniqueOrThrow({
      where: { id: projectId },
      select: { webhookSecret: true },
    });
    return { secret: project.webhookSecret };
  });
}

const projectName = z.string().trim().min(1).max(80);

export async function createProjectAction(
  organizationId: string,
  name: string,
): Promise<ActionResult<{ projectId: string; apiKey: string }>> {
  return asUser(async (user) => {
    orgAccess(user, "admin", organizationId);
    const parsed = projectName.safeParse(name);
    if (!parsed.success) throw new UserFacingError("Give the project a name of 1 to 80 characters.");
    const created = await createProject(organizationId, parsed.data).catch((err: unknown) => {
      throw err instanceof ProjectLimitError ? new UserFacingError(err.message) : err;
    });
    revalidatePath("/dashboard/projects");
    return { projectId: created.projectId, apiKey: created.apiKey };
  });
}
