/**
 * Resolve a destination and decide whether we may connect to it.
 *
 * Every outbound connection the service makes for a client (browser traffic
 * via the egress proxy, robots.txt, webhooks) goes through resolvePublic and
 * then connects to the *returned address*, never to the name again. Checking
 * a name and letting someone else resolve it later leaves a window for DNS
 * rebinding (first answer public, second answer 127.0.0.1); pinning closes it.
 */
import dns from "node:dns";
import net from "node:net";
import { isPublicAddress } from "./address";
import { EgressBlockedError } from "./errors";
import { isTestHostname, testHostTarget, testHostsEnabled } from "./test-hosts";

export interface ResolvedTarget {
  address: string;
  family: 4 | 6;
  port: number;
}

/** A DNS answer as `dns.lookup(host, {all: true})` gives it. */
export interface LookupAnswer {
  address: string;
  family: number;
}

/** Resolver used by resolvePublic; injectable so tests can play a hostile DNS server. */
export type LookupAllFn = (hostname: string) => Promise<LookupAnswer[]>;

export interface ResolveDeps {
  lookup?: LookupAllFn;
}

/** The system resolver (honours /etc/hosts, like the browser would). */
export const systemLookup: LookupAllFn = (hostname) => dns.promises.lookup(hostname, { all: true });

/** Lower-case, drop one trailing dot and IPv6 brackets, so every caller compares the same spelling. */
export function normalizeHostname(hostname: string): string {
  let h = hostname.trim().toLowerCase();
  if (h.startsWith("[") && h.endsWith("]")) h = h.slice(1, -1);
  if (h.endsWith(".")) h = h.slice(0, -1);
  return h;
}

/** `localhost` and `*.localhost` (RFC 6761): always this machine, whatever DNS says. */
export function isLocalhostName(hostname: string): boolean {
  const h = normalizeHostname(hostname);
  return h === "localhost" || h.endsWith(".localhost");
}

function familyOf(address: string): 4 | 6 {
  return net.isIP(address) === 6 ? 6 : 4;
}

/**
 * Resolve `hostname` for a connection to `port`.
 *
 * - `.test` names: mapped by PAGE_TEST_HOSTS (the ONLY way a loopback address
 *   is ever returned); never sent to DNS; refused when the mapping is off or
 *   the port is not 80/443.
 * - IP literals: checked directly.
 * - `localhost` / `*.localhost`: refused without asking DNS (browsers and
 *   systemd-resolved answer loopback for them whatever DNS says).
 * - other names: refused if ANY answer is non-public — an attacker who
 *   controls the zone could otherwise mix a private address into the set and
 *   win whenever that one is tried.
 *
 * Throws EgressBlockedError on refusal; DNS failures (ENOTFOUND, ...) are
 * passed through unchanged so callers can report "not found".
 */
export async function resolvePublic(
  hostname: string,
  port: number,
  deps: ResolveDeps = {},
): Promise<ResolvedTarget> {
  const host = normalizeHostname(hostname);

  if (isTestHostname(host)) {
    const mapped = testHostTarget(host, port);
    if (mapped) return { address: mapped.address, family: familyOf(mapped.address), port: mapped.port };
    if (testHostsEnabled())
      throw new EgressBlockedError(
        host,
        "port",
        undefined,
        `Refused ${host}:${port}: test hosts only map ports 80 and 443.`,
      );
    throw new EgressBlockedError(
      host,
      "not_public",
      undefined,
      `Refused ${host}: '.test' names are reserved and PAGE_TEST_HOSTS is not set.`,
    );
  }

  if (net.isIP(host)) {
    if (!isPublicAddress(host)) throw new EgressBlockedError(host, "not_public", host);
    return { address: host, family: familyOf(host), port };
  }

  if (isLocalhostName(host)) {
    throw new EgressBlockedError(host, "not_public", undefined, `Refused ${host}: it names this machine.`);
  }

  const answers = await (deps.lookup ?? systemLookup)(host);
  if (answers.length === 0) {
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND", hostname: host });
  }
  const bad = answers.find((a) => !isPublicAddress(a.address));
  if (bad) throw new EgressBlockedError(host, "not_public", bad.address);
  // Resolver order is kept (Node's default is "verbatim"): the first answer is the system's preference.
  const first = answers[0]!;
  return { address: first.address, family: familyOf(first.address), port };
}
