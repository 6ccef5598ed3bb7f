/**
 * Sign-in and sign-up limits through the real server: a parallel burst cannot get past them, a
 * forged X-Forwarded-For does not reset them, and two server processes on one PostgreSQL database
 * share them.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "@/lib/auth/password";
import { startApp, type App } from "../support/app";
import { PG_URL } from "../jobs/helpers";
import { actionId, callAction, signIn } from "./http-helpers";

const dbName = `ptd_accounts_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
const dbUrl = PG_URL.replace(/\/[^/?]+(\?|$)/, `/${dbName}$1`);
let a: App;
let b: App;

async function admin<T>(fn: (client: pg.Client) => Promise<T>, url = PG_URL): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const forged = () => ({ "x-forwarded-for": `203.0.113.${Math.floor(Math.random() * 250) + 1}` });
const env = {
  DATABASE_URL: dbUrl,
  REDIS_URL: "",
  SIGNIN_LIMIT_PER_ACCOUNT: "10",
  SIGNIN_LIMIT_PER_ADDRESS: "60",
  SIGNUP_LIMIT_PER_ADDRESS: "5",
  SIGNUP_LIMIT_PER_DOMAIN: "20",
};

beforeAll(async () => {
  await admin((c) => c.query(`CREATE DATABASE "${dbName}"`));
  // One after the other: the first migrates the fresh database, the second finds it migrated.
  a = await startApp(env);
  b = await startApp(env);
}, 240_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await admin((c) => c.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`));
});

describe("sign-in and sign-up limits shared by two server processes (PostgreSQL)", () => {
  it("a burst of 50 wrong passwords for one account gets exactly 10 verified, across both processes", async () => {
    const email = `victim-${randomBytes(3).toString("hex")}@example.com`;
    const hash = await hashPassword("the-right-password");
    await admin(
      (c) =>
        c.query(`INSERT INTO "User" (id, email, "passwordHash") VALUES ($1, $2, $3)`, [
          `u_${randomBytes(6).toString("hex")}`,
          email,
          hash,
        ]),
      dbUrl,
    );
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, i) => signIn(i % 2 ? a : b, email, `wrong-${i}`, forged())),
    );
    const errors = outcomes.map((o) => o.error);
    expect(errors.filter((e) => e === "CredentialsSignin")).toHaveLength(10);
    const refused = errors.filter((e) => e !== "CredentialsSignin");
    expect(refused).toHaveLength(40);
    for (const e of refused)
      expect(e).toMatch(/^Too many sign-in attempts for this account\. Try again in \d+ minutes/);
    // Blocked for the window: even the right password is not checked now.
    expect((await signIn(a, email, "the-right-password")).error).toMatch(/^Too many sign-in attempts/);

    // The address has spent 51 of its 60: of 20 more attempts at other accounts, exactly 9 are checked.
    const more = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        signIn(i % 2 ? a : b, `nobody-${i}@example.com`, "x-password", forged()),
      ),
    );
    expect(more.filter((o) => o.error === "CredentialsSignin")).toHaveLength(9);
    const network = more.filter((o) => o.error !== "CredentialsSignin");
    expect(network).toHaveLength(11);
    for (const o of network) expect(o.error).toMatch(/^Too many sign-in attempts from your network/);
  }, 240_000);

  it("50 sign-ups from one address: exactly 5 accepted across both processes, the rest told why", async () => {
    const signUp = actionId("lib/dashboard/actions/signup.ts", "signUpAction");
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        callAction<{ ok: boolean; error?: string }>(
          i % 2 ? a : b,
          signUp,
          [{ name: "", organization: "", email: `s${i}@d${i}.example`, password: "long-enough-pw" }],
          forged(),
        ),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    const refused = results.filter((r) => !r.ok);
    expect(refused).toHaveLength(45);
    for (const r of refused)
      expect(r.error).toMatch(/^Too many sign-ups from your network\. Try again in \d+ minutes\.$/);
    const orgs = await admin(
      (c) => c.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Organization"`),
      dbUrl,
    );
    expect(orgs.rows[0].n).toBe(5);
    // Counted against the socket peer that the server stamped, not "unknown" and not a forged header.
    const keys = await admin(
      (c) => c.query<{ key: string }>(`SELECT key FROM rate_limits WHERE key LIKE 'signup-address:%'`),
      dbUrl,
    );
    expect(keys.rows.map((r) => r.key)).toEqual(["signup-address:127.0.0.1"]);
  }, 240_000);
});

describe("sign-up limit per email domain, behind a trusted proxy (embedded database)", () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp({ TRUST_PROXY: "1", SIGNUP_LIMIT_PER_ADDRESS: "5", SIGNUP_LIMIT_PER_DOMAIN: "20" });
  });
  afterAll(() => app?.stop());

  it("30 sign-ups at one domain from 30 addresses: exactly 20 accepted", async () => {
    const signUp = actionId("lib/dashboard/actions/signup.ts", "signUpAction");
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        callAction<{ ok: boolean; error?: string }>(
          app,
          signUp,
          [{ name: "", organization: "", email: `u${i}@catch-all.example`, password: "long-enough-pw" }],
          // The proxy appends the address it saw; the client's own claim before it is ignored.
          { "x-forwarded-for": `10.9.9.9, 198.51.100.${i + 1}` },
        ),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(20);
    for (const r of results.filter((x) => !x.ok))
      expect(r.error).toMatch(
        /^Too many sign-ups with addresses at this domain\. Try again in \d+ minutes\.$/,
      );
  }, 240_000);
});
