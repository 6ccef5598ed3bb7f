import { untilAllWritten } from "@/lib/requests/hit-rows";
import { db } from "@/lib/db";
import type { KeyState } from "@/lib/generated/prisma/enums";

/** Projects of one organization (the current one: the dashboard shows one organization at a time). */
export async function projectsOfOrganization(organizationId: string) {
  return db().project.findMany({
    where: { organizationId },
    orderBy: { createdAt: "asc" },
    select: {
      id: true,
      name: true,
      createdAt: true,
      robotsPolicy: true,
      webhookUrl: true,
      organization: { select: { id: true, name: true } },
      _count: { select: { requests: true, keys: { where: { state: { in: ["active", "grace"] } } } } },
    },
  });
}

export type KeyDisplayState = KeyState | "expired";

export interface KeyRow {
  id: string;
  name: string;
  prefix: string;
  state: KeyDisplayState;
  graceUntil: Date | null;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** A project's keys as the dashboard may show them: prefixes only, never hashes. */
export async function projectKeys(projectId: string, now = new Date()): Promise<KeyRow[]> {
  const keys = await db().apiKey.findMany({
    where: { projectId },
    orderBy: { createdAt: "desc" },
    select: {
      id: true,
      name: true,
      prefix: true,
      state: true,
      graceUntil: true,
      createdAt: true,
      lastUsedAt: true,
    },
  });
  // A grace key past its end is no longer accepted; nothing rewrites its row, so say so here.
  return keys.map((k) => ({
    ...k,
    state: k.state === "grace" && (!k.graceUntil || k.graceUntil <= now) ? "expired" : k.state,
  }));
}

export async function projectSettings(projectId: string) {
  return db().project.findUniqueOrThrow({
    where: { id: projectId },
    select: {
      id: true,
      name: true,
      robotsPolicy: true,
      webhookUrl: true,
      createdAt: true,
      organization: { select: { id: true, name: true } },
    },
  });
}

/** The columns a row of a request table shows (the project page and the request history). */
export const REQUEST_ROW_SELECT = {
  token: true,
  operation: true,
  url: true,
  state: true,
  cost: true,
  cached: true,
  error: true,
  sync: true,
  createdAt: true,
  startedAt: true,
  finishedAt: true,
  processingMs: true,
  // Who sent it (issue 26 §6): the source, and the key's name or the Playground user.
  source: true,
  apiKey: { select: { name: true, prefix: true } },
  sentBy: { select: { name: true, email: true } },
} as const;

export async function recentRequests(projectId: string, limit = 25) {
  await untilAllWritten(); // cache hits answered before their rows committed (lib/requests/hit-rows.ts)
  return db().request.findMany({
    where: { projectId },
    orderBy: { createdAt: "desc" },
    take: limit,
    select: REQUEST_ROW_SELECT,
  });
}

export type RecentRequest = Awaited<ReturnType<typeof recentRequests>>[number];
