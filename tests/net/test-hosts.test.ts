import { describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config";
import { checkTestHostsAtStart, TEST_HOSTS_WARNING, testHostsConfig } from "@/lib/net/test-hosts";

const env = (value: string | undefined) => parseConfig({ ...process.env, PAGE_TEST_HOSTS: value });

describe("PAGE_TEST_HOSTS accepts loopback addresses only", () => {
  it.each(["127.0.0.1", "127.8.9.10", "::1", "[::1]", "::ffff:127.0.0.1"])("accepts %s", (address) => {
    const cfg = testHostsConfig(env(`${address}:8080:8443`));
    expect(cfg).toMatchObject({ httpPort: 8080, httpsPort: 8443 });
  });

  it.each([
    "10.0.0.5",
    "192.168.1.10",
    "172.16.0.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "8.8.8.8",
    "::",
    "fd00::1",
    "fe80::1",
    "::ffff:10.0.0.1",
    "2001:db8::1",
  ])("refuses %s", (address) => {
    expect(() => testHostsConfig(env(`${address}:8080:8443`))).toThrow(/loopback/);
  });

  it("still refuses malformed values and treats unset/empty as off", () => {
    expect(() => testHostsConfig(env("localhost:80:443"))).toThrow(/must look like/);
    expect(() => testHostsConfig(env("127.0.0.1:8080"))).toThrow(/must look like/);
    expect(testHostsConfig(env(undefined))).toBeNull();
    expect(testHostsConfig(env("  "))).toBeNull();
  });
});

describe("start-up check", () => {
  it("warns on every start while PAGE_TEST_HOSTS is set, and stays silent when it is not", () => {
    const warnings: string[] = [];
    checkTestHostsAtStart(env("127.0.0.1:8080:8443"), (m) => warnings.push(m));
    checkTestHostsAtStart(env("127.0.0.1:8080:8443"), (m) => warnings.push(m));
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain(TEST_HOSTS_WARNING);
    checkTestHostsAtStart(env(undefined), (m) => warnings.push(m));
    expect(warnings).toHaveLength(2);
  });

  it("refuses to start with a non-loopback address", () => {
    expect(() => checkTestHostsAtStart(env("10.1.2.3:80:443"), () => {})).toThrow(/loopback/);
  });
});
