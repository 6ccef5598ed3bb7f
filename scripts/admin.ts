/**
 * Operator command (ARCHITECTURE §4): `npm run --silent admin -- <command> --json`.
 * Prints one JSON object. Works while the server runs (it reaches the embedded database through the
 * server's loopback socket) and when it does not (it opens the database itself).
 */
import { parseArgs } from "node:util";
import { closeDb, dbReady } from "@/lib/db";
import {
  createOrganization,
  createProject,
  ProjectLimitError,
  updateProject,
  verifyOrganization,
} from "@/lib/admin/organizations";
import { createKey, rotateKey, stopOldKeys } from "@/lib/auth/keys";
import { checkPublicUrl } from "@/lib/net/url-policy";

const USAGE = `usage: npm run --silent admin -- <command> [options] --json
  org create --name N --plan free|pro [--verified] [--monthly-credits N] [--concurrency N] [--email E]
  org verify --org ID
  key create --project ID
  key rotate --project ID
  key stop-old --project ID
  project create --org ID --name N
  project set --project ID [--robots follow|ignore] [--webhook URL|none]`;

class UsageError extends Error {}

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

async function run(argv: string[]): Promise<unknown> {
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
      robots: { type: "string" },
      webhook: { type: "string" },
      json: { type: "boolean" },
    },
  });
  const command = positionals.join(" ");
  await dbReady();
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
      return createKey(need(values.project, "project"));
    case "key rotate":
      return { apiKey: (await rotateKey(need(values.project, "project"))).apiKey };
    case "key stop-old":
      return { projectId: values.project, stopped: await stopOldKeys(need(values.project, "project")) };
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
      const { db } = await import("@/lib/db");
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

run(process.argv.slice(2))
  .then(async (out) => {
    console.log(JSON.stringify(out));
    await closeDb();
    process.exit(0);
  })
  .catch(async (err) => {
    const usage = err instanceof UsageError || (err as { code?: string }).code?.startsWith("ERR_PARSE_ARGS");
    console.log(
      JSON.stringify({
        error: usage ? "usage" : err instanceof ProjectLimitError ? "project_limit" : "failed",
        message: (err as Error).message,
        ...(usage && { usage: USAGE }),
      }),
    );
    await closeDb().catch(() => {});
    process.exit(usage ? 2 : 1);
  });
