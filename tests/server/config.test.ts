/** The one validated configuration (issue 28 point 3): parsing, the README's table, and the start. */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig, reloadConfig, VARIABLES } from "@/lib/config";
import { configTable, withConfigTable } from "@/lib/config/docs";
import { startApp } from "../support/app";

const ROOT = path.resolve(import.meta.dirname, "../..");

function problems(env: Record<string, string>): string[] {
  try {
    parseConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems.map((p) => `${p.variable} ${p.message}`);
    throw err;
  }
  return [];
}

describe("parsing", () => {
  it("keeps today's defaults when nothing is set", () => {
    const c = parseConfig({});
    expect(c).toMatchObject({
      PORT: 3000,
      PROCESS_ROLE: "all",
      CHROMIUM_PATH: "/usr/lib/chromium/chromium",
      PAGE_CONCURRENCY: undefined,
      PAGE_HOST_MAX_SLOTS: undefined,
      PAGE_MAX_CONTEXTS: 8,
      PAGE_CONTEXT_MAX_PAGES: 200,
      PAGE_BROWSER_MAX_JOBS: 1000,
      PAGE_BROWSER_MAX_RSS_MB: 2048,
      PAGE_BROWSER_CALL_TIMEOUT_MS: 15_000,
      PAGE_MEMORY_CHECK_EVERY: 20,
      LIGHTHOUSE_TIMEOUT_MS: 45_000,
      LIGHTHOUSE_BROWSER_MAX_RUNS: 20,
      TRUST_PROXY: 0,
      SIGNIN_LIMIT_PER_ACCOUNT: 10,
      SIGNIN_LIMIT_PER_ACCOUNT_TOTAL: 100,
      SIGNIN_LIMIT_PER_ADDRESS: 50,
      SIGNUP_LIMIT_PER_ADDRESS: 5,
      SIGNUP_LIMIT_PER_DOMAIN: 20,
      RATE_LIMIT_REQUESTS: 600,
      RATE_LIMIT_WINDOW_SECONDS: 60,
      API_KEY_CACHE_MS: 5000,
      HOT_HITS_MB: 64,
      SYNC_TIMEOUT_MS: 60_000,
      POLITENESS_MAX_TOTAL_MS: 600_000,
      CRAWL_RESPONSE_PAGES: 100,
      WEBHOOK_RETRY_DELAY_SECONDS: 10,
      WEBHOOK_MAX_PENDING_PER_PROJECT: 1000,
      WEBHOOK_MAX_PER_RECEIVER: 2,
      EMAIL_DEV_OUTBOX: false,
      PTD_TEST_SQL: false,
      PTD_STAGE_TIMINGS: false,
      PAGE_TEST_HOSTS: null,
      RESIDENTIAL_EXITS: [],
    });
    expect(c.DATABASE_URL).toEqual({ kind: "pglite", dataDir: path.resolve("data/db") });
    // Blank is unset, as the strict readers had it (the Number() readers made it 0).
    expect(parseConfig({ SYNC_TIMEOUT_MS: " ", HOT_HITS_MB: "" })).toMatchObject({
      SYNC_TIMEOUT_MS: 60_000,
      HOT_HITS_MB: 64,
    });
  });

  it("reads durations as a bare number in the name's unit or with a unit of their own", () => {
    expect(parseConfig({ SYNC_TIMEOUT_MS: "60s" }).SYNC_TIMEOUT_MS).toBe(60_000);
    expect(parseConfig({ SYNC_TIMEOUT_MS: "1500" }).SYNC_TIMEOUT_MS).toBe(1500);
    expect(parseConfig({ SYNC_TIMEOUT_MS: "1.5 min" }).SYNC_TIMEOUT_MS).toBe(90_000);
    expect(parseConfig({ POLITENESS_MAX_TOTAL_MS: "10m" }).POLITENESS_MAX_TOTAL_MS).toBe(600_000);
    expect(parseConfig({ RATE_LIMIT_WINDOW_SECONDS: "2min" }).RATE_LIMIT_WINDOW_SECONDS).toBe(120);
    expect(parseConfig({ WEBHOOK_RETRY_DELAY_SECONDS: "500ms" }).WEBHOOK_RETRY_DELAY_SECONDS).toBe(0.5);
    expect(parseConfig({ LIGHTHOUSE_TIMEOUT_MS: "30s" }).LIGHTHOUSE_TIMEOUT_MS).toBe(30_000);
  });

  it("keeps each reader's meaning of a valid value", () => {
    expect(parseConfig({ CRAWL_RESPONSE_PAGES: "500" }).CRAWL_RESPONSE_PAGES).toBe(100);
    expect(parseConfig({ CRAWL_RESPONSE_PAGES: "0" }).CRAWL_RESPONSE_PAGES).toBe(1);
    expect(parseConfig({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(1);
    expect(parseConfig({ TRUST_PROXY: "3" }).TRUST_PROXY).toBe(3);
    expect(parseConfig({ PROCESS_ROLE: " Worker " }).PROCESS_ROLE).toBe("worker");
    expect(parseConfig({ EMAIL_DEV_OUTBOX: "TRUE" }).EMAIL_DEV_OUTBOX).toBe(true);
    expect(parseConfig({ LLM_BASE_URL: "http://x/v1//" }).LLM_BASE_URL).toBe("http://x/v1");
    expect(parseConfig({ HOT_HITS_MB: "0", API_KEY_CACHE_MS: "0" })).toMatchObject({
      HOT_HITS_MB: 0,
      API_KEY_CACHE_MS: 0,
    });
    expect(parseConfig({ DATABASE_URL: "postgres://u@h/db" }).DATABASE_URL).toEqual({
      kind: "postgres",
      url: "postgres://u@h/db",
    });
  });

  it("names every bad variable and why, all at once", () => {
    const found = problems({
      SYNC_TIMEOUT_MS: "abc",
      PAGE_CONCURRENCY: "two",
      LIGHTHOUSE_TIMEOUT_MS: "1s",
      TRUST_PROXY: "yes",
      APP_URL: "api.example.com",
      DATABASE_URL: "mysql://x",
      PAGE_TEST_HOSTS: "10.0.0.1:80:443",
      RESIDENTIAL_EXITS: "nope",
      PROCESS_ROLE: "api",
      EMAIL_DEV_OUTBOX: "maybe",
    });
    expect(found).toHaveLength(10);
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^SYNC_TIMEOUT_MS must be a number of milliseconds or a duration.*"abc"/),
        expect.stringMatching(/^PAGE_CONCURRENCY must be a whole number ≥ 1; got "two"/),
        expect.stringMatching(/^LIGHTHOUSE_TIMEOUT_MS must be at least 5000 milliseconds/),
        expect.stringMatching(/^TRUST_PROXY must be true, false or a number/),
        expect.stringMatching(/^APP_URL is not a URL: "api.example.com"/),
        expect.stringMatching(/^DATABASE_URL must start with postgres:\/\/ or pglite:/),
        expect.stringMatching(/^PAGE_TEST_HOSTS may only map .test hosts to a loopback address/),
        expect.stringMatching(/^RESIDENTIAL_EXITS entry 'nope' is not host:port/),
        expect.stringMatching(/^PROCESS_ROLE must be one of all, web, worker/),
        expect.stringMatching(/^EMAIL_DEV_OUTBOX must be 1\/true or 0\/false/),
      ]),
    );
  });

  it("is read once: reloadConfig() is what picks up a changed environment", () => {
    const saved = process.env.SYNC_TIMEOUT_MS;
    try {
      process.env.SYNC_TIMEOUT_MS = "7s";
      expect(reloadConfig().SYNC_TIMEOUT_MS).toBe(7000);
      process.env.SYNC_TIMEOUT_MS = "8s";
      expect(reloadConfig().SYNC_TIMEOUT_MS).toBe(8000);
    } finally {
      if (saved === undefined) delete process.env.SYNC_TIMEOUT_MS;
      else process.env.SYNC_TIMEOUT_MS = saved;
      reloadConfig();
    }
  });
});

describe("the README's configuration table", () => {
  it("is the one generated from lib/config (run `npm run docs:config` after changing a variable)", () => {
    const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");
    expect(withConfigTable(readme)).toBe(readme);
    for (const name of Object.keys(VARIABLES)) expect(configTable()).toContain(`| \`${name}\` |`);
  });
});

describe("the server's start", () => {
  it("refuses a bad variable, naming each one and why on stderr", async () => {
    const failure = await startApp({ SYNC_TIMEOUT_MS: "abc", PAGE_MAX_CONTEXTS: "0" })
      .then(async (started) => {
        await started.stop();
        return "started";
      })
      .catch((err: Error) => err.message);
    expect(failure).toContain("server exited early");
    expect(failure).toContain("[config] Invalid configuration (2 variables)");
    expect(failure).toMatch(/SYNC_TIMEOUT_MS must be a number of milliseconds or a duration .*; got "abc"/);
    expect(failure).toMatch(/PAGE_MAX_CONTEXTS must be a whole number ≥ 1; got "0"/);
  }, 180_000);
});
