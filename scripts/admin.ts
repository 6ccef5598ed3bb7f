/**
 * Operator command (docs/architecture.md §4): `npm run --silent admin -- <command> --json`.
 * Prints one JSON object. While the server runs on the embedded database, the command is run by the
 * server itself through its loopback admin endpoint (lib/admin/endpoint.ts); otherwise (no server,
 * or PostgreSQL, which any number of processes may share) it opens the database itself.
 */
import { closeDb, dbReady } from "@/lib/db";
import { databaseConfig } from "@/lib/db/config";
import { askRunningServer } from "@/lib/admin/client";
import { adminFailure, runAdminCommand } from "@/lib/admin/commands";
import type { AdminReply } from "@/lib/admin/endpoint-protocol";

async function run(argv: string[]): Promise<AdminReply> {
  const config = databaseConfig();
  if (config.kind === "pglite" && !config.dataDir.startsWith("memory://")) {
    const reply = await askRunningServer(config.dataDir, { argv });
    if (reply) return reply;
  }
  try {
    await dbReady();
    return { ok: true, result: await runAdminCommand(argv) };
  } catch (err) {
    return { ok: false, ...adminFailure(err) };
  }
}

function exitCode(reply: AdminReply): number {
  if (reply.ok) return 0;
  return reply.error === "usage" ? 2 : 1;
}

run(process.argv.slice(2))
  .catch((err: Error): AdminReply => ({ ok: false, error: "failed", message: err.message }))
  .then(async (reply) => {
    if (reply.ok) console.log(JSON.stringify(reply.result));
    else {
      const { error, message, usage } = reply;
      console.log(JSON.stringify({ error, message, ...(usage && { usage }) }));
    }
    await closeDb().catch(() => {});
    process.exit(exitCode(reply));
  });
