/**
 * Is an IP address one the service may connect to on a client's behalf?
 *
 * Allow-list, not deny-list: only what ipaddr.js classifies as plain
 * `unicast` (and, for IPv6, inside the global unicast block 2000::/3) is
 * public. Everything with a special purpose — private, loopback, link-local
 * (cloud metadata at 169.254.169.254), CGNAT, multicast, reserved,
 * documentation, benchmarking, discard, ORCHID, 6to4, Teredo — is refused,
 * so a range ipaddr.js learns about later can only make us stricter.
 *
 * Addresses that carry an IPv4 address inside an IPv6 one are judged by the
 * IPv4 address, because that is where the packets end up:
 *   - IPv4-mapped ::ffff:a.b.c.d (a dual-stack socket connects to a.b.c.d),
 *   - NAT64 well-known prefix 64:ff9b::/96 (the gateway connects to a.b.c.d).
 * The local-use NAT64 prefix 64:ff9b:1::/48 is refused outright: its meaning
 * depends on the operator's network.
 */
import net from "node:net";
import ipaddr from "ipaddr.js";

const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR("64:ff9b::/96");
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR("2000::/3");

function isPublicV4(addr: ipaddr.IPv4): boolean {
  return addr.range() === "unicast";
}

/** The IPv4 address in the low 32 bits of an IPv6 address. */
function embeddedV4(addr: ipaddr.IPv6): ipaddr.IPv4 {
  const b = addr.toByteArray();
  return new ipaddr.IPv4(b.slice(12, 16));
}

function isPublicV6(addr: ipaddr.IPv6): boolean {
  // A zone id (fe80::1%eth0) only makes sense for link-local addresses; refuse any.
  if (addr.zoneId) return false;
  const range = addr.range();
  if (range === "ipv4Mapped") return isPublicV4(addr.toIPv4Address());
  if (addr.match(NAT64_WELL_KNOWN)) return isPublicV4(embeddedV4(addr));
  return range === "unicast" && addr.match(GLOBAL_UNICAST_V6);
}

/**
 * True only for a publicly routable unicast address given in canonical text
 * form (what DNS answers and sockets report). Anything that is not a plain
 * IPv4/IPv6 string — including odd numeric forms like "0x7f.1" that some
 * parsers accept — is not public: callers must normalize first.
 */
export function isPublicAddress(ip: string): boolean {
  const text = ip.startsWith("[") && ip.endsWith("]") ? ip.slice(1, -1) : ip;
  const kind = net.isIP(text.split("%")[0] ?? "");
  if (kind === 0) return false;
  try {
    const addr = ipaddr.parse(text);
    return addr.kind() === "ipv4" ? isPublicV4(addr as ipaddr.IPv4) : isPublicV6(addr as ipaddr.IPv6);
  } catch {
    return false;
  }
}
