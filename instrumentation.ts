/**
 * Next.js start-up hook: bring the database, the job workers and the shared database socket up
 * before the first request, in the Node.js runtime only.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return; // `next build` must not open the database
  const { checkConfigOrExit, checkTestHostsOrExit } = await import("@/lib/server/startup-checks");
  checkConfigOrExit(); // every environment variable, read once: a bad one stops the start, named
  checkTestHostsOrExit();
  // Before the first request: stamps the socket peer, hands the API's endpoints to the pipeline.
  const { installFrontDoor } = await import("@/lib/server/front-door");
  installFrontDoor();
  const { ensureBooted } = await import("@/lib/server/boot");
  await ensureBooted();
  const { processRole, runsJobs } = await import("@/lib/server/role");
  const role = processRole();
  console.log(
    `[page-to-data] ready (PROCESS_ROLE=${role}): database migrated, ` +
      (runsJobs(role) ? "job workers running" : "enqueueing only (jobs run on worker processes)"),
  );
}
