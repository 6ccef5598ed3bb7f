"use server";

import { revalidatePath } from "next/cache";
import { createKey, rotateKey, stopOldKeys } from "@/lib/auth/keys";
import { projectAccess } from "../access";
import { asUser, type ActionResult } from "../action-result";

/**
 * Key actions (docs/spec.md §5.5, §5.6). A new key is returned exactly once, to the client that asked;
 * afterwards only its prefix exists anywhere outside the key holder's hands.
 */

export async function createKeyAction(projectId: string): Promise<ActionResult<{ apiKey: string }>> {
  return asUser(async (user) => {
    await projectAccess(user.id, projectId, "admin");
    const { apiKey } = await createKey(projectId);
    revalidatePath(`/dashboard/projects/${projectId}`);
    return { apiKey };
  });
}

export async function rotateKeyAction(projectId: string): Promise<ActionResult<{ apiKey: string }>> {
  return asUser(async (user) => {
    await projectAccess(user.id, projectId, "admin");
    const { apiKey } = await rotateKey(projectId);
    revalidatePath(`/dashboard/projects/${projectId}`);
    return { apiKey };
  });
}

export async function stopOldKeysAction(projectId: string): Promise<ActionResult<{ stopped: number }>> {
  return asUser(async (user) => {
    await projectAccess(user.id, projectId, "admin");
    const stopped = await stopOldKeys(projectId);
    revalidatePath(`/dashboard/projects/${projectId}`);
    return { stopped };
  });
}
