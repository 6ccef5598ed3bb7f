import { databaseConfig } from "@/lib/db/config";

/**
 * What this process does, from PROCESS_ROLE:
 * - `all` (default): everything in one process, the embedded setup.
 * - `web`: the API, dashboard and Playground; it enqueues jobs but runs none.
 * - `worker`: runs the jobs (page visits, Lighthouse, webhook deliveries) and retention; its HTTP
 *   port only needs to answer /api/health.
 * Split roles need a database several processes can share: PostgreSQL, not the embedded PGlite.
 */
export type ProcessRole = "all" | "web" | "worker";

const ROLES: readonly ProcessRole[] = ["all", "web", "worker"];

export function processRole(env: NodeJS.ProcessEnv = process.env): ProcessRole {
  const raw = env.PROCESS_ROLE?.trim().toLowerCase() || "all";
  if (!(ROLES as readonly string[]).includes(raw)) {
    throw new Error(`PROCESS_ROLE must be one of ${ROLES.join(", ")} (got "${env.PROCESS_ROLE}")`);
  }
  const role = raw as ProcessRole;
  if (role !== "all" && databaseConfig(env).kind !== "postgres") {
    throw new Error(
      `PROCESS_ROLE=${role} needs DATABASE_URL=postgres://…: the embedded database belongs to one process, ` +
        `so its jobs can only run where it is open (use PROCESS_ROLE=all).`,
    );
  }
  return role;
}

/** Whether this process runs jobs and housekeeping. */
export const runsJobs = (role: ProcessRole): boolean => role !== "web";
