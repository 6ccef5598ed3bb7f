/** Busy pages (spec 7.5): spacing and retries per host, with a fake clock and with the database. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OperationFailure } from "@/lib/failures";
import { closeDb, db, dbReady } from "@/lib/db";
import { failure } from "@/lib/page/failures";
import {
  memoryHostStateStore,
  prismaHostStateStore,
  withHostPoliteness,
  type HostStateStore,
} from "@/lib/page/politeness";
import { visitPage } from "@/lib/page/visit";
import { pageFixture } from "./setup";
import { reloadConfig } from "@/lib/config";

const fx = pageFixture();

beforeAll(async () => {
  process.env.DATABASE_URL = "pglite:memory://";
  reloadConfig();
  await dbReady();
});
afterAll(() => closeDb());

/** A clock that only moves when the code under test sleeps. */
function fakeTime() {
  let t = 1_700_000_000_000;
  const sleeps: number[] = [];
  return {
    now: () => t,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      t += ms;
    },
    sleeps,
  };
}

/** An attempt function that fails with the given failures, then succeeds. */
function script(...failures: OperationFailure[]) {
  const calls: number[] = [];
  return {
    calls,
    attempt: async (n: number) => {
      calls.push(n);
      const f = failures[n - 1];
      if (f) throw f;
      return "done";
    },
  };
}

describe.each<[string, () => HostStateStore]>([
  ["memory", memoryHostStateStore],
  ["database", () => prismaHostStateStore],
])("withHostPoliteness (%s store)", (_name, makeStore) => {
  const host = () => `https://h${Math.random().toString(36).slice(2)}.example.com/page`;

  it("runs once and waits for nothing when the host is healthy", async () => {
    const time = fakeTime();
    const s = script();
    const r = await withHostPoliteness(host(), s.attempt, { ...time, store: makeStore() });
    expect(r).toEqual({ value: "done", waitedMs: 0 });
    expect(s.calls).toEqual([1]);
  });

  it("spaces turns by a crawl's Crawl-delay, racing workers included, and a larger backoff wins", async () => {
    const store = makeStore();
    const now = 1_700_000_000_000;
    const h = new URL(host()).hostname;
    const slots = await Promise.all([0, 1, 2].map(() => store.reserve(h, now, 1_500)));
    expect(slots.map((s) => s - now).sort((x, y) => x - y)).toEqual([0, 1_500, 3_000]);
    // A failing host's backoff (2 s) is more than the spacing: the backoff spaces the next turns.
    await store.failed(h, now, 0);
    const after = await store.reserve(h, now, 1_500);
    const next = await store.reserve(h, now, 1_500);
    expect(next - after).toBe(2_000);
  });

  it("retries 5xx with exponential backoff", async () => {
    const time = fakeTime();
    const s = script(failure("server_error"), failure("server_error"));
    const r = await withHostPoliteness(host(), s.attempt, { ...time, store: makeStore() });
    expect(r.value).toBe("done");
    expect(time.sleeps).toEqual([2_000, 4_000]);
    expect(r.waitedMs).toBe(6_000);
  });

  it("honours Retry-After on 429", async () => {
    const time = fakeTime();
    const s = script(failure("rate_limited", "HTTP 429", 30_000));
    const waits: number[] = [];
    const r = await withHostPoliteness(host(), s.attempt, {
      ...time,
      store: makeStore(),
      onWait: (w) => waits.push(w.waitMs),
    });
    expect(r.waitedMs).toBe(30_000);
    expect(waits).toEqual([30_000]);
  });

  it("does not retry failures that are not about a busy host", async () => {
    const time = fakeTime();
    const s = script(failure("not_found"));
    await expect(
      withHostPoliteness(host(), s.attempt, { ...time, store: makeStore() }),
    ).rejects.toMatchObject({ code: "not_found" });
    expect(s.calls).toEqual([1]);
  });

  it("gives up with the last failure when the next wait would pass maxTotalMs", async () => {
    const time = fakeTime();
    const s = script(failure("timeout"), failure("timeout"), failure("timeout"), failure("timeout"));
    await expect(
      withHostPoliteness(host(), s.attempt, { ...time, store: makeStore(), maxTotalMs: 5_000 }),
    ).rejects.toMatchObject({
      code: "timeout",
    });
    expect(s.calls).toEqual([1, 2]);
    expect(time.sleeps).toEqual([2_000]);
  });

  it("gives up at once on a Retry-After beyond the budget", async () => {
    const time = fakeTime();
    const s = script(failure("rate_limited", "HTTP 429", 3_600_000));
    await expect(
      withHostPoliteness(host(), s.attempt, { ...time, store: makeStore() }),
    ).rejects.toMatchObject({ code: "rate_limited" });
    expect(time.sleeps).toEqual([]);
  });

  it("spaces out the next request to a host that was just backing off", async () => {
    const time = fakeTime();
    const store = makeStore();
    const url = host();
    const a = await withHostPoliteness(url, script(failure("server_error")).attempt, { ...time, store });
    const b = await withHostPoliteness(url, script().attempt, { ...time, store });
    const c = await withHostPoliteness(url, script().attempt, { ...time, store });
    expect([a.waitedMs, b.waitedMs, c.waitedMs]).toEqual([2_000, 2_000, 0]);
  });

  it("gives concurrent requests to a struggling host turns one backoff apart", async () => {
    const store = makeStore();
    const now = 1_700_000_000_000;
    const h = new URL(host()).hostname;
    await store.failed(h, now, 0);
    await store.failed(h, now, 0);
    const slots = await Promise.all([store.reserve(h, now), store.reserve(h, now), store.reserve(h, now)]);
    expect(slots.map((s) => s - now).sort((x, y) => x - y)).toEqual([4_000, 8_000, 12_000]);
  });
});

describe("withHostPoliteness with the database", () => {
  it("records the host's state where other workers can see it", async () => {
    const time = fakeTime();
    await withHostPoliteness("https://shared.example.org/", script(failure("server_error")).attempt, {
      ...time,
      store: prismaHostStateStore,
    });
    const row = await db().hostState.findUniqueOrThrow({ where: { host: "shared.example.org" } });
    // One failure (2 s backoff), then a success halved it below the base: healthy again, but the
    // turn reserved for the retry still spaces the next request 2 s out.
    expect(row.backoffMs).toBe(0);
    expect(row.nextAllowedAt.getTime()).toBe(time.now() + 2_000);
  });
});

describe("a real 429 page", () => {
  it("is retried, then reported as rate_limited (maxTotalMs lowered to 5 s)", async () => {
    // A warm browser, so the first attempt's timing does not depend on a launch.
    await visitPage({ organization: "org-test", url: "http://site.test/" }, async () => undefined, {
      pool: fx.pool,
    });
    const before = fx.sites.log.filter((l) => l.endsWith(" /429")).length;
    const started = Date.now();
    await expect(
      withHostPoliteness(
        "http://site.test/429",
        () =>
          visitPage({ organization: "org-test", url: "http://site.test/429" }, async (s) => s.html, {
            pool: fx.pool,
          }),
        // Retry-After 1 s, our first backoff 2 s (fits in 5 s), the second 4 s (does not).
        { maxTotalMs: 5_000, store: memoryHostStateStore() },
      ),
    ).rejects.toMatchObject({ code: "rate_limited", message: "The page is rate-limiting requests." });
    const attempts = fx.sites.log.filter((l) => l.endsWith(" /429")).length - before;
    expect(attempts).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
  });
});
