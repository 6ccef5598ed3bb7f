/**
 * Test-host mapping (docs/architecture.md §3, a contract other suites rely on).
 *
 * The URL policy refuses IPs, localhost and non-default ports, so tests need
 * real-looking public names that still reach local servers.
 * `PAGE_TEST_HOSTS=127.0.0.1:HTTP_PORT:HTTPS_PORT` makes every name under the
 * reserved `.test` TLD go to that address, port 80 -> HTTP_PORT and
 * 443 -> HTTPS_PORT. Nothing else about egress changes.
 *
 * The variable is parsed with the rest of the configuration (lib/config); a test
 * that starts its servers on random ports sets it afterwards and calls reloadConfig().
 *
 * Only a loopback address is accepted: the mapping exists to reach test sites on
 * this machine, and honouring any address would let whoever sets the variable
 * point every `.test` fetch at an internal host past the egress guard.
 */
import { config, type Config, type TestHostsConfig } from "@/lib/config";

export type { TestHostsConfig } from "@/lib/config";

/** Parsed PAGE_TEST_HOSTS, or null when unset/empty (a malformed value fails the configuration: lib/config/structured.ts). */
export function testHostsConfig(c: Config = config()): TestHostsConfig | null {
  return c.PAGE_TEST_HOSTS;
}

export const TEST_HOSTS_WARNING =
  "[net] PAGE_TEST_HOSTS is set: every *.test host resolves to this machine. This is for tests only; unset it in production.";

/**
 * Start-up check: a bad PAGE_TEST_HOSTS stops the server (throws) instead of being ignored, and a
 * valid one is announced on every start, so a forgotten test setting is seen in production logs.
 */
export function checkTestHostsAtStart(
  c: Config = config(),
  warn: (message: string) => void = console.warn,
): void {
  const cfg = testHostsConfig(c);
  if (cfg) warn(`${TEST_HOSTS_WARNING} (${cfg.address}, ports ${cfg.httpPort}/${cfg.httpsPort})`);
}

/** True when the test-host mapping is switched on. */
export function testHostsEnabled(): boolean {
  return testHostsConfig() !== null;
}

/** A name under the reserved `.test` TLD (RFC 6761). Expects a lower-case host, trailing dot allowed. */
export function isTestHostname(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, "");
  return h.endsWith(".test") && h.length > ".test".length;
}

/**
 * Where a connection to `hostname:port` really goes under the test mapping.
 * Null when the mapping is off, the name is not under `.test`, or the port is
 * not 80/443 (the only ports a public URL may use; anything else stays refused).
 */
export function testHostTarget(hostname: string, port: number): { address: string; port: number } | null {
  if (!isTestHostname(hostname)) return null;
  const cfg = testHostsConfig();
  if (!cfg) return null;
  if (port === 80) return { address: cfg.address, port: cfg.httpPort };
  if (port === 443) return { address: cfg.address, port: cfg.httpsPort };
  return null;
}
