/**
 * scripts/cdp-pipe-limit.mjs, the filter on Chromium's DevTools output pipe (issue 27): run as its
 * own process with small limits, fed NUL-terminated messages in awkward chunks.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CDP_MESSAGE_OVER_LIMIT } from "@/lib/page/sandbox";

const SCRIPT = path.join(process.cwd(), "scripts", "cdp-pipe-limit.mjs");

/** Feed `chunks` to the filter (limits: events 100 bytes, responses 300) and collect what it lets out. */
async function filter(chunks: Buffer[]): Promise<{ messages: string[]; stderr: string }> {
  const child = spawn(process.execPath, [SCRIPT], {
    env: { ...process.env, PTD_CDP_EVENT_MAX_BYTES: "100", PTD_CDP_RESPONSE_MAX_BYTES: "300" },
    stdio: ["pipe", "pipe", "pipe"],
  });
  const out: Buffer[] = [];
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => out.push(d));
  child.stderr.on("data", (d: Buffer) => (stderr += String(d)));
  const exited = new Promise<void>((resolve) => child.on("close", () => resolve()));
  for (const chunk of chunks) {
    child.stdin.write(chunk);
    await new Promise((r) => setTimeout(r, 5)); // separate reads on the other side
  }
  child.stdin.end();
  await exited;
  const text = Buffer.concat(out).toString();
  expect(text.endsWith("\0")).toBe(true);
  return { messages: text.slice(0, -1).split("\0"), stderr };
}

const msg = (value: object) => JSON.stringify(value);

describe("the DevTools pipe limit", () => {
  it("passes small messages unchanged and in order, whole or split across reads", async () => {
    const a = msg({ method: "Page.loadEventFired", params: { timestamp: 1 } });
    const b = msg({ id: 7, result: { ok: true }, sessionId: "AB12" });
    const c = msg({ id: 8, result: {} });
    const stream = Buffer.from(`${a}\0${b}\0${c}\0`);
    const { messages } = await filter([stream.subarray(0, 10), stream.subarray(10, 70), stream.subarray(70)]);
    expect(messages).toEqual([a, b, c]);
  });

  it("drops an event over the event limit, keeps the messages around it", async () => {
    const big = msg({
      method: "Runtime.consoleAPICalled",
      params: { args: [{ value: "z".repeat(500) }] },
      sessionId: "S1",
    });
    const before = msg({ id: 1, result: {} });
    const after = msg({ method: "Page.frameNavigated", params: {} });
    const stream = Buffer.from(`${before}\0${big}\0${after}\0`);
    const pieces = [];
    for (let i = 0; i < stream.length; i += 64) pieces.push(stream.subarray(i, i + 64));
    const { messages, stderr } = await filter(pieces);
    expect(messages).toEqual([before, after]);
    expect(stderr).toMatch(/event Runtime\.consoleAPICalled of \d+ bytes cut off/);
  });

  it("answers a response over the response limit with an error to the same call and session", async () => {
    const big = msg({ id: 42, result: { data: "A".repeat(1000) }, sessionId: "F00DBEEF" });
    const small = msg({ id: 43, result: { data: "ok" }, sessionId: "F00DBEEF" });
    const stream = Buffer.from(`${big}\0${small}\0`);
    const { messages } = await filter([
      stream.subarray(0, 200),
      stream.subarray(200, 900),
      stream.subarray(900),
    ]);
    expect(messages).toHaveLength(2);
    const error = JSON.parse(messages[0]!) as { id: number; sessionId: string; error: { message: string } };
    expect(error.id).toBe(42);
    expect(error.sessionId).toBe("F00DBEEF");
    expect(error.error.message).toContain(CDP_MESSAGE_OVER_LIMIT);
    expect(messages[1]).toBe(small);
  });

  it("lets an answer and a trace chunk between the two limits through (other events are held to the smaller one)", async () => {
    const mid = msg({ id: 5, result: { data: "B".repeat(200) } });
    const trace = msg({ method: "Tracing.dataCollected", params: { value: ["C".repeat(200)] } });
    const { messages } = await filter([Buffer.from(`${mid}\0${trace}\0`)]);
    expect(messages).toEqual([mid, trace]);
  });
});
