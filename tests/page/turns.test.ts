/**
 * The busy-host rules as steps (docs/spec.md §7.5), which the job runner turns into delayed jobs: a turn is
 * taken or reserved, and nothing starts that could not end within the window from acceptance.
 */
import { describe, expect, it } from "vitest";
import { failure } from "@/lib/page/failures";
import { afterFailure, memoryHostStateStore, planTurn, type TurnContext } from "@/lib/page/politeness";
import { jobEvent } from "@/lib/jobs/inngest-driver";

const T0 = 1_700_000_000_000;

function context(overrides: Partial<TurnContext> = {}) {
  let t = T0;
  const store = memoryHostStateStore();
  const ctx: TurnContext = {
    host: "busy.example",
    deadline: T0 + 600_000,
    attemptReserveMs: 35_000,
    now: () => t,
    store,
    ...overrides,
  };
  return { ctx, store, at: (ms: number) => (t = T0 + ms) };
}

describe("turns at a busy host", () => {
  it("a healthy host: go at once", async () => {
    const { ctx } = context();
    expect(await planTurn(ctx)).toEqual({ kind: "go" });
  });

  it("after a failure the retry is due after the backoff, and its turn is reserved for the waiting run", async () => {
    const { ctx, at } = context();
    const next = await afterFailure(ctx, failure("server_error"));
    expect(next).toEqual({ kind: "retry", at: T0 + 2_000 });
    // Another request asks now: its turn is reserved one backoff out.
    const other = await planTurn(ctx);
    expect(other).toEqual({ kind: "wait", until: T0 + 2_000 });
    // Coming back at its reserved turn, it goes without asking again.
    at(2_000);
    expect(await planTurn(ctx, T0 + 2_000)).toEqual({ kind: "go" });
  });

  it("no retry starts that could not end within the window: give up with the request's failure", async () => {
    const { ctx } = context({ deadline: T0 + 30_000 });
    const f = failure("rate_limited", "HTTP 429", 1_000);
    expect(await afterFailure(ctx, f)).toEqual({ kind: "give-up", failure: f });
  });

  it("a reserved turn picked up too late gives up, with the host's failure when the request had none", async () => {
    const { ctx, at } = context({ deadline: T0 + 60_000 });
    await afterFailure(ctx, failure("timeout"));
    at(40_000); // 40 s + 35 s for the attempt would pass the 60 s deadline
    const plan = await planTurn(ctx, T0 + 2_000);
    expect(plan.kind).toBe("give-up");
    expect(plan.kind === "give-up" && plan.failure.code).toBe("timeout");
  });

  it("a late first attempt at a host that is not failing still runs (a long queue is not a busy host)", async () => {
    const { ctx, at } = context({ deadline: T0 + 10_000 });
    at(20_000);
    expect(await planTurn(ctx)).toEqual({ kind: "go" });
  });
});

describe("delayed jobs on Inngest", () => {
  it("a delay becomes the event's future ts, and a lane key its concurrency key", () => {
    const before = Date.now();
    const event = jobEvent("run-request", { token: "t" }, { delaySeconds: 30, singletonKey: "host:x" });
    expect(event.ts).toBeGreaterThanOrEqual(before + 30_000);
    expect(event.ts).toBeLessThanOrEqual(Date.now() + 30_000);
    expect(event.data.__key).toBe("k:host:x");
  });
});
