"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { createKey, KeyNotFoundError, revokeKey, rotateKey, stopOldKeys } from "@/lib/auth/keys";
import { projectAccess } from "../access";
import { asUser, UserFacingError, type ActionResult } from "../action-result";

/**
 * Key actions (docs/spec.md §5.5, §5.6; issue 26: named keys, each rotated, stopped and revoked on
 * its own). A new key is returned exactly once, to the client that asked; afterwards only its prefix
 * exists anywhere outside the key holder's hands. Every action needs an owner or admin of the
 * project's organization, the current one.
 */

const keyName = z
  .string()
  .trim()
  .min(1, "Give the key a name, e.g. what uses it.")
  .max(60, "A key name has at most 60 characters.");

const keyId = z.string().min(1).max(64);

function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value);
  if (!r.success) throw new UserFacingError(r.error.issues[0]?.message ?? "Check the form.");
  return r.data;
}

function refreshed(projectId: string) {
  revalidatePath(`/dashboard/projects/${projectId}`);
}

export async function createKeyAction(
  projectId: string,
  name: string,
): Promise<ActionResult<{ apiKey: string; name: string }>> {
  return asUser(async (user) => {
    await projectAccess(user, projectId, "admin");
    const keyNameValue = parsed(keyName, name);
    const { apiKey } = await createKey(projectId, keyNameValue);
    refreshed(projectId);
    return { apiKey, name: keyNameValue };
  });
}

/** Replaces one key: the new one takes its name, the old one stays accepted for 24 hours. */
export async function rotateKeyAction(
  projectId: string,
  id: string,
): Promise<ActionResult<{ apiKey: string }>> {
  return asUser(async (user) => {
    await projectAccess(user, projectId, "admin");
    const r = await rotateKey(projectId, new Date(), { keyId: parsed(keyId, id) }).catch((err: unknown) => {
      throw err instanceof KeyNotFoundError ? new UserFacingError(err.message) : err;
    });
    refreshed(projectId);
    return { apiKey: r.apiKey };
  });
}

/** Ends one replaced key's grace window at once. */
export async function stopOldKeyAction(
  projectId: string,
  id: string,
): Promise<ActionResult<{ stopped: number }>> {
  return asUser(async (user) => {
    await projectAccess(user, projectId, "admin");
    const stopped = await stopOldKeys(projectId, parsed(keyId, id));
    refreshed(projectId);
    return { stopped };
  });
}

export async function revokeKeyAction(
  projectId: string,
  id: string,
): Promise<ActionResult<{ revoked: boolean }>> {
  return asUser(async (user) => {
    await projectAccess(user, projectId, "admin");
    const revoked = await revokeKey(projectId, parsed(keyId, id));
    refreshed(projectId);
    return { revoked };
  });
}
