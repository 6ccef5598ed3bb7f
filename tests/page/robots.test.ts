/** robots.txt: fetched with safeFetch from a local `.test` site, cached per origin (memory and database). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAILURES } from "@/lib/failures";
import { closeDb, db, dbReady } from "@/lib/db";
import {
  BOT_USER_AGENT,
  checkRobots,
  prismaRobotsStore,
  ROBOTS_TTL_MS,
  type RobotsRecord,
  type RobotsStore,
} from "@/lib/page/robots";
import { startTestSites, type TestSites } from "@/tests/support/sites/server";
import { reloadConfig } from "@/lib/config";

let sites: TestSites;
beforeAll(async () => {
  sites = await startTestSites();
  process.env.PAGE_TEST_HOSTS = sites.hostsEnv;
  process.env.DATABASE_URL = "pglite:memory://";
  reloadConfig();
  await dbReady();
});
afterAll(async () => {
  await sites.close();
  await closeDb();
});

function memoryStore(): RobotsStore {
  const rows = new Map<string, RobotsRecord>();
  return { get: async (o) => rows.get(o) ?? null, put: async (o, r) => void rows.set(o, r) };
}

const fetches = (host: string) => sites.log.filter((l) => l === `${host} /robots.txt`).length;

describe("checkRobots", () => {
  it("documents its user agent", () => {
    expect(BOT_USER_AGENT).toBe("PageToDataBot/1.0 (+https://page-to-data.example/bot)");
  });

  it("refuses a page the rules for our bot disallow, with the spec's message", async () => {
    const store = memoryStore();
    await expect(
      checkRobots("http://robots.test/no-bots/page", { policy: "follow", store }),
    ).rejects.toMatchObject({
      code: "robots_disallowed",
      message: FAILURES.robots_disallowed,
    });
  });

  it("uses our group, not the `*` group, when the file names us", async () => {
    // `*` disallows /private, but the PageToDataBot group only disallows /no-bots.
    await expect(
      checkRobots("http://robots.test/private/x", { policy: "follow", store: memoryStore() }),
    ).resolves.toBeUndefined();
    await expect(
      checkRobots("http://robots.test/", { policy: "follow", store: memoryStore() }),
    ).resolves.toBeUndefined();
  });

  it("does nothing when the project ignores robots.txt", async () => {
    const before = fetches("robots.test");
    await checkRobots("http://robots.test/no-bots/page", { policy: "ignore", store: memoryStore() });
    expect(fetches("robots.test")).toBe(before);
  });

  it("fetches once per origin and refreshes after 24 hours", async () => {
    const store = memoryStore();
    let now = 1_700_000_000_000;
    const before = fetches("robots.test");
    await checkRobots("http://robots.test/a", { policy: "follow", store, now: () => now });
    await checkRobots("http://robots.test/b", { policy: "follow", store, now: () => now });
    expect(fetches("robots.test") - before).toBe(1);
    now += ROBOTS_TTL_MS + 1;
    await checkRobots("http://robots.test/c", { policy: "follow", store, now: () => now });
    expect(fetches("robots.test") - before).toBe(2);
  });

  it("allows everything when robots.txt is missing (4xx) or broken (5xx)", async () => {
    await expect(
      checkRobots("http://robots-404.test/no-bots/x", { policy: "follow", store: memoryStore() }),
    ).resolves.toBeUndefined();
    await expect(
      checkRobots("http://robots-500.test/no-bots/x", { policy: "follow", store: memoryStore() }),
    ).resolves.toBeUndefined();
  });

  it("allows the page when robots.txt cannot be reached", async () => {
    const restore = sites.useHosts({ http: sites.closedPort });
    try {
      await expect(
        checkRobots("http://robots.test/no-bots/x", { policy: "follow", store: memoryStore() }),
      ).resolves.toBeUndefined();
    } finally {
      restore();
    }
  });

  it("caches in the database (RobotsCache) so every worker shares one fetch", async () => {
    await expect(
      checkRobots("http://robots.test/no-bots/1", { policy: "follow", store: prismaRobotsStore }),
    ).rejects.toMatchObject({
      code: "robots_disallowed",
    });
    const row = await db().robotsCache.findUniqueOrThrow({ where: { origin: "http://robots.test" } });
    expect(row.status).toBe(200);
    expect(row.body).toContain("PageToDataBot");
    const before = fetches("robots.test");
    await expect(
      checkRobots("http://robots.test/no-bots/2", { policy: "follow", store: prismaRobotsStore }),
    ).rejects.toMatchObject({
      code: "robots_disallowed",
    });
    expect(fetches("robots.test")).toBe(before);
  });
});
