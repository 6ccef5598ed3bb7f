/**
 * Every environment variable the service reads, in one table: its parser (lib/config/parse.ts),
 * its default as the README shows it, and what it means. The README's configuration table is
 * generated from this list (`npm run docs:config`; tests/server/config.test.ts keeps them equal).
 *
 * Names carry their unit (`_MS`, `_SECONDS`, `_MB`); durations also take a unit ("60s", "2 min").
 */
import type { z } from "zod";
import { duration, flag, int, num, oneOf, text, url, variable } from "./parse";
import { parseDatabaseUrl, parseResidentialExits, parseTestHosts } from "./structured";

export interface VariableSpec<S extends z.ZodType = z.ZodType> {
  schema: S;
  /** The default as the README shows it. */
  default: string;
  /** What it means, one README cell (Markdown). */
  doc: string;
}

const spec = <S extends z.ZodType>(schema: S, fallback: string, doc: string): VariableSpec<S> => ({
  schema,
  default: fallback,
  doc,
});

/** A structured value whose parser throws its own sentence, which starts with the variable's name. */
function structured<T>(name: string, parse: (raw: string | undefined) => T) {
  return variable((raw, fail) => {
    try {
      return parse(raw);
    } catch (err) {
      return fail((err as Error).message.replace(new RegExp(`^${name}:? `), ""));
    }
  });
}

export const VARIABLES = {
  // Process and storage
  PORT: spec(int({ default: 3000, max: 65535 }), "3000", "HTTP port"),
  HOST: spec(
    text(),
    "`127.0.0.1` under `start.sh`",
    "address `start.sh` binds; `0.0.0.0` serves the network (the dev outbox then stays off)",
  ),
  NODE_ENV: spec(text(), "set by Next.js", "`production` under `next start`, `development` under `next dev`"),
  DATABASE_URL: spec(
    structured("DATABASE_URL", parseDatabaseUrl),
    "unset → `pglite:./data/db`",
    "`pglite:<folder>` embedded PostgreSQL (WASM, one process owns it), or `postgres://…`",
  ),
  PROCESS_ROLE: spec(
    oneOf(["all", "web", "worker"], "all"),
    "`all`",
    "`all`, `web` (API, dashboard, Playground; enqueues only) or `worker` (jobs, browsers, webhooks, retention); split roles need PostgreSQL: `docs/deploy.md`",
  ),
  PGBOSS_SCHEMA: spec(text(), "`pgboss`", "schema of the embedded job engine's tables"),
  INNGEST_EVENT_KEY: spec(
    text(),
    "unset",
    "set (as is `INNGEST_SIGNING_KEY`): run jobs on Inngest (`/api/inngest`) instead of the embedded pg-boss engine (`docs/deploy.md`)",
  ),
  INNGEST_SIGNING_KEY: spec(text(), "unset", "see `INNGEST_EVENT_KEY`"),
  INNGEST_DEV: spec(text(), "unset", "with `INNGEST_BASE_URL`: the Inngest dev server"),
  INNGEST_BASE_URL: spec(text(), "unset", "see `INNGEST_DEV`"),
  REDIS_URL: spec(
    text(),
    "unset",
    "shared counters (rate and sign-in limits) in Redis; unset → PostgreSQL when `DATABASE_URL` is one, else memory",
  ),

  // Browser
  CHROMIUM_PATH: spec(
    text("/usr/lib/chromium/chromium"),
    "`/usr/lib/chromium/chromium`",
    "browser binary driven through playwright-core",
  ),
  PAGE_CONCURRENCY: spec(
    int({ default: undefined }),
    "number of cores",
    "pages rendered at once (on 2 cores, 4 gave less throughput than 2), shared fairly between organizations",
  ),
  PAGE_HOST_MAX_SLOTS: spec(
    int({ default: undefined }),
    "half the slots",
    "slots one host may hold while others wait",
  ),
  PAGE_MAX_CONTEXTS: spec(int({ default: 8 }), "8", "warm per-organization browser contexts kept (LRU)"),
  PAGE_CONTEXT_MAX_PAGES: spec(
    int({ default: 200 }),
    "200",
    "pages a browser context serves before it is replaced",
  ),
  PAGE_BROWSER_MAX_JOBS: spec(int({ default: 1000 }), "1000", "jobs before the page browser is relaunched"),
  PAGE_BROWSER_MAX_RSS_MB: spec(
    int({ default: 2048, min: 0 }),
    "2048",
    "memory of the page browser's processes before it is relaunched (0: never)",
  ),
  PAGE_BROWSER_CALL_TIMEOUT_MS: spec(
    duration("ms", { default: 15_000 }),
    "15000 (15 s)",
    "deadline of one call into the page browser (new context, new page, clearing cookies; launch gets twice this): past it the browser takes no new work and the visit moves to a fresh one",
  ),
  PAGE_MEMORY_CHECK_EVERY: spec(
    int({ default: 20 }),
    "20",
    "jobs between two measurements of the browser's memory",
  ),
  BROWSER_USER: spec(
    text("ptd-browser"),
    "`ptd-browser`",
    "unprivileged user Chromium runs as when the server is root (created by `scripts/lib.sh`)",
  ),
  CHROMIUM_SANDBOX: spec(text(), "on", "`off` only for containers without user namespaces (refused as root)"),
  CHROMIUM_WRAPPER: spec(
    text(),
    "`scripts/chromium-sandboxed.sh`",
    "the launcher script (under the working directory by default)",
  ),
  LANG: spec(
    text(),
    "`C.UTF-8`",
    "locale passed on to Chromium (its only environment besides `TZ` and `HOME`)",
  ),
  TZ: spec(text(), "unset", "time zone passed on to Chromium"),
  HOME: spec(text(), "unset", "passed on to Chromium when it runs as the server's own user"),
  ADBLOCK_LIST_FILE: spec(text(), "built-in list", "filter list (EasyList syntax) for `block_ads`"),
  RESIDENTIAL_EXITS: spec(
    structured("RESIDENTIAL_EXITS", parseResidentialExits),
    "unset",
    "comma-separated `host:port` HTTP proxies used for `residential: true`",
  ),
  PAGE_TEST_HOSTS: spec(
    structured("PAGE_TEST_HOSTS", parseTestHosts),
    "unset",
    "`127.0.0.1:HTTP:HTTPS`: every `*.test` host resolves to that address (tests only; docs/architecture.md §3). Loopback addresses only: anything else stops the server at start; a warning is logged at every start while set",
  ),
  LIGHTHOUSE_TIMEOUT_MS: spec(
    duration("ms", { default: 45_000, min: 5_000 }),
    "45000 (45 s)",
    "default budget of one Lighthouse run",
  ),
  LIGHTHOUSE_BROWSER_MAX_RUNS: spec(
    int({ default: 20 }),
    "20",
    "runs before Lighthouse's browser is replaced",
  ),

  // Accounts and email
  NEXTAUTH_SECRET: spec(
    text(),
    "generated into `data/.nextauth-secret`",
    "dashboard session signing secret (`AUTH_SECRET` also read); set it in production",
  ),
  AUTH_SECRET: spec(text(), "unset", "see `NEXTAUTH_SECRET`"),
  APP_URL: spec(
    url("https://api.example.com"),
    "`http://localhost:$PORT`; `start.sh` sets the address it prints (`http://127.0.0.1:$PORT`)",
    "public base URL (secure cookies, links in emails; never taken from request headers). A public one needs `RESEND_API_KEY` or the server refuses to start",
  ),
  NEXTAUTH_URL: spec(url("https://api.example.com"), "unset", "read when `APP_URL` is unset"),
  RESEND_API_KEY: spec(
    text(),
    "unset",
    "send email through Resend; unset → the server log only (or the dev outbox, below)",
  ),
  EMAIL_FROM: spec(
    text(),
    "`page-to-data <onboarding@resend.dev>`",
    "sender of the mail sent through Resend",
  ),
  EMAIL_DEV_OUTBOX: spec(
    flag(),
    "unset (`start.sh` sets 1 when bound to loopback)",
    "development mode: without Resend, each user sees their own emails on the dashboard. Refused with a public `APP_URL`; off (mail to the log only, one warning) while the server listens beyond loopback",
  ),
  TRUST_PROXY: spec(
    variable((raw, fail) => {
      const s = raw?.trim().toLowerCase();
      if (!s || s === "false" || s === "0") return 0;
      if (s === "true") return 1;
      const n = Number(s);
      if (Number.isInteger(n) && n > 0 && n < 10) return n;
      return fail(
        `must be true, false or a number of proxies from 0 to 9; got ${JSON.stringify(raw!.trim())}`,
      );
    }),
    "unset",
    "number of reverse proxies of yours in front (`true` = 1): the client address for sign-in/sign-up limits is then taken from `X-Forwarded-For`; unset → the socket peer (a warning is logged once when requests carry `X-Forwarded-For` without it; docs/deploy.md)",
  ),
  SIGNIN_LIMIT_PER_ACCOUNT: spec(
    int({ default: 10 }),
    "10 per 15 min",
    "sign-in attempts on one account from one client address before a 15-minute block of that address for that account (shared by all processes: Redis, PostgreSQL or memory)",
  ),
  SIGNIN_LIMIT_PER_ACCOUNT_TOTAL: spec(
    int({ default: 100 }),
    "100 per 15 min",
    "sign-in attempts on one account from all addresses together; past it the owner signs in through a password reset (which clears it) or after the 15-minute block",
  ),
  SIGNIN_LIMIT_PER_ADDRESS: spec(
    int({ default: 50 }),
    "50 per 15 min",
    "sign-in attempts from one client address",
  ),
  SIGNUP_LIMIT_PER_ADDRESS: spec(int({ default: 5 }), "5 per hour", "sign-ups per client address"),
  SIGNUP_LIMIT_PER_DOMAIN: spec(int({ default: 20 }), "20 per hour", "sign-ups per email domain"),
  LLM_BASE_URL: spec(
    variable((raw) => raw?.trim().replace(/\/+$/, "") || undefined),
    "unset",
    "OpenAI-compatible endpoint for `summarize`/`keywords` (with `LLM_MODEL`, and `LLM_API_KEY` when it wants one); unset or failing → built-in extractive summary and keyphrases (`X-Produced-By` says which)",
  ),
  LLM_MODEL: spec(text(), "unset", "the model `LLM_BASE_URL` serves"),
  LLM_API_KEY: spec(text(), "unset", "bearer key for `LLM_BASE_URL`"),

  // The API
  RATE_LIMIT_REQUESTS: spec(
    num({ default: 600 }),
    "600",
    "per-project requests per window before `429 rate_limited`",
  ),
  RATE_LIMIT_WINDOW_SECONDS: spec(duration("s", { default: 60 }), "60", "the rate limit's window"),
  API_KEY_CACHE_MS: spec(
    duration("ms", { default: 5000 }),
    "5000",
    'how long a known API key stays in memory (revocation is heard at once; 0 turns it off; docs/decisions.md "The hot path")',
  ),
  HOT_HITS_MB: spec(
    num({ default: 64 }),
    "64",
    "memory for cache hits, dropped on every change (0 turns it off)",
  ),
  SYNC_TIMEOUT_MS: spec(
    duration("ms", { default: 60_000 }),
    "60000 (60 s)",
    "sync wait before `504 processing_timeout` (spec: 60 s; tests shorten it)",
  ),
  POLITENESS_MAX_TOTAL_MS: spec(
    duration("ms", { default: 600_000 }),
    "600000 (10 min)",
    "busy-host retry window from acceptance (docs/spec.md §7.5: ten minutes; tests shorten it)",
  ),
  CRAWL_RESPONSE_PAGES: spec(
    variable((raw, fail) => {
      const s = raw?.trim();
      if (!s) return 100;
      const n = Number(s);
      if (!Number.isFinite(n)) return fail(`must be a number of pages (1 to 100); got ${JSON.stringify(s)}`);
      return Math.max(1, Math.min(100, n)); // as before: out-of-range values are clamped
    }),
    "100",
    "crawl pages per answer (at most 100; tests lower it)",
  ),
  WEBHOOK_RETRY_DELAY_SECONDS: spec(
    duration("s", { default: 10 }),
    "10",
    "first webhook retry delay (doubles, capped at 1 h, 35 retries ≈ 27 h)",
  ),
  WEBHOOK_MAX_PENDING_PER_PROJECT: spec(
    num({ default: 1000 }),
    "1000",
    "waiting webhook deliveries per project; more are recorded failed, unsent (docs/webhooks.md)",
  ),
  WEBHOOK_MAX_PER_RECEIVER: spec(
    int({ default: 2 }),
    "2",
    "webhook attempts in flight to one receiver, shared by every tenant and process (docs/webhooks.md)",
  ),

  // Tests and measurements
  PTD_TEST_SQL: spec(
    variable((raw) => raw === "1"),
    "unset",
    "`1`: the admin endpoint also runs raw SQL (tests only)",
  ),
  PTD_STAGE_TIMINGS: spec(
    variable((raw) => raw === "1"),
    "unset",
    "`1`: every API answer carries a `Server-Timing` header of its stages (`npm run bench`)",
  ),
} as const;

export type VariableName = keyof typeof VARIABLES;
