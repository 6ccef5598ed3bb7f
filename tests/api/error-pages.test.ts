/**
 * docs/spec.md §7.4, issue 23: a page that moves itself after its first response (a script, a meta
 * refresh) to an address that does not answer, or that the egress guard refuses, and a bot check
 * that never clears, are operational failures: 422 with the spec's sentence, nothing spent, and
 * never Chromium's own error page ("This site can't be reached … ERR_…") as the answer. Through the
 * real HTTP server and Chromium; every https `.test` name points at a closed port, so
 * https://unreachable.test/ refuses like a dead host.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAILURES } from "@/lib/failures";
import { startApp, type App } from "../support/app";
import { startTestSites, type TestSites } from "../support/sites/server";

/** What Chromium's error page says; none of it may reach a client. */
const CHROMIUM_ERROR_TEXT = /This site can.t be reached|ERR_|chrome-error/i;

/** Every .test host reaches the same site; a host of its own per request keeps their host turns apart. */
let nextHost = 0;
const on = (path: string) => `http://c${++nextHost}.test${path}`;
const moves = (to: string, after?: number) =>
  on(`/moves?to=${encodeURIComponent(to)}${after === undefined ? "" : `&after=${after}`}`);

let sites: TestSites;
let app: App;
let key: string;
let orgId: string;

beforeAll(async () => {
  sites = await startTestSites();
  // The sync wait is longer than production's 60 s: every request below shares two browser slots.
  app = await startApp({
    PAGE_TEST_HOSTS: `127.0.0.1:${sites.httpPort}:${sites.closedPort}`,
    SYNC_TIMEOUT_MS: "150000",
  });
  const org = await app.admin(
    "org",
    "create",
    "--name",
    "Error pages",
    "--plan",
    "pro",
    "--concurrency",
    "50",
  );
  key = org.apiKey as string;
  orgId = org.organizationId as string;
});
afterAll(async () => {
  await app?.stop();
  await sites?.close();
});

interface Case {
  name: string;
  url: () => string;
  error: string;
}

const CASES: Case[] = [
  {
    name: "a script moving the page on load to an https address that refuses",
    url: () => moves("https://unreachable.test/", 0),
    error: FAILURES.connection_refused,
  },
  {
    name: "a meta refresh to an https address that refuses",
    url: () => on(`/refreshes?to=${encodeURIComponent("https://unreachable.test/")}`),
    error: FAILURES.connection_refused,
  },
  {
    name: "a script moving the page to https://127.0.0.1 (refused by the egress guard)",
    url: () => moves(`https://127.0.0.1:${sites.httpPort}/`, 0),
    error: FAILURES.not_public,
  },
  {
    name: "a script moving the page to http://127.0.0.1 (refused by the egress guard)",
    url: () => moves(`http://127.0.0.1:${sites.httpPort}/`, 0),
    error: FAILURES.not_public,
  },
  {
    name: "a bot check that never clears",
    url: () => on("/bot-check"),
    error: FAILURES.bot_check,
  },
  {
    name: "an AWS WAF challenge, answered with 202",
    url: () => on("/aws-waf"),
    error: FAILURES.bot_check,
  },
  {
    name: "a script moving the page to a bot check that never clears",
    url: () => moves("/bot-check-dom", 0),
    error: FAILURES.bot_check,
  },
];

const SCRAPE_OPERATIONS = ["html", "markdown", "screenshot", "meta", "summarize", "keywords", "console"];

/** Which single operation each case is also asked for, so every endpoint meets every kind of case. */
const singleOperations = (i: number) => SCRAPE_OPERATIONS.filter((_, j) => j % CASES.length === i);

async function expectFailed(res: Response, error: string, what: string): Promise<string> {
  const text = await res.text();
  expect(res.status, `${what}: ${text.slice(0, 300)}`).toBe(422);
  expect(JSON.parse(text).error, what).toBe(error);
  expect(res.headers.get("x-quota-cost"), what).toBe("0");
  expect(text, what).not.toMatch(CHROMIUM_ERROR_TEXT);
  return res.headers.get("x-result-token")!;
}

describe("Chromium's error page is never an answer (issue 23)", () => {
  it("sync requests of every operation and scrape, and GET /result of async ones: 422, the cause, nothing spent", async () => {
    const tokens: string[] = [];
    const runs = CASES.map(async (c, i) => {
      // Async first: its result is collected after the sync requests of the same case.
      const accepted = await app.post("/api/markdown", { url: c.url() }, key);
      expect(accepted.status).toBe(200);
      const asyncToken = ((await accepted.json()) as { token: string }).token;
      for (const endpoint of [...singleOperations(i), "scrape"]) {
        const body = {
          url: c.url(),
          sync: true,
          ...(endpoint === "scrape" && { operations: SCRAPE_OPERATIONS }),
        };
        tokens.push(
          await expectFailed(
            await app.post(`/api/${endpoint}`, body, key),
            c.error,
            `${c.name}: ${endpoint}`,
          ),
        );
      }
      for (;;) {
        const res = await app.get(`/api/result/${asyncToken}`, key);
        if (res.status !== 202) {
          tokens.push(await expectFailed(res, c.error, `${c.name}: GET /result`));
          break;
        }
        await new Promise((r) => setTimeout(r, 250));
      }
    });
    await Promise.all(runs);

    expect(tokens).toHaveLength(CASES.length * 2 + SCRAPE_OPERATIONS.length);
    const rows = await app.sql<{ cost: number; state: string }>(
      `SELECT cost, state::text AS state FROM "Request" WHERE token = ANY($1)`,
      [tokens],
    );
    expect(rows).toHaveLength(tokens.length);
    for (const row of rows) expect(row).toMatchObject({ cost: 0 });
    const [org] = await app.sql<{ creditsUsed: number; creditsReserved: number; running: number }>(
      `SELECT "creditsUsed", "creditsReserved", running FROM "Organization" WHERE id = $1`,
      [orgId],
    );
    expect(org).toEqual({ creditsUsed: 0, creditsReserved: 0, running: 0 });
    // The egress guard kept every visit away from the loopback addresses they were sent to.
    expect(sites.log.filter((l) => l.startsWith("127.0.0.1"))).toEqual([]);
    // Dozens of visits at once: 49 s on one CI run, over 60 s on a slower machine.
  }, 240_000);
});
