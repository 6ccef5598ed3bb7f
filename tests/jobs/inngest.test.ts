import { InngestTestEngine } from "@inngest/test";
import { Inngest } from "inngest";
import { NextRequest } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { defineJob, forgetJob } from "@/lib/jobs/registry";
import { createJobFunction, InngestDriver, jobEvent, jobEventName } from "@/lib/jobs/inngest-driver";
import { jobDriverKind } from "@/lib/jobs/select";
import type { JobContext, JobDefinition } from "@/lib/jobs/types";

/**
 * The Inngest side: functions built from JobDefinitions, run under @inngest/test (real handlers;
 * it models no retries, sleeps or concurrency, so those are checked as configuration). No function
 * here sleeps: a delayed job is scheduled by the event's `ts`, not by step.sleep.
 */
const quiet = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} };
const client = new Inngest({ id: "page-to-data-test", logger: quiet });

function engineFor(def: JobDefinition<never>): InngestTestEngine {
  return new InngestTestEngine({ function: createJobFunction(client, def) });
}

describe("Inngest functions built from job definitions", () => {
  it("runs the handler in one step with the event's payload, attempt 1 and the event id as job id", async () => {
    const seen: { data: unknown; ctx: JobContext }[] = [];
    const def: JobDefinition<{ token: string }> = {
      name: "visit",
      handler: async (data, ctx) => void seen.push({ data, ctx }),
    };
    const event = jobEvent("visit", { token: "t-1" });
    const { result, error, ctx } = await engineFor(def as JobDefinition<never>).execute({ events: [event] });
    expect(error).toBeUndefined();
    expect(result ?? null).toBeNull(); // a job returns nothing
    expect(seen).toEqual([{ data: { token: "t-1" }, ctx: { attempt: 1, jobId: event.id } }]);
    expect(ctx.step.run).toHaveBeenCalledWith("visit", expect.any(Function));
  });

  it("surfaces a throwing handler as the run's error", async () => {
    const def: JobDefinition<null> = {
      name: "broken",
      retryLimit: 0,
      handler: async () => {
        throw new Error("page exploded");
      },
    };
    const { error } = await engineFor(def as JobDefinition<never>).execute({
      events: [jobEvent("broken", null)],
    });
    expect(error).toMatchObject({ message: expect.stringContaining("page exploded") });
  });

  it("carries retries, per-key and overall concurrency, the trigger and the time limit", () => {
    const fn = createJobFunction(client, {
      name: "configured",
      retryLimit: 5,
      concurrency: 2,
      expireInSeconds: 90,
      handler: async () => {},
    });
    expect(fn.id()).toBe("configured");
    expect(fn.opts).toMatchObject({
      retries: 5,
      concurrency: [{ limit: 2 }, { key: "event.data.__key", limit: 1 }],
      triggers: [{ event: "page-to-data/configured" }],
      timeouts: { finish: "90s" },
    });
    const capped = createJobFunction(client, { name: "capped", retryLimit: 99, handler: async () => {} });
    expect(capped.opts).toMatchObject({ retries: 20, concurrency: [{ key: "event.data.__key", limit: 1 }] });
  });

  it("maps singletonKey to a shared concurrency key, and gives key-less jobs a unique one", () => {
    const a = jobEvent("x", 1, { singletonKey: "host.test" });
    const b = jobEvent("x", 2, { singletonKey: "host.test" });
    const [c, d] = [jobEvent("x", 3), jobEvent("x", 4)];
    expect(a.data.__key).toBe(b.data.__key);
    expect(c.data.__key).not.toBe(d.data.__key);
    expect(a.name).toBe(jobEventName("x"));
  });

  it("schedules a delayed job through the event timestamp", () => {
    const before = Date.now();
    const event = jobEvent("x", 1, { delaySeconds: 30 });
    expect(event.ts).toBeGreaterThanOrEqual(before + 30_000);
    expect(jobEvent("x", 1).ts).toBeUndefined();
  });
});

describe("InngestDriver and the function list", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    forgetJob("registered-for-inngest");
  });

  it("enqueue sends one event and returns its id (the handler's jobId)", async () => {
    const send = vi.spyOn(client, "send").mockResolvedValue({ ids: ["internal-1"] });
    const id = await new InngestDriver(client).enqueue("visit", { token: "t" }, { singletonKey: "k" });
    expect(send).toHaveBeenCalledWith({
      id,
      name: "page-to-data/visit",
      data: { payload: { token: "t" }, __key: "k:k" },
    });
  });

  it("serves functions built from the registered definitions at /api/inngest", async () => {
    const def = defineJob({ name: "registered-for-inngest", handler: async () => {} });
    vi.stubEnv("INNGEST_DEV", "1"); // dev mode: the route answers introspection without a signing key
    try {
      const { functions } = await import("@/inngest/functions");
      const { runRequestJob, deliverWebhookJob } = await import("@/lib/runner/jobs");
      // The app's jobs arrive through lib/jobs/catalog; the one defined here through the registry.
      expect(functions.map((f) => f.id())).toEqual(
        expect.arrayContaining([runRequestJob.name, deliverWebhookJob.name, def.name]),
      );
      const { GET } = await import("@/app/api/inngest/route");
      const res = await GET(new NextRequest("http://localhost:3000/api/inngest"), undefined);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ function_count: functions.length, mode: "dev" });
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("selects Inngest only when keys or a dev server are configured", () => {
    expect(jobDriverKind({})).toBe("pg-boss");
    expect(jobDriverKind({ INNGEST_EVENT_KEY: "k" })).toBe("inngest");
    expect(jobDriverKind({ INNGEST_SIGNING_KEY: "s" })).toBe("inngest");
    expect(jobDriverKind({ INNGEST_DEV: "1" })).toBe("pg-boss");
    expect(jobDriverKind({ INNGEST_DEV: "1", INNGEST_BASE_URL: "http://127.0.0.1:8288" })).toBe("inngest");
    expect(jobDriverKind({ INNGEST_DEV: "0", INNGEST_BASE_URL: "http://127.0.0.1:8288" })).toBe("pg-boss");
  });
});
