import { checkTestHostsAtStart } from "@/lib/net/test-hosts";

/**
 * Settings that must stop the server rather than be served around. Next.js logs a register() that
 * throws and then serves anyway, so a refused PAGE_TEST_HOSTS exits the process itself.
 */
export function checkTestHostsOrExit(): void {
  try {
    checkTestHostsAtStart();
  } catch (err) {
    console.error(`[net] ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
