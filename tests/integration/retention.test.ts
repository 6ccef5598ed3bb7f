import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reloadConfig } from "@/lib/config";

/** docs/spec.md §4.2, §8: results are kept 30 days; after that the body goes, the record (and its 410) stays. */
describe("result retention", () => {
  beforeAll(() => {
    process.env.DATABASE_URL = "pglite:memory://retention";
    reloadConfig();
  });
  afterAll(async () => {
    const { closeDb } = await import("@/lib/db");
    await closeDb();
  });

  it("purges bodies older than 30 days, keeps the request rows, and drops stale cache entries", async () => {
    const { db, dbReady } = await import("@/lib/db");
    const { runRetention } = await import("@/lib/requests/retention");
    const { readResult } = await import("@/lib/requests/read");
    await dbReady();
    const org = await db().organization.create({ data: { name: "R" } });
    const project = await db().project.create({
      data: { organizationId: org.id, name: "P", webhookSecret: "whsec_x" },
    });
    const make = (token: string, ageDays: number) =>
      db().request.create({
        data: {
          token,
          projectId: project.id,
          organizationId: org.id,
          operation: "html",
          url: "https://example.com/",
          options: {},
          requestHash: token,
          cacheKey: "k",
          state: "complete",
          createdAt: new Date(Date.now() - ageDays * 86400_000),
          result: { create: { body: "<html>kept</html>", contentType: "text/html", bytes: 17 } },
        },
      });
    await make("req_old", 31);
    await make("req_new", 29);
    await db().cacheEntry.create({
      data: {
        cacheKey: "stale",
        operation: "html",
        body: "x",
        contentType: "text/html",
        createdAt: new Date(Date.now() - 31 * 86400_000),
      },
    });
    await db().cacheEntry.create({
      data: { cacheKey: "fresh", operation: "html", body: "x", contentType: "text/html" },
    });

    // A crawl that ended 31 days ago loses its pages' results (GET then answers 410); a recent one keeps them.
    const crawl = (token: string, endedDaysAgo: number) =>
      db().crawl.create({
        data: {
          token,
          kind: "crawl",
          projectId: project.id,
          organizationId: org.id,
          url: "https://example.com/",
          options: {},
          status: "complete",
          pageLimit: 1,
          concurrency: 1,
          completed: 1,
          finishedAt: new Date(Date.now() - endedDaysAgo * 86400_000),
          pages: {
            create: {
              position: 0,
              url: "https://example.com/",
              state: "complete",
              body: "{}",
              bytes: 2,
              finishedSeq: 1,
            },
          },
        },
      });
    await crawl("crawl_old", 31);
    await crawl("crawl_new", 29);

    expect(await runRetention()).toEqual({ purgedResults: 1, purgedCrawlPages: 1, deletedCacheEntries: 1 });
    const { readCrawl } = await import("@/lib/crawl/read");
    expect(await readCrawl(project.id, "crawl", "crawl_old", 0)).toBe("expired");
    const kept = await readCrawl(project.id, "crawl", "crawl_new", 0);
    expect(kept !== "expired" && kept?.data).toHaveLength(1);
    const old = await db().request.findUniqueOrThrow({
      where: { token: "req_old" },
      include: { result: true },
    });
    expect(old.result?.body).toBeNull();
    expect(old.result?.purgedAt).not.toBeNull();
    expect(await readResult(project.id, "req_old")).toEqual({ state: "expired", token: "req_old" });
    expect(await readResult(project.id, "req_new")).toMatchObject({
      state: "complete",
      body: "<html>kept</html>",
    });
    expect(await db().cacheEntry.count()).toBe(1);
    expect(await runRetention()).toEqual({ purgedResults: 0, purgedCrawlPages: 0, deletedCacheEntries: 0 });
  });

  it("keeps a body a younger cache hit answers from, until that hit's own 30 days are over", async () => {
    const { db } = await import("@/lib/db");
    const { runRetention } = await import("@/lib/requests/retention");
    const { readResult } = await import("@/lib/requests/read");
    const org = await db().organization.create({ data: { name: "H" } });
    const project = await db().project.create({
      data: { organizationId: org.id, name: "P", webhookSecret: "whsec_x" },
    });
    const row = (token: string, ageDays: number) => ({
      token,
      projectId: project.id,
      organizationId: org.id,
      operation: "html",
      url: "https://example.com/",
      options: {},
      requestHash: token,
      cacheKey: "k",
      state: "complete" as const,
      createdAt: new Date(Date.now() - ageDays * 86400_000),
    });
    const source = await db().request.create({
      data: {
        ...row("req_source", 31),
        result: { create: { body: "<html>shared</html>", contentType: "text/html", bytes: 19 } },
      },
      include: { result: true },
    });
    await db().request.create({
      data: { ...row("req_hit", 10), cached: true, answeredFromId: source.result!.id },
    });

    await runRetention();
    // The source's own token is past 30 days: 410. The hit, 10 days old, still answers in full.
    expect(await readResult(project.id, "req_source")).toEqual({ state: "expired", token: "req_source" });
    expect(await readResult(project.id, "req_hit")).toMatchObject({
      state: "complete",
      body: "<html>shared</html>",
    });

    // Once the hit is past its 30 days too, the body goes and both answer 410.
    await db().request.update({
      where: { token: "req_hit" },
      data: { createdAt: new Date(Date.now() - 31 * 86400_000) },
    });
    await runRetention();
    const purged = await db().result.findUniqueOrThrow({ where: { id: source.result!.id } });
    expect(purged.body).toBeNull();
    expect(await readResult(project.id, "req_hit")).toEqual({ state: "expired", token: "req_hit" });
  });
});
