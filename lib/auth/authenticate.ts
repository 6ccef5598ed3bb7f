import { clientError } from "@/lib/errors";
import { findKey, keyCacheMs } from "./keys";
import { isEmailGateOpen } from "./verification";

import { db } from "@/lib/db";
import type { Organization, Project } from "@/lib/generated/prisma/client";
import { singleton } from "@/lib/singleton";

/** Where a request came in (the Request row's `source`). */
export type RequestSource = "api" | "playground" | "mcp";

/** Who a request acts for: a project (and through it, the organization that pays). */
export interface ApiCaller {
  projectId: string;
  project: Project & { organization: Organization };
  /** Recorded on the request row, so the history can say who sent it (issue 26 §6). */
  sentBy: { source: RequestSource; apiKeyId: string | null; userId: string | null };
}

/** The caller for the dashboard's own requests (Playground), signed in rather than keyed. */
export async function callerForProject(projectId: string, userId: string | null = null): Promise<ApiCaller> {
  const project = await db().project.findUniqueOrThrow({
    where: { id: projectId },
    include: { organization: true },
  });
  return { projectId, project, sentBy: { source: "playground", apiKeyId: null, userId } };
}

/** The same key's caller for a call that came through MCP rather than the HTTP API. */
export function viaMcp(caller: ApiCaller): ApiCaller {
  return { ...caller, sentBy: { ...caller.sentBy, source: "mcp" } };
}

// docs/spec.md §5.1: the word Bearer, one space, then the key exactly as issued: no quotes, no whitespace.
const BEARER = /^Bearer ([\x21-\x7e]+)$/;

/** docs/spec.md §5: 401 `invalid_api_key` (saying whether the header was missing or the key unknown), 403 `email_unverified`. */
export async function authenticate(authorization: string | null): Promise<ApiCaller> {
  if (authorization === null || authorization === "") {
    throw clientError.invalidApiKey(
      "The Authorization header is missing. Send Authorization: Bearer <API_KEY> with the key from your project settings.",
    );
  }
  const match = BEARER.exec(authorization);
  if (!match || /["']/.test(match[1])) {
    throw clientError.invalidApiKey(
      "The Authorization header must be the word Bearer, one space, then your API key exactly as issued, with no quotes or extra spaces.",
    );
  }
  const key = await findKey(match[1]);
  if (!key) {
    throw clientError.invalidApiKey(
      "The API key matches no active project key. It may be mistyped, revoked, or replaced more than 24 hours ago; create a new key in the dashboard.",
    );
  }
  const org = key.project.organization;
  if (!(await gateOpen(org.id, org.plan))) throw clientError.emailUnverified();
  return {
    projectId: key.projectId,
    project: key.project,
    sentBy: { source: "api", apiKeyId: key.id, userId: null },
  };
}

/**
 * An open email gate stays open (a confirmed address is not un-confirmed), so an open answer is
 * remembered as long as a cached key is (lib/auth/keys.ts); a closed one is asked again each time,
 * so a confirmation takes effect at once.
 */
const openGates = singleton("auth.open-gates", () => new Map<string, number>());

async function gateOpen(organizationId: string, plan: string): Promise<boolean> {
  if (plan !== "free") return true;
  const ttl = keyCacheMs();
  const at = openGates.get(organizationId);
  if (at !== undefined && Date.now() - at < ttl) return true;
  const open = await isEmailGateOpen(organizationId, plan);
  if (open && ttl > 0) {
    if (openGates.size >= 10_000) openGates.clear();
    openGates.set(organizationId, Date.now());
  }
  return open;
}
