import { dbReady } from "@/lib/db";
import { processRole, runsJobs } from "./role";
import { dropSingleton, singleton } from "@/lib/singleton";

/**
 * The composition root: brings the process's long-lived parts up once: the database (migrated),
 * every job definition registered (./job-catalog.ts), the job workers. Called from instrumentation.ts
 * at start-up and, cheaply, by every route (a resolved promise after the first call). It loads the
 * layers above lib/jobs with import(), so the modules that call ensureBooted() stay light.
 */
export function ensureBooted(): Promise<void> {
  return singleton("boot", () =>
    boot().catch((err) => {
      dropSingleton("boot"); // a failed start may be retried
      throw err;
    }),
  );
}

/**
 * A long-running server hosts third-party code (Lighthouse, Playwright) that can reject a promise
 * nobody awaits when a browser dies mid-run; log it rather than let one page take the API down.
 */
function keepServingOnStrayRejections(): void {
  singleton("strayHandler", () =>
    process.on("unhandledRejection", (reason) => console.error("[server] unhandled rejection:", reason)),
  );
}

async function boot(): Promise<void> {
  keepServingOnStrayRejections();
  const role = processRole(); // a bad PROCESS_ROLE stops the start, before anything runs
  const { secureProjectDataDir } = await import("@/lib/db/permissions");
  secureProjectDataDir();
  const { checkEmailConfiguration } = await import("@/lib/email/mode");
  try {
    checkEmailConfiguration();
  } catch (err) {
    // A misconfiguration no request can fix: say why and stop, rather than serve a gate that proves nothing.
    console.error(`[page-to-data] cannot start: ${(err as Error).message}`);
    process.exit(1);
  }
  await dbReady();
  await import("./job-catalog"); // registers every job definition before the workers start
  const { openJobs, startJobs } = await import("@/lib/jobs");
  // A web process only enqueues: its queues exist, but it runs no job and starts no browser.
  await (runsJobs(role) ? startJobs() : openJobs());
  const { startAdminEndpoint } = await import("@/lib/admin/endpoint");
  await startAdminEndpoint();
  if (!runsJobs(role)) return;
  const { startIdleMemoryRelease } = await import("./idle-memory");
  startIdleMemoryRelease();
  const { scheduleRetention } = await import("@/lib/requests/retention");
  scheduleRetention();
}
