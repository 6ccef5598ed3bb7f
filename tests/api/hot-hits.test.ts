/**
 * Cache hits are answered from each process's memory (lib/store/hot-hits.ts), and memory never
 * outlives what it copies: a fresh visit, an entry aged by SQL, credits spent in another process.
 * On the embedded database (one process) and on PostgreSQL with two processes, where the change
 * made in one process must reach the other through the database's notifications.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, startCluster, type App } from "../support/app";
import { startLocalSite, type LocalSite } from "../support/local-site";

const COUNTER = "http://counter.test/counter";

describe.each([
  ["PGlite, one process", false],
  ["PostgreSQL, two processes", true],
])("cache hits from memory (%s)", (_name, clustered) => {
  let site: LocalSite;
  let app: App;
  /** The process that answers hits, and the one where things change (the same on PGlite). */
  let reader: App;
  let writer: App;
  let key: string;

  beforeAll(async () => {
    site = await startLocalSite();
    const env = { PAGE_TEST_HOSTS: site.hostsEnv, RATE_LIMIT_REQUESTS: "100000" };
    if (clustered) {
      const cluster = await startCluster(env, { processes: 2 });
      [app, reader, writer] = [cluster, cluster.members[0], cluster.members[1]];
    } else {
      app = reader = writer = await startApp(env);
    }
    key = (await app.admin("org", "create", "--name", "Hot", "--plan", "pro")).apiKey as string;
  });
  afterAll(async () => {
    await app?.stop();
    await site?.close();
  });

  const html = async (on: App, body: Record<string, unknown>) => {
    const res = await on.post("/html", { url: COUNTER, sync: true, ...body }, key);
    expect(res.status).toBe(200);
    return {
      text: await res.text(),
      cache: res.headers.get("x-cache"),
      token: res.headers.get("x-result-token")!,
      remaining: Number(res.headers.get("x-quota-remaining")),
    };
  };

  /** What `read` gives once the change has reached the reader (a notification's delivery). */
  const eventually = async <T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> => {
    for (let i = 0; ; i++) {
      const value = await read();
      if (ok(value) || i === 50) return value;
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it("answers a repeated hit with the stored result, retrievable by its token at once", async () => {
    const first = await html(writer, {});
    expect(first.cache).toBe("miss");
    const hits = [await html(reader, {}), await html(reader, {})];
    // Listed at once too (on PGlite a hit answers before its row commits, in a batch window).
    const listed = await app.sql<{ token: string }>(`SELECT "token" FROM "Request" WHERE "token" = ANY($1)`, [
      hits.map((h) => h.token),
    ]);
    expect(listed.map((r) => r.token).sort()).toEqual(hits.map((h) => h.token).sort());
    for (const hit of hits) {
      expect(hit).toMatchObject({ cache: "hit", text: first.text });
      const stored = await reader.get(`/result/${hit.token}`, key);
      expect(stored.status).toBe(200);
      expect(await stored.text()).toBe(first.text);
    }
  });

  it("a fresh visit in any process replaces what a hit answers with", async () => {
    const before = await html(reader, {});
    expect(before.cache).toBe("hit");
    const fresh = await html(writer, { max_age: 0 });
    expect(fresh.cache).toBe("miss");
    expect(fresh.text).not.toBe(before.text);
    const after = await eventually(
      () => html(reader, {}),
      (h) => h.text === fresh.text,
    );
    expect(after).toMatchObject({ cache: "hit", text: fresh.text });
  });

  it("an entry aged by hand is no longer fresh for a smaller max_age", async () => {
    expect((await html(reader, {})).cache).toBe("hit");
    await app.sql(
      `UPDATE "CacheEntry" SET "createdAt" = now() - interval '2 days' WHERE "operation" = 'html'`,
    );
    const aged = await eventually(
      () => html(reader, { max_age: "1 day" }),
      (h) => h.cache === "miss",
    );
    expect(aged.cache).toBe("miss");
  });

  it("a hit's quota headers follow credits spent in another process", async () => {
    const hit = await html(reader, {});
    expect(hit.cache).toBe("hit");
    const spent = await html(writer, { max_age: 0 });
    expect(spent.remaining).toBeLessThan(hit.remaining);
    const after = await eventually(
      () => html(reader, {}),
      (h) => h.remaining === spent.remaining,
    );
    expect(after).toMatchObject({ cache: "hit", remaining: spent.remaining });
  });
});
