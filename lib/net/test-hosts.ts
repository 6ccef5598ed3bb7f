/**
 * Test-host mapping (docs/architecture.md §3, a contract other suites rely on).
 *
 * The URL policy refuses IPs, localhost and non-default ports, so tests need
 * real-looking public names that still reach local servers.
 * `PAGE_TEST_HOSTS=127.0.0.1:HTTP_PORT:HTTPS_PORT` makes every name under the
 * reserved `.test` TLD go to that address, port 80 -> HTTP_PORT and
 * 443 -> HTTPS_PORT. Nothing else about egress changes.
 *
 * The variable is read on every call (not at import) so a test can start its
 * servers on random ports first and set the variable afterwards.
 *
 * Only a loopback address is accepted: the mapping exists to reach test sites on
 * this machine, and honouring any address would let whoever sets the variable
 * point every `.test` fetch at an internal host past the egress guard.
 */
import net from "node:net";
import ipaddr from "ipaddr.js";

export interface TestHostsConfig {
  address: string;
  httpPort: number;
  httpsPort: number;
}

/** Parsed PAGE_TEST_HOSTS, or null when unset/empty. Throws on a malformed value: a typo must be loud, not silently "unset". */
export function testHostsConfig(env: NodeJS.ProcessEnv = process.env): TestHostsConfig | null {
  const raw = env.PAGE_TEST_HOSTS?.trim();
  if (!raw) return null;
  // Split from the right so an IPv6 address (which contains colons) also works.
  const parts = raw.split(":");
  const httpsPort = Number(parts.pop());
  const httpPort = Number(parts.pop());
  const address = parts.join(":").replace(/^\[|\]$/g, "");
  const okPort = (p: number) => Number.isInteger(p) && p > 0 && p < 65536;
  if (!net.isIP(address) || !okPort(httpPort) || !okPort(httpsPort)) {
    throw new Error(`PAGE_TEST_HOSTS must look like 127.0.0.1:HTTP_PORT:HTTPS_PORT; got '${raw}'.`);
  }
  if (!isLoopback(address)) {
    throw new Error(
      `PAGE_TEST_HOSTS may only map .test hosts to a loopback address (127.0.0.0/8 or ::1); got '${address}'.`,
    );
  }
  return { address, httpPort, httpsPort };
}

/** 127.0.0.0/8, ::1, and the IPv4-mapped form of 127.0.0.0/8 (::ffff:127.0.0.1). */
function isLoopback(address: string): boolean {
  const parsed = ipaddr.process(address); // unwraps IPv4-mapped IPv6
  return parsed.range() === "loopback";
}

export const TEST_HOSTS_WARNING =
  "[net] PAGE_TEST_HOSTS is set: every *.test host resolves to this machine. This is for tests only; unset it in production.";

/**
 * Start-up check: a bad PAGE_TEST_HOSTS stops the server (throws) instead of being ignored, and a
 * valid one is announced on every start, so a forgotten test setting is seen in production logs.
 */
export function checkTestHostsAtStart(
  env: NodeJS.ProcessEnv = process.env,
  warn: (message: string) => void = console.warn,
): void {
  const cfg = testHostsConfig(env);
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
