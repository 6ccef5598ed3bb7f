import { config, type Config } from "@/lib/config";
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

/** The role (lib/config checks it is one of the three); throws when it needs a database it lacks. */
export function processRole(c: Config = config()): ProcessRole {
  const role: ProcessRole = c.PROCESS_ROLE;
  if (role !== "all" && databaseConfig(c).kind !== "postgres") {
    throw new Error(
      `PROCESS_ROLE=${role} needs DATABASE_URL=postgres://…: the embedded database belongs to one process, ` +
        `so its jobs can only run where it is open (use PROCESS_ROLE=all).`,
    );
  }
  return role;
}

/** Whether this process runs jobs and housekeeping. */
export const runsJobs = (role: ProcessRole): boolean => role !== "web";
