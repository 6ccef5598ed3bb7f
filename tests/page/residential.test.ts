/** Residential exits: leasing, no fallback, and a real visit chained through a (fake) exit proxy. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAILURES, OperationFailure } from "@/lib/failures";
import { BrowserPool } from "@/lib/page/browser-pool";
import { parseResidentialExits, ResidentialExits, upstreamsFor } from "@/lib/page/residential";
import { visitPage } from "@/lib/page/visit";
import { startFakeExit, type FakeExit } from "@/tests/support/sites/upstream-proxy";
import { startTestSites, type TestSites } from "@/tests/support/sites/server";
import { reloadConfig } from "@/lib/config";

describe("ResidentialExits", () => {
  it("parses RESIDENTIAL_EXITS", () => {
    expect(parseResidentialExits("10.0.0.1:8080, proxy.example.net:3128,[2001:db8::1]:9000")).toEqual([
      { name: "exit-1", host: "10.0.0.1", port: 8080 },
      { name: "exit-2", host: "proxy.example.net", port: 3128 },
      { name: "exit-3", host: "2001:db8::1", port: 9000 },
    ]);
    expect(parseResidentialExits(undefined)).toEqual([]);
    expect(() => parseResidentialExits("nope")).toThrow(/host:port/);
  });

  it("leases each exit to one visit at a time and fails when none is free", () => {
    const exits = new ResidentialExits(parseResidentialExits("a.example:1,b.example:2"));
    const first = exits.lease();
    const second = exits.lease();
    expect(new Set([first.name, second.name])).toEqual(new Set(["exit-1", "exit-2"]));
    expect(() => exits.lease()).toThrow(OperationFailure);
    first.release();
    first.release(); // idempotent
    expect(exits.lease().name).toBe(first.name);
  });

  it("with no exits configured: no_residential_exit with the spec's message", () => {
    try {
      new ResidentialExits([]).lease();
      throw new Error("leased");
    } catch (err) {
      expect(err).toMatchObject({
        code: "no_residential_exit",
        message: FAILURES.no_residential_exit,
        retryable: false,
      });
    }
  });
});

describe("residential visits", () => {
  let sites: TestSites;
  let exit: FakeExit;
  let pool: BrowserPool;
  let exits: ResidentialExits;

  beforeAll(async () => {
    sites = await startTestSites();
    process.env.PAGE_TEST_HOSTS = sites.hostsEnv;
    reloadConfig();
    exit = await startFakeExit();
    const list = [{ name: "exit-1", host: "127.0.0.1", port: exit.port }];
    exits = new ResidentialExits(list);
    pool = new BrowserPool({ config: { concurrency: 2 }, egress: { upstreams: upstreamsFor(list) } });
  });
  afterAll(async () => {
    await pool.shutdown();
    await exit.close();
    await sites.close();
  });

  it("goes through the leased exit", async () => {
    const html = await visitPage(
      { organization: "org-test", url: "http://site.test/", residential: true },
      async (s) => s.html,
      {
        pool,
        exits,
      },
    );
    expect(html).toContain("Hello from site.test");
    // The exit was asked for the address the egress proxy checked, not for a name.
    expect(exit.connects).toContain(`127.0.0.1:${sites.httpPort}`);
    expect(exits.free).toBe(1);
  });

  it("never falls back to the standard network when the only exit is busy", async () => {
    const before = sites.log.length;
    const first = visitPage(
      {
        organization: "org-test",
        url: "http://site.test/late-element",
        residential: true,
        pageOptions: { delay: 500 },
      },
      async (s) => s.html,
      { pool, exits },
    );
    await new Promise((r) => setTimeout(r, 50));
    await expect(
      visitPage(
        { organization: "org-test", url: "http://site.test/?second", residential: true },
        async (s) => s.html,
        { pool, exits },
      ),
    ).rejects.toMatchObject({
      code: "no_residential_exit",
    });
    await first;
    expect(sites.log.slice(before).some((l) => l.includes("second"))).toBe(false);
  });

  it("a standard visit does not use the exit", async () => {
    const before = exit.connects.length;
    await visitPage({ organization: "org-test", url: "http://site.test/" }, async () => undefined, {
      pool,
      exits,
    });
    expect(exit.connects.length).toBe(before);
  });
});
