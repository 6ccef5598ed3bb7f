/**
 * Through one real server on the embedded database:
 * - the admin command goes through the server's loopback admin endpoint, never through a second
 *   session on PGlite: under load nothing fails and every key it prints works; the data folder is
 *   private and the endpoint refuses strangers;
 * - password reset and member invitations work end to end, and their links are single-use.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type App } from "../support/app";
import { actionId, callAction, signIn, signUpConfirmed } from "./http-helpers";
import { mailedLink } from "../support/accounts";

let app: App;

beforeAll(async () => {
  app = await startApp({ RATE_LIMIT_REQUESTS: "1000000", SIGNUP_LIMIT_PER_ADDRESS: "20" });
});
afterAll(() => app?.stop());

/**
 * GET with node:http rather than fetch: undici gives up connecting after 10 s, which admin
 * processes starting on two cores can exceed; this test is about failures of the server, not of
 * the client's patience.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
function getStatus(url: string, key: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { authorization: `Bearer ${key}` } }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
  });
}

/** Runs `tasks` with at most `limit` at a time, collecting every outcome (never stopping at a failure). */
async function pool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<PromiseSettledResult<T>[]> {
  const out: PromiseSettledResult<T>[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < tasks.length) {
        const i = next++;
        out[i] = await tasks[i]().then(
          (value) => ({ status: "fulfilled", value }) as const,
          (reason: unknown) => ({ status: "rejected", reason }) as const,
        );
      }
    }),
  );
  return out;
}

describe("admin command while the server runs (embedded database)", () => {
  it("24 admin commands, 8 at a time, alongside 240 API requests: no failure, every printed key works", async () => {
    const ADMIN_CALLS = 24;
    const API_CALLS = 240;
    const base = await app.admin("org create", "--name", "Load", "--plan", "pro");
    const loadKey = base.apiKey as string;
    const projectId = base.projectId as string;

    // Three waves of 8 overlap the API load as 50 did (each command is a ~2 s process): the suite
    // is kept under its time budget.
    const adminCalls = Array.from({ length: ADMIN_CALLS }, (_, i) =>
      i % 5 === 4
        ? () => app.admin("key create", "--project", projectId)
        : () => app.admin("org create", "--name", `Org ${i}`, "--plan", "free", "--verified"),
    );
    const apiCalls = Array.from(
      { length: API_CALLS },
      (_, i) => () => getStatus(`${app.url}/api/result/req_unknown_${i}`, loadKey),
    );
    // 8 admin processes at a time, not all at once: each is a Node process compiling TypeScript, and 50 at
    // once on two cores starved every other suite running beside this one (load average 45 in CI).
    const [admins, api] = await Promise.all([pool(adminCalls, 8), pool(apiCalls, 20)]);

    const adminFailures = admins.filter((r) => r.status === "rejected");
    expect(adminFailures.map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    const describe = (reason: unknown) => {
      const cause = (reason as { cause?: { code?: string; message?: string } }).cause;
      return `${String(reason)} (${cause?.code ?? ""} ${cause?.message ?? ""})`;
    };
    expect(api.map((r) => (r.status === "fulfilled" ? r.value : describe(r.reason)))).toEqual(
      Array(API_CALLS).fill(404),
    );

    const keys = admins.map(
      (r) => (r as PromiseFulfilledResult<Record<string, unknown>>).value.apiKey as string,
    );
    expect(new Set(keys).size).toBe(ADMIN_CALLS);
    for (const key of keys) {
      const res = await app.get("/api/result/req_unknown", key);
      expect(res.status, `key ${key.slice(0, 13)}… refused`).toBe(404);
    }
  }, 600_000);

  it("keeps the data folder private and the token file 0600", () => {
    const dbDir = path.join(app.dataDir, "db");
    expect(fs.statSync(dbDir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(`${dbDir}.admin-token`).mode & 0o777).toBe(0o600);
    expect(fs.statSync(`${dbDir}.lock`).mode & 0o077).toBe(0);
    const readableByOthers: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if ((fs.statSync(p).mode & 0o777) !== 0o700) readableByOthers.push(p);
          walk(p);
        }
      }
    };
    walk(dbDir);
    expect(readableByOthers).toEqual([]);
  });

  it("refuses requests without the token or with a wrong one, and is not a route of the public server", async () => {
    expect(await app.adminEndpoint({ argv: ["key", "create", "--project", "x"] }, "")).toMatchObject({
      status: 401,
      ok: false,
      error: "unauthorized",
    });
    expect(await app.adminEndpoint({ argv: ["org", "verify", "--org", "x"] }, "wrong-token")).toMatchObject({
      status: 401,
    });
    for (const p of ["/admin", "/api/internal/admin"]) {
      const res = await fetch(app.url + p, { method: "POST", body: "{}" });
      expect(res.status).toBe(404);
    }
    // The advertised port listens on 127.0.0.1 only.
    const { adminPort } = JSON.parse(fs.readFileSync(path.join(app.dataDir, "db.lock"), "utf8")) as {
      adminPort: number;
    };
    expect(adminPort).toBeGreaterThan(0);
    expect(app.logs.join("")).toContain("PTD_TEST_SQL=1");
  });

  it("keeps the admin command's output contract (usage errors included)", async () => {
    const usage = await app
      .admin("org create", "--plan", "free")
      .then(() => null)
      .catch((err: Error) => err.message);
    expect(usage).toContain('"error":"usage"');
    expect(usage).toContain("--name is required");
    const created = await app.admin("org create", "--name", "Contract", "--plan", "pro");
    expect(Object.keys(created).sort()).toEqual(["apiKey", "organizationId", "projectId"]);
    const project = await app.admin(
      "project set",
      "--project",
      created.projectId as string,
      "--robots",
      "follow",
    );
    expect(project).toMatchObject({ id: created.projectId, robotsPolicy: "follow" });
    expect(String(project.webhookSecret)).toMatch(/^whsec_/);
  });

  it("sign-up answers an address with an account exactly as a new one, signs nobody in, and the email says which", async () => {
    const stamp = Date.now();
    const taken = `taken-${stamp}@example.com`;
    await signUpConfirmed(app, { email: taken, password: "owner-password-1" });
    const fresh = `fresh-${stamp}@example.com`;
    const action = actionId("lib/dashboard/actions/signup.ts", "signUpAction");
    /** The raw HTTP answer, as the browser gets it, with the address typed replaced by a placeholder. */
    const raw = async (email: string, password: string) => {
      const res = await fetch(app.url + action.page, {
        method: "POST",
        headers: {
          accept: "text/x-component",
          "content-type": "text/plain;charset=UTF-8",
          "next-action": action.id,
          origin: app.url,
        },
        body: JSON.stringify([{ name: "Eve", organization: "Eve Inc", email, password }]),
      });
      return {
        status: res.status,
        body: (await res.text()).replaceAll(email, "ADDRESS"),
        cookies: res.headers.getSetCookie().map((c) => c.split("=")[0]),
      };
    };
    const forTaken = await raw(taken, "guessed-password-1");
    const forFresh = await raw(fresh, "chosen-password-1");
    expect(forTaken).toEqual(forFresh);
    expect(forFresh.status).toBe(200);
    expect(forFresh.body).toContain("Check your email");
    expect(forFresh.cookies.filter((c) => c.includes("session-token"))).toEqual([]);

    // Only the email tells them apart, in the owner's inbox.
    const subjects = async (email: string) =>
      (
        await app.sql<{ subject: string }>(
          `SELECT subject FROM "OutboxEmail" WHERE "to" = $1 ORDER BY "createdAt"`,
          [email],
        )
      ).map((m) => m.subject);
    expect(await subjects(taken)).toEqual([
      "Confirm your email address for page-to-data",
      "You already have a page-to-data account",
    ]);
    expect(await subjects(fresh)).toEqual(["Confirm your email address for page-to-data"]);
    const [mail] = await app.sql<{ text: string }>(
      `SELECT text FROM "OutboxEmail" WHERE "to" = $1 AND subject LIKE 'You already%'`,
      [taken],
    );
    expect(mail.text).toContain(`${app.url}/login`);
    expect(mail.text).toContain(`${app.url}/forgot-password`);
    expect(mail.text).not.toContain("token=");

    // Nothing signs in with the password typed: not someone else's account (its password is
    // unchanged), and not the new account before its address is confirmed: both answer alike.
    expect((await signIn(app, taken, "guessed-password-1")).error).toBe("CredentialsSignin");
    expect((await signIn(app, fresh, "chosen-password-1")).error).toBe("CredentialsSignin");
    expect((await signIn(app, taken, "owner-password-1")).error).toBeNull();
    const [{ n }] = await app.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM "Membership" m JOIN "User" u ON u.id = m."userId" WHERE u.email = $1`,
      [taken],
    );
    expect(n).toBe(1); // no organization gained through someone else's form
    // Confirmed, the new account signs in; its project has no key until one is created.
    await fetch(await mailedLink(app, fresh, "confirm"));
    expect((await signIn(app, fresh, "chosen-password-1")).error).toBeNull();
    const [{ keys }] = await app.sql<{ keys: number }>(
      `SELECT count(k.id)::int AS keys FROM "User" u JOIN "Membership" m ON m."userId" = u.id
         JOIN "Project" p ON p."organizationId" = m."organizationId" LEFT JOIN "ApiKey" k ON k."projectId" = p.id
       WHERE u.email = $1`,
      [fresh],
    );
    expect(keys).toBe(0);
  });

  it("resets a password through the real server: link by email, single use, old password refused", async () => {
    const email = `reset-${Date.now()}@example.com`;
    await signUpConfirmed(app, { name: "R", email, password: "first-password" });
    const before = await signIn(app, email, "first-password");
    expect(before.error).toBeNull();
    // A signed-in action (asUser) tells a live session from an ended one.
    const probe = actionId("lib/dashboard/actions/invitations.ts", "revokeInvitationAction");
    const asBefore = () =>
      callAction(app, probe, [{ organizationId: "none", invitationId: "none" }], { cookie: before.cookie });
    expect(await asBefore()).toEqual({ ok: false, error: "No such organization in your account." });
    const requested = await callAction<{ ok: boolean; message: string }>(
      app,
      actionId("lib/dashboard/actions/password-reset.ts", "requestPasswordResetAction"),
      [{ email }],
      // A forged host must not end up in the link (it would carry the victim's token elsewhere).
      // (Origin forged alike, else Next.js refuses the action as cross-site before it runs.)
      { "x-forwarded-host": "evil.example", host: "evil.example", origin: "http://evil.example" },
    );
    expect(requested).toMatchObject({ ok: true });
    const [mail] = await app.sql<{ text: string }>(
      `SELECT text FROM "OutboxEmail" WHERE "to" = $1 AND subject LIKE 'Reset%' ORDER BY "createdAt" DESC LIMIT 1`,
      [email],
    );
    const link = /http\S+reset-password\?token=[\w-]+/.exec(mail.text)![0];
    expect(link.startsWith(`${app.url}/reset-password?token=`)).toBe(true); // from APP_URL, not the request
    const token = new URL(link).searchParams.get("token")!;
    const page = await (await fetch(link)).text();
    expect(page).toContain(email);

    const resetId = actionId("lib/dashboard/actions/password-reset.ts", "resetPasswordAction");
    expect(await callAction(app, resetId, [{ token, password: "second-password" }])).toEqual({
      ok: true,
      email,
    });
    expect(await callAction(app, resetId, [{ token, password: "third-password" }])).toMatchObject({
      ok: false,
      error: expect.stringContaining("not valid"),
    });
    expect((await signIn(app, email, "first-password")).error).toBe("CredentialsSignin");
    expect((await signIn(app, email, "second-password")).error).toBeNull();
    expect(await (await fetch(link)).text()).toContain("This link cannot be used");
    // The session signed in before the reset has ended.
    expect(await asBefore()).toEqual({ ok: false, error: "Your session has ended. Sign in again." });
  });

  it("an owner invites a member from the dashboard; the invitee signs up from the link and joins, once", async () => {
    const owner = `owner-${Date.now()}@example.com`;
    const invitee = `invitee-${Date.now()}@example.com`;
    await signUpConfirmed(app, {
      name: "O",
      organization: "Inviting Inc",
      email: owner,
      password: "owner-password",
    });
    const { cookie } = await signIn(app, owner, "owner-password");
    const [{ organizationId }] = await app.sql<{ organizationId: string }>(
      `SELECT m."organizationId" FROM "Membership" m JOIN "User" u ON u.id = m."userId" WHERE u.email = $1`,
      [owner],
    );
    const invite = actionId("lib/dashboard/actions/invitations.ts", "inviteMemberAction");
    // Not signed in: refused.
    expect(await callAction(app, invite, [{ organizationId, email: invitee, role: "admin" }])).toMatchObject({
      ok: false,
    });
    expect(
      await callAction(app, invite, [{ organizationId, email: invitee, role: "admin" }], { cookie }),
    ).toEqual({
      ok: true,
      sentTo: invitee,
      via: "outbox",
    });
    const settings = await (await fetch(`${app.url}/dashboard/settings`, { headers: { cookie } })).text();
    expect(settings).toContain(invitee);

    const [mail] = await app.sql<{ text: string }>(`SELECT text FROM "OutboxEmail" WHERE "to" = $1`, [
      invitee,
    ]);
    const link = /http\S+\/invite\?token=[\w-]+/.exec(mail.text)![0];
    expect(await (await fetch(link)).text()).toContain("Join Inviting Inc");
    const token = new URL(link).searchParams.get("token")!;
    const accept = actionId("lib/dashboard/actions/invitations.ts", "acceptInvitationWithSignUpAction");
    expect(await callAction(app, accept, [{ token, name: "I", password: "invitee-password" }])).toEqual({
      ok: true,
      email: invitee,
    });
    expect(await callAction(app, accept, [{ token, name: "I", password: "invitee-password" }])).toMatchObject(
      {
        ok: false,
        error: expect.stringContaining("not valid"),
      },
    );
    expect((await signIn(app, invitee, "invitee-password")).error).toBeNull();
    const roles = await app.sql<{ role: string; organizationId: string }>(
      `SELECT m.role::text AS role, m."organizationId" FROM "Membership" m JOIN "User" u ON u.id = m."userId" WHERE u.email = $1`,
      [invitee],
    );
    expect(roles).toEqual([{ role: "admin", organizationId }]);
  });

  it("the admin command opens the database itself when the server is stopped", async () => {
    await app.stop();
    try {
      const created = await app.admin("org create", "--name", "Offline", "--plan", "pro");
      expect(String(created.apiKey)).toMatch(/^ptd_live_/);
    } finally {
      await app.restart();
    }
    expect(
      (
        await app.sql<{ n: number }>(`SELECT count(*)::int AS n FROM "Organization" WHERE name = 'Offline'`)
      )[0].n,
    ).toBe(1);
  }, 180_000);
});

describe("email configuration at start-up", () => {
  it("a public APP_URL without a mail provider refuses to start, dev mode or not, and says why", async () => {
    for (const devMode of ["1", ""]) {
      const failure = await startApp({
        APP_URL: "https://api.example.com",
        RESEND_API_KEY: "",
        EMAIL_DEV_OUTBOX: devMode,
      })
        .then(async (started) => {
          await started.stop();
          return "started";
        })
        .catch((err: Error) => err.message);
      expect(failure).toContain("server exited early");
      expect(failure).toContain("cannot start: APP_URL is https://api.example.com, a public address");
      expect(failure).toContain("RESEND_API_KEY");
    }
  }, 180_000);
});
