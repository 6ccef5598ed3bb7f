import fs from "node:fs";
import { ownerOf } from "@/lib/db/pglite";
import { ADMIN_PATH, adminTokenFile, type AdminReply, type AdminRequest } from "./endpoint-protocol";

/**
 * The admin command's side of the admin endpoint: null when no live server owns the embedded
 * database (the command then opens it itself), else the server's reply.
 */
export async function askRunningServer(
  dataDir: string,
  request: AdminRequest,
  waitForPortMs = 60_000,
): Promise<AdminReply | null> {
  const deadline = Date.now() + waitForPortMs;
  let owner = ownerOf(dataDir);
  // A server that has just locked the folder advertises its port once migrated and booted.
  while (owner && owner.pid !== process.pid && !owner.adminPort && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    owner = ownerOf(dataDir);
  }
  if (!owner || owner.pid === process.pid) return null;
  if (!owner.adminPort)
    throw new Error(
      `The embedded database is open in process ${owner.pid}, which is not answering admin commands.`,
    );
  const token = fs.readFileSync(adminTokenFile(dataDir), "utf8").trim();
  const res = await fetch(`http://127.0.0.1:${owner.adminPort}${ADMIN_PATH}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(request),
  });
  return (await res.json()) as AdminReply;
}
