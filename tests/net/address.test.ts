import { describe, expect, it } from "vitest";
import { isPublicAddress } from "@/lib/net/address";

const PUBLIC = [
  "8.8.8.8",
  "1.1.1.1",
  "93.184.216.34",
  "172.15.255.255", // just below 172.16/12
  "172.32.0.1", // just above it
  "100.63.255.255", // just below CGNAT
  "100.128.0.1", // just above it
  "2606:4700:4700::1111",
  "2a00:1450:4001:82b::200e",
  "::ffff:8.8.8.8", // IPv4-mapped: judged by the IPv4 inside
  "64:ff9b::808:808", // NAT64 well-known prefix: judged by the IPv4 inside
];

const NOT_PUBLIC = [
  // IPv4
  "0.0.0.0",
  "0.1.2.3",
  "10.0.0.1",
  "127.0.0.1",
  "127.255.255.254",
  "169.254.169.254",
  "172.16.0.1",
  "172.31.255.255",
  "192.168.0.1",
  "100.64.0.1",
  "100.127.255.255",
  "192.0.0.1",
  "192.0.2.1",
  "198.18.0.1",
  "198.51.100.1",
  "203.0.113.1",
  "224.0.0.1",
  "239.255.255.250",
  "240.0.0.1",
  "255.255.255.255",
  "192.88.99.1",
  // IPv6
  "::",
  "::1",
  "fe80::1",
  "fe80::1%eth0",
  "fc00::1",
  "fd12:3456::1",
  "ff02::1",
  "fec0::1",
  "::ffff:127.0.0.1",
  "::ffff:10.0.0.1",
  "::ffff:169.254.169.254",
  "64:ff9b::7f00:1",
  "64:ff9b::a00:1",
  "64:ff9b:1::1",
  "2002:7f00:1::1", // 6to4
  "2001::1", // Teredo
  "2001:db8::1", // documentation
  "2001:2::1", // benchmarking
  "100::1", // discard
  "::7f00:1", // deprecated IPv4-compatible
  "3fff::1", // documentation (RFC 9637)
  "5f00::1", // segment routing
  // not canonical addresses at all
  "0x7f.1",
  "2130706433",
  "127.1",
  "localhost",
  "",
  "not an ip",
];

describe("isPublicAddress", () => {
  it.each(PUBLIC)("%s is public", (ip) => expect(isPublicAddress(ip)).toBe(true));
  it.each(NOT_PUBLIC)("%s is not public", (ip) => expect(isPublicAddress(ip)).toBe(false));
});
