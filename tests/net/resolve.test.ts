import { afterEach, describe, expect, it } from "vitest";
import { EgressBlockedError } from "@/lib/net/errors";
import { resolvePublic, type LookupAllFn } from "@/lib/net/resolve";
import { testHostTarget } from "@/lib/net/test-hosts";
import { reloadConfig } from "@/lib/config";

const saved = process.env.PAGE_TEST_HOSTS;
afterEach(() => {
  if (saved === undefined) delete process.env.PAGE_TEST_HOSTS;
  else process.env.PAGE_TEST_HOSTS = saved;
  reloadConfig();
});

/** A resolver stub that records the names it was asked for. */
function stubLookup(answers: Record<string, Array<{ address: string; family: number }>>) {
  const asked: string[] = [];
  const lookup: LookupAllFn = async (host) => {
    asked.push(host);
    const a = answers[host];
    if (!a) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    return a;
  };
  return { lookup, asked };
}

async function blocked(p: Promise<unknown>): Promise<EgressBlockedError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(EgressBlockedError);
  return err as EgressBlockedError;
}

describe("resolvePublic", () => {
  const dns = stubLookup({
    "public.example.com": [
      { address: "93.184.216.34", family: 4 },
      { address: "2606:2800:220:1:248:1893:25c8:1946", family: 6 },
    ],
    "v6.example.com": [{ address: "2606:4700::1111", family: 6 }],
    "loopback.example.com": [{ address: "127.0.0.1", family: 4 }],
    "private.example.com": [{ address: "10.1.2.3", family: 4 }],
    "metadata.example.com": [{ address: "169.254.169.254", family: 4 }],
    "mapped.example.com": [{ address: "::ffff:192.168.0.1", family: 6 }],
    "ula.example.com": [{ address: "fd00::2", family: 6 }],
    "mixed.example.com": [
      { address: "93.184.216.34", family: 4 },
      { address: "::1", family: 6 },
    ],
    "empty.example.com": [],
  });
  const deps = { lookup: dns.lookup };

  it("returns the first public answer, pinned, with its family", async () => {
    expect(await resolvePublic("public.example.com", 443, deps)).toEqual({
      address: "93.184.216.34",
      family: 4,
      port: 443,
    });
    expect(await resolvePublic("V6.Example.COM.", 80, deps)).toEqual({
      address: "2606:4700::1111",
      family: 6,
      port: 80,
    });
  });

  it.each([
    ["loopback.example.com", "127.0.0.1"],
    ["private.example.com", "10.1.2.3"],
    ["metadata.example.com", "169.254.169.254"],
    ["mapped.example.com", "::ffff:192.168.0.1"],
    ["ula.example.com", "fd00::2"],
    ["mixed.example.com", "::1"], // one bad answer in the set is enough
  ])("refuses %s -> %s", async (host, address) => {
    const e = await blocked(resolvePublic(host, 80, deps));
    expect(e).toMatchObject({ host, address, reason: "not_public" });
  });

  it("checks IP literals directly, without DNS", async () => {
    const before = dns.asked.length;
    expect(await resolvePublic("8.8.8.8", 443, deps)).toEqual({ address: "8.8.8.8", family: 4, port: 443 });
    expect(await resolvePublic("[2606:4700::1111]", 443, deps)).toMatchObject({
      address: "2606:4700::1111",
      family: 6,
    });
    for (const ip of ["127.0.0.1", "[::1]", "::ffff:127.0.0.1", "0.0.0.0", "64:ff9b::7f00:1"]) {
      expect((await blocked(resolvePublic(ip, 80, deps))).reason).toBe("not_public");
    }
    expect(dns.asked.length).toBe(before);
  });

  it("refuses localhost names without asking DNS", async () => {
    const before = dns.asked.length;
    for (const h of ["localhost", "LOCALHOST.", "api.localhost"]) {
      expect((await blocked(resolvePublic(h, 80, deps))).reason).toBe("not_public");
    }
    expect(dns.asked.length).toBe(before);
  });

  it("passes DNS failures through (not an egress refusal)", async () => {
    await expect(resolvePublic("nowhere.example.com", 80, deps)).rejects.toMatchObject({ code: "ENOTFOUND" });
    await expect(resolvePublic("empty.example.com", 80, deps)).rejects.toMatchObject({ code: "ENOTFOUND" });
  });

  it("maps .test names only when PAGE_TEST_HOSTS is set, never via DNS", async () => {
    delete process.env.PAGE_TEST_HOSTS;
    reloadConfig();
    expect((await blocked(resolvePublic("site.test", 80, deps))).reason).toBe("not_public");
    process.env.PAGE_TEST_HOSTS = "127.0.0.1:8080:8443";
    reloadConfig();
    expect(await resolvePublic("site.test", 80, deps)).toEqual({
      address: "127.0.0.1",
      family: 4,
      port: 8080,
    });
    expect(await resolvePublic("WWW.Site.Test.", 443, deps)).toEqual({
      address: "127.0.0.1",
      family: 4,
      port: 8443,
    });
    expect((await blocked(resolvePublic("site.test", 8080, deps))).reason).toBe("port");
    expect(dns.asked.some((h) => h.endsWith(".test"))).toBe(false);
    // The mapping applies to .test only.
    expect((await blocked(resolvePublic("127.0.0.1", 8080, deps))).reason).toBe("not_public");
  });
});

describe("testHostTarget", () => {
  it("maps 80 and 443 under .test, nothing else", () => {
    process.env.PAGE_TEST_HOSTS = "127.0.0.1:1080:1443";
    reloadConfig();
    expect(testHostTarget("a.b.test", 80)).toEqual({ address: "127.0.0.1", port: 1080 });
    expect(testHostTarget("a.b.test", 443)).toEqual({ address: "127.0.0.1", port: 1443 });
    expect(testHostTarget("a.b.test", 8080)).toBeNull();
    expect(testHostTarget("test", 80)).toBeNull();
    expect(testHostTarget("example.com", 80)).toBeNull();
    expect(testHostTarget("site.testing", 80)).toBeNull();
    process.env.PAGE_TEST_HOSTS = "[::1]:1080:1443";
    reloadConfig();
    expect(testHostTarget("site.test", 80)).toEqual({ address: "::1", port: 1080 });
    delete process.env.PAGE_TEST_HOSTS;
    reloadConfig();
    expect(testHostTarget("site.test", 80)).toBeNull();
  });
});
