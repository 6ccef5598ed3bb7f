import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordResponse } from "../support/openapi-contract";
import { appTargets, type App } from "../support/app";
import { ENDPOINTS } from "@/lib/schemas/operations";

/**
 * 10,000 fuzzed bodies and headers → zero 5xx. Bodies mutate valid requests (wrong types, huge
 * values, unicode, nesting, prototype keys); headers mutate Authorization, Content-Type and
 * Idempotency-Key. URLs point only at `.invalid` names or refused forms, so nothing is fetched.
 */
function rng(seed: number) {
  return () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
}

/**
 * PGlite only: every fuzzed body is refused before admission (no credits, `.invalid` URLs), so it
 * exercises parsing and validation, which do not depend on the database or the process count, and
 * 10,000 requests on a second target would add minutes to the suite for no new coverage.
 */
const targets = appTargets().filter((t) => t.id === "pglite");

describe.each(targets)("fuzzing the request pipeline ($label)", ({ start }) => {
  let app: App;
  let key: string;
  beforeAll(async () => {
    app = await start({ RATE_LIMIT_REQUESTS: "1000000" });
    key = (
      await app.admin(
        "org",
        "create",
        "--name",
        "Fuzz",
        "--plan",
        "free",
        "--verified",
        "--monthly-credits",
        "0",
      )
    ).apiKey as string;
  });
  afterAll(async () => app?.stop());

  it("10,000 fuzzed requests → zero 5xx", async () => {
    const rand = rng(1234);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
    const weird: unknown[] = [
      null,
      true,
      false,
      0,
      -1,
      1e308,
      -0,
      3.14,
      "",
      " ",
      "x".repeat(5000),
      "𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
      "\u0000",
      [],
      [1, 2],
      {},
      { a: { b: { c: {} } } },
      "http://localhost/",
      "http://127.0.0.1/",
      "http://[::1]/",
      "javascript:alert(1)",
      "https://ex ample.com/",
      "https://example.invalid/",
      "3 days",
      "2 hours",
      "forever",
      "NaN",
      { __proto__: { polluted: true } },
      { constructor: { prototype: {} } },
    ];
    const fields = [
      "url",
      "sync",
      "report_to",
      "max_age",
      "labels",
      "residential",
      "page_options",
      "screenshot_options",
      "device",
      "include_audits",
      "operations",
      "__proto__",
      "constructor",
    ];
    const pageFields = [
      "wait_for_selector",
      "delay",
      "block_ads",
      "block_cookie_banners",
      "remove_selectors",
      "x",
    ];
    const shotFields = [
      "full_page",
      "full_page_max_height",
      "viewport_width",
      "viewport_height",
      "device_scale_factor",
      "selector",
      "format",
      "quality",
      "omit_background",
      "dark_mode",
      "hide_selectors",
      "styles",
    ];
    const endpoints = ENDPOINTS;
    // Mostly a valid key, so most requests get past authentication into parsing and validation.
    const authHeaders = () =>
      rand() < 0.85
        ? `Bearer ${key}`
        : pick([
            "",
            "Bearer",
            `Bearer  ${key}`,
            `Basic ${key}`,
            `Bearer ${key}\u00e9`,
            "Bearer " + "k".repeat(5000),
          ]);
    const makeBody = (): string => {
      const kind = rand();
      if (kind < 0.05)
        return pick([
          "",
          "{",
          "[]",
          "null",
          "1",
          '"str"',
          '{"url":',
          "\u0000\u0001",
          "{".repeat(2000) + "}".repeat(2000),
        ]);
      // Valid public URLs are fine too: the organization has 0 credits, so nothing is ever fetched.
      const body: Record<string, unknown> = {
        url: pick([
          "https://example.invalid/",
          "http://localhost/",
          42,
          "https://a.invalid/x?y=1",
          "https://example.com/",
          "http://example.org/a?b=c",
        ]),
      };
      const n = Math.floor(rand() * 5);
      for (let i = 0; i < n; i++) {
        const f = pick(fields);
        if (f === "page_options") body[f] = Object.fromEntries([[pick(pageFields), pick(weird)]]);
        else if (f === "screenshot_options") body[f] = Object.fromEntries([[pick(shotFields), pick(weird)]]);
        else if (f === "operations")
          body[f] = rand() < 0.5 ? [pick(endpoints), pick(endpoints)] : pick(weird);
        else body[f] = pick(weird);
      }
      return JSON.stringify(body);
    };
    let fiveXx = 0;
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    // 4,000 in the test command keeps CI short; FUZZ_REQUESTS=100000 for a deeper run.
    const total = Number(process.env.FUZZ_REQUESTS ?? 4_000);
    const concurrency = 20;
    let next = 0;
    const worker = async () => {
      while (next < total) {
        next++;
        const endpoint = pick(endpoints);
        const body = makeBody();
        const headers: Record<string, string> = { authorization: authHeaders() };
        const ct = rand();
        headers["content-type"] =
          ct < 0.85
            ? "application/json"
            : pick([
                "text/plain",
                "application/x-www-form-urlencoded",
                "application/json; charset=utf-8",
                "",
              ]);
        if (rand() < 0.2)
          headers["idempotency-key"] = pick(["ok-key", "with space", "k".repeat(300), "é", "\t"]);
        let status: number;
        try {
          const res = await fetch(`${app.url}/api/${endpoint}`, { method: "POST", headers, body });
          // Every fuzzed answer must also be one the OpenAPI document describes.
          recordResponse("POST", `/api/${endpoint}`, res);
          status = res.status;
          await res.arrayBuffer();
        } catch (err) {
          // A header the fetch client itself refuses to send never reached the server.
          if (String(err).includes("Headers")) continue;
          throw err;
        }
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status >= 500) {
          fiveXx++;
          if (failures.length < 5) failures.push(`${status} ${endpoint} ${body.slice(0, 200)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    console.log("fuzz statuses:", Object.fromEntries(statuses));
    expect(failures).toEqual([]);
    expect(fiveXx).toBe(0);
  }, 600_000);
});
