import { parseArgs } from "node:util";
import { db } from "@/lib/db";
import {
  createOrganization,
  createProject,
  ProjectLimitError,
  updateProject,
  verifyOrganization,
} from "./organizations";
import { createKey, KeyNotFoundError, revokeKey, rotateKey, stopOldKeys } from "@/lib/auth/keys";
import { checkPublicUrl } from "@/lib/net/url-policy";

/**
 * The admin command's commands (docs/architecture.md §4), parsed and run in one place: by the command
 * itself when no server runs, and by the server's loopback admin endpoint when one does, so the
 * output is the same JSON either way.
 */
export const ADMIN_USAGE = `usage: npm run --silent admin -- <command> [options] --json
  org create --name N --plan free|pro [--verified] [--monthly-credits N] [--concurrency N] [--email E]
  org verify --org ID
  key create --project ID [--name N]
  key rotate --project ID [--key ID] [--name N]
  key stop-old --project ID [--key ID]
  key revoke --project ID --key ID
  project create --org ID --name N
  project set --project ID [--robots follow|ignore] [--webhook URL|none]`;

export class UsageError extends Error {}

/** The JSON the command prints when it fails (exit code 2 for usage, 1 otherwise). */
export function adminFailure(err: unknown): {
  error: "usage" | "project_limit" | "failed";
  message: string;
  usage?: string;
} {
  const usage =
    err instanceof UsageError || Boolean((err as { code?: string }).code?.startsWith("ERR_PARSE_ARGS"));
  return {
    error: usage ? "usage" : err instanceof ProjectLimitError ? "project_limit" : "failed",
    message: (err as Error).message,
    ...(usage && { usage: ADMIN_USAGE }),
  };
}

function need(value: string | undefined, flag: string): string {
  if (!value) throw new UsageError(`--${flag} is required`);
  return value;
}

function int(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`--${flag} must be a whole number`);
  return n;
}

function keyName(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const name = value.trim();
  if (!name || name.length > 60) throw new UsageError("--name must be 1 to 60 characters");
  return name;
}

function usageIfNoKey(err: unknown): never {
  throw err instanceof KeyNotFoundError ? new UsageError(err.message) : err;
}

/** Runs one command line (without the program name) against this process's database. */
export async function runAdminCommand(argv: string[]): Promise<unknown> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: "string" },
      plan: { type: "string" },
      verified: { type: "boolean" },
      "monthly-credits": { type: "string" },
      concurrency: { type: "string" },
      email: { type: "string" },
      org: { type: "string" },
      project: { type: "string" },
      key: { type: "string" },
      robots: { type: "string" },
      webhook: { type: "string" },
      json: { type: "boolean" },
    },
  });
  const command = positionals.join(" ");
  switch (command) {
    case "org create": {
      const plan = need(values.plan, "plan");
      if (plan !== "free" && plan !== "pro") throw new UsageError("--plan must be free or pro");
      const r = await createOrganization({
        name: need(values.name, "name"),
        plan,
        verified: values.verified ?? false,
        monthlyCredits: int(values["monthly-credits"], "monthly-credits"),
        concurrency: int(values.concurrency, "concurrency"),
        ownerEmail: values.email,
      });
      return { organizationId: r.organizationId, projectId: r.projectId, apiKey: r.apiKey };
    }
    case "org verify":
      return { organizationId: need(values.org, "org"), confirmed: await verifyOrganization(values.org!) };
    case "key create":
      return createKey(need(values.project, "project"), keyName(values.name));
    case "key rotate": {
      // Without --key: every active key of the project, as before issue 26; with it, that key alone.
      const r = await rotateKey(need(values.project, "project"), new Date(), {
        keyId: values.key,
        name: keyName(values.name),
      }).catch(usageIfNoKey);
      return { apiKey: r.apiKey, keyId: r.keyId, replaced: r.replaced };
    }
    case "key stop-old":
      return {
        projectId: values.project,
        stopped: await stopOldKeys(need(values.project, "project"), values.key),
      };
    case "key revoke":
      return {
        projectId: values.project,
        revoked: await revokeKey(need(values.project, "project"), need(values.key, "key")),
      };
    case "project create":
      return createProject(need(values.org, "org"), need(values.name, "name"));
    case "project set": {
      const robots = values.robots;
      if (robots !== undefined && robots !== "follow" && robots !== "ignore")
        throw new UsageError("--robots must be follow or ignore");
      let webhookUrl: string | null | undefined;
      if (values.webhook === "none") webhookUrl = null;
      else if (values.webhook !== undefined) {
        const checked = checkPublicUrl(values.webhook, "webhook");
        if (!checked.ok) throw new UsageError(checked.message);
        webhookUrl = checked.url.toString();
      }
      const project = await updateProject(need(values.project, "project"), {
        robotsPolicy: robots,
        webhookUrl,
      });
      // Operators need the signing secret to verify deliveries; the dashboard shows it masked.
      const { webhookSecret } = await db().project.findUniqueOrThrow({
        where: { id: project.id },
        select: { webhookSecret: true },
      });
      return { ...project, webhookSecret };
    }
    default:
      throw new UsageError(command ? `unknown command "${command}"` : "no command given");
  }
}
