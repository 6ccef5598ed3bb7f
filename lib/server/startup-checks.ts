import { ConfigError, config } from "@/lib/config";
import { checkTestHostsAtStart } from "@/lib/net/test-hosts";

/**
 * Settings that must stop the server rather than be served around. Next.js logs a register() that
 * throws and then serves anyway, so a bad configuration exits the process itself, after naming
 * every bad variable and why on stderr.
 */
export function checkConfigOrExit(): void {
  try {
    config();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(`[config] ${err.message}`);
    process.exit(1);
  }
}

export function checkTestHostsOrExit(): void {
  try {
    checkTestHostsAtStart();
  } catch (err) {
    console.error(`[net] ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
