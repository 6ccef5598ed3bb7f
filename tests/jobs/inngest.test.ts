import { InngestTestEngine } from "@inngest/test";
import { Inngest } from "inngest";
import { NextRequest } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseConfig, reloadConfig } from "@/lib/config";
import { defineJob, forgetJob } from "@/lib/jobs/registry";
import {
  createJobFunction,
  INFRASTRUCTURE_RETRIES,
  InngestDriver,
  jobEvent,
  jobEventName,
} from "@/lib/jobs/inngest-driver";
import { jobDriverKind } from "@/lib/jobs/select";
import type { JobContext, JobDefinition } from "@/lib/jobs/types";

/**
 * The Inngest side: functions built from JobDefinitions, run under @inngest/test (real handlers,
 * real step sequence; the engine resolves each step.sleep at once and models no concurrency, so
 * the sleeps' durations and the concurrency are checked as what the function asked for). A delayed
 * job is scheduled by the event's `ts`; retry waits are step.sleep between attempt steps.
 */
const quiet = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} };
const client = new Inngest({ id: "page-to-data-test", logger: quiet });

/** The engine pauses at a sleep; these mocks let every `retry-N` sleep complete at once. */
const sleepsDone = () =>
  Array.from({ length: 60 }, (_, i) => ({ id: `retry-${i + 1}`, handler: () => null }));

function engineFor(def: JobDefinition<never>): InngestTestEngine {
  return new InngestTestEngine({ function: createJobFunction(client, def), steps: sleepsDone() });
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
    expect(seen).toEqual([
      { data: { token: "t-1" }, ctx: { attempt: 1, jobId: event.id, signal: expect.any(AbortSignal) } },
    ]);
    expect(ctx.step.run).toHaveBeenCalledWith("attempt-1", expect.any(Function));
    expect(ctx.step.sleep).not.toHaveBeenCalled();
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

  it("carries per-key and overall concurrency and the trigger; Inngest retries only cover lost steps", () => {
    const fn = createJobFunction(client, {
      name: "configured",
      retryLimit: 5,
      concurrency: 2,
      expireInSeconds: 90,
      handler: async () => {},
    });
    expect(fn.id()).toBe("configured");
    expect(fn.opts).toMatchObject({
      retries: INFRASTRUCTURE_RETRIES,
      concurrency: [{ limit: 2 }, { key: "event.data.__key", limit: 1 }],
      triggers: [{ event: "page-to-data/configured" }],
    });
    // The time limit is per attempt (the run spans every retry), so the run itself has none.
    expect(fn.opts).not.toHaveProperty("timeouts");
    const plain = createJobFunction(client, { name: "plain", handler: async () => {} });
    expect(plain.opts).toMatchObject({ concurrency: [{ key: "event.data.__key", limit: 1 }] });
  });

  it("runs 36 attempts (more than Inngest's 20 retries) with pg-boss's backoff slept between them, never inside a step", async () => {
    const attempts: number[] = [];
    const def: JobDefinition<null> = {
      name: "stubborn",
      retryLimit: 35,
      retryDelaySeconds: 10,
      retryBackoff: true,
      retryDelayMaxSeconds: 3600,
      handler: async (_d, ctx) => {
        attempts.push(ctx.attempt);
        if (ctx.attempt < 36) throw new Error(`down ${ctx.attempt}`);
      },
    };
    const { error, ctx } = await engineFor(def as JobDefinition<never>).execute({
      events: [jobEvent("stubborn", null)],
    });
    expect(error).toBeUndefined();
    expect(attempts).toEqual(Array.from({ length: 36 }, (_, i) => i + 1));
    const sleeps = vi.mocked(ctx.step.sleep).mock.calls.map(([id, d]) => [id, parseInt(String(d), 10)]);
    expect(sleeps).toHaveLength(35);
    sleeps.forEach(([id, seconds], i) => {
      expect(id).toBe(`retry-${i + 1}`);
      // pg-boss's schedule: 10 s × 2^(retry-1) × [1, 2), capped at one hour.
      const base = 10 * 2 ** i;
      expect(seconds).toBeGreaterThanOrEqual(Math.min(3600, base));
      expect(seconds).toBeLessThanOrEqual(Math.min(3600, 2 * base));
    });
    const total = sleeps.reduce((n, [, s]) => n + Number(s), 0);
    expect(total / 3600).toBeGreaterThan(24); // the 24-hour promise of docs/webhooks.md holds
  });

  it("after the last attempt fails the run ends (no Inngest retry), once the handler saw its final attempt", async () => {
    const attempts: number[] = [];
    const def: JobDefinition<null> = {
      name: "hopeless",
      retryLimit: 24,
      retryDelaySeconds: 1,
      handler: async (_d, ctx) => {
        attempts.push(ctx.attempt);
        throw new Error(`refused ${ctx.attempt}`);
      },
    };
    const { error } = await engineFor(def as JobDefinition<never>).execute({
      events: [jobEvent("hopeless", null)],
    });
    expect(attempts).toHaveLength(25);
    expect(error).toMatchObject({ name: "NonRetriableError", message: "refused 25" });
  });

  it("an attempt over the job's time limit is failed, its signal aborted, and retried", async () => {
    let aborted = false;
    const def: JobDefinition<null> = {
      name: "slowpoke",
      retryLimit: 1,
      expireInSeconds: 0.2,
      handler: async (_d, ctx) => {
        if (ctx.attempt === 1) {
          await new Promise((r) => setTimeout(r, 1000));
          aborted = ctx.signal?.aborted ?? false;
        }
      },
    };
    const { error, ctx } = await engineFor(def as JobDefinition<never>).execute({
      events: [jobEvent("slowpoke", null)],
    });
    expect(error).toBeUndefined();
    expect(ctx.step.sleep).toHaveBeenCalledTimes(1);
    await new Promise((r) => setTimeout(r, 1000));
    expect(aborted).toBe(true);
  });

  it("the app's webhook schedule does not depend on the engine's retry cap", async () => {
    const { deliverWebhookJob } = await import("@/lib/runner/jobs");
    const { MAX_DELIVERY_ATTEMPTS, retryDelaySeconds } = await import("@/lib/webhooks/deliver");
    // 36 attempts, each retry a delayed job of its own (docs/webhooks.md): more than Inngest's 20
    // retries would allow, so the engine's retries must only cover a crash mid-attempt.
    expect(MAX_DELIVERY_ATTEMPTS).toBeGreaterThan(21);
    expect(deliverWebhookJob.retryLimit ?? 0).toBeLessThanOrEqual(20);
    const waits = Array.from({ length: MAX_DELIVERY_ATTEMPTS - 1 }, (_, i) => retryDelaySeconds(i + 1));
    expect(waits.reduce((a, b) => a + b, 0)).toBeGreaterThan(24 * 3600);
    expect(() => createJobFunction(client, deliverWebhookJob as JobDefinition<never>)).not.toThrow();
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
      // The app's jobs arrive through lib/server/job-catalog; the one defined here through the registry.
      expect(functions.map((f) => f.id())).toEqual(
        expect.arrayContaining([runRequestJob.name, deliverWebhookJob.name, def.name]),
      );
      const { GET } = await import("@/app/api/inngest/route");
      const res = await GET(new NextRequest("http://localhost:3000/api/inngest"), undefined);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ function_count: functions.length, mode: "dev" });
    } finally {
      vi.unstubAllEnvs();
      reloadConfig();
    }
  });

  it("selects Inngest only when keys or a dev server are configured", () => {
    expect(jobDriverKind(parseConfig({}))).toBe("pg-boss");
    expect(jobDriverKind(parseConfig({ INNGEST_EVENT_KEY: "k" }))).toBe("inngest");
    expect(jobDriverKind(parseConfig({ INNGEST_SIGNING_KEY: "s" }))).toBe("inngest");
    expect(jobDriverKind(parseConfig({ INNGEST_DEV: "1" }))).toBe("pg-boss");
    expect(jobDriverKind(parseConfig({ INNGEST_DEV: "1", INNGEST_BASE_URL: "http://127.0.0.1:8288" }))).toBe(
      "inngest",
    );
    expect(jobDriverKind(parseConfig({ INNGEST_DEV: "0", INNGEST_BASE_URL: "http://127.0.0.1:8288" }))).toBe(
      "pg-boss",
    );
  });
});
