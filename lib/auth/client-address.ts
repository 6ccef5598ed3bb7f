import ipaddr from "ipaddr.js";
import { config, type Config } from "@/lib/config";
import { PEER_HEADER } from "@/lib/server/peer-address";

/**
 * The address a sign-in or sign-up is counted against.
 *
 * - By default, the socket peer (stamped by lib/server/peer-address.ts). `X-Forwarded-For` is
 *   ignored: any client can send it.
 * - With `TRUST_PROXY=N` (N reverse proxies of ours in front, `true` = 1), the entry the outermost
 *   of them appended to `X-Forwarded-For`, i.e. the N-th from the right.
 *
 * IPv6 clients are counted per /64, the block one subscriber gets; IPv4-mapped IPv6 as IPv4.
 */
export type HeaderSource = { get(name: string): string | null } | Record<string, unknown>;

function header(source: HeaderSource, name: string): string {
  if (typeof (source as { get?: unknown }).get === "function")
    return (source as { get(n: string): string | null }).get(name) ?? "";
  const value = (source as Record<string, unknown>)[name];
  return typeof value === "string" ? value : Array.isArray(value) ? String(value[0] ?? "") : "";
}

export function trustedProxyHops(c: Config = config()): number {
  return c.TRUST_PROXY;
}

export function clientAddress(headers: HeaderSource, c: Config = config()): string {
  const peer = header(headers, PEER_HEADER);
  const hops = trustedProxyHops(c);
  if (hops > 0) {
    const chain = header(headers, "x-forwarded-for")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const candidate = chain[chain.length - hops];
    if (candidate && ipaddr.isValid(candidate)) return bucket(candidate);
  }
  return peer && ipaddr.isValid(peer) ? bucket(peer) : "unknown";
}

function bucket(address: string): string {
  let ip = ipaddr.parse(address);
  if (ip.kind() === "ipv6" && (ip as ipaddr.IPv6).isIPv4MappedAddress())
    ip = (ip as ipaddr.IPv6).toIPv4Address();
  if (ip.kind() === "ipv4") return ip.toString();
  const parts = (ip as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(":")}::/64`;
}
