/**
 * Next.js start-up hook: bring the database, the job workers and the shared database socket up
 * before the first request, in the Node.js runtime only.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return; // `next build` must not open the database
  const { checkTestHostsAtStart } = await import("@/lib/net/test-hosts");
  try {
    checkTestHostsAtStart();
  } catch (err) {
    // Next.js logs a failed register() and serves anyway; a refused PAGE_TEST_HOSTS must stop the start.
    console.error(`[net] ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
  const { ensureBooted } = await import("@/lib/server/boot");
  await ensureBooted();
  console.log("[page-to-data] ready: database migrated, job workers running");
}
