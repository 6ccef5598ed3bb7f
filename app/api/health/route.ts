import { ensureBooted } from "@/lib/server/boot";

/** Liveness and readiness: 200 once the database is migrated and the job workers run. */
export async function GET(): Promise<Response> {
  await ensureBooted();
  return Response.json({ status: "ok" });
}
