/**
 * Issue 27, through the real server (embedded database, behind one trusted proxy so each request
 * can come from an address of the test's choosing):
 * - sign-out ends the session on the server: a copy of the cookie kept elsewhere is refused;
 * - a stranger's wrong passwords block the account at the stranger's address only, and past the
 *   account's total a reset link still lets the owner in at once;
 * - sign-ups refused for an existing address do not spend the email domain's hourly budget;
 * - the dev outbox stays off on a server bound beyond loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type App } from "../support/app";
import { actionId, callAction, signIn, signOut, signUpConfirmed } from "./http-helpers";

let app: App;
let next = 1;
/** A client address no other request of this file used (the proxy appends what it saw). */
const from = () => ({ "x-forwarded-for": `198.51.${Math.floor(next / 250)}.${(next++ % 250) + 1}` });

beforeAll(async () => {
  app = await startApp({
    TRUST_PROXY: "1",
    RESEND_API_KEY: "",
    EMAIL_DEV_OUTBOX: "1",
    SIGNIN_LIMIT_PER_ACCOUNT: "10",
    SIGNIN_LIMIT_PER_ACCOUNT_TOTAL: "30",
    SIGNIN_LIMIT_PER_ADDRESS: "50",
    SIGNUP_LIMIT_PER_ADDRESS: "5",
    SIGNUP_LIMIT_PER_DOMAIN: "3",
  });
}, 120_000);
afterAll(() => app?.stop());

const stamp = Date.now().toString(36);
const signUp = () => actionId("lib/dashboard/actions/signup.ts", "signUpAction");

async function account(name: string, password: string): Promise<string> {
  const email = `${name}-${stamp}@${name}-${stamp}.example`; // a domain each: the domain limit is 3
  await signUpConfirmed(app, { name, email, password }, from());
  return email;
}

/** A signed-in action: its answer tells a live session from an ended one. */
function probe(cookie: string) {
  return callAction(
    app,
    actionId("lib/dashboard/actions/invitations.ts", "revokeInvitationAction"),
    [{ organizationId: "none", invitationId: "none" }],
    { cookie },
  );
}
const LIVE = { ok: false, error: "No such organization in your account." };
const ENDED = { ok: false, error: "Your session has ended. Sign in again." };

describe("sessions end at sign-out", () => {
  it("signing out ends the session on the server: a copy of its cookie kept elsewhere is refused", async () => {
    const email = await account("leaver", "leaver-password-1");
    const laptop = await signIn(app, email, "leaver-password-1", from());
    const phone = await signIn(app, email, "leaver-password-1", from());
    expect(laptop.error).toBeNull();
    // The copy: what someone who read the laptop's cookie would send.
    const copy = laptop.cookie;
    expect(await probe(copy)).toEqual(LIVE);
    expect(await probe(phone.cookie)).toEqual(LIVE);

    expect(await signOut(app, laptop.cookie)).toBe(200);
    expect(await probe(copy)).toEqual(ENDED);
    // Every session of the account ends (docs/decisions.md: one moment per account, no session table).
    expect(await probe(phone.cookie)).toEqual(ENDED);
    const again = await signIn(app, email, "leaver-password-1", from());
    expect(again.error).toBeNull();
    expect(await probe(again.cookie)).toEqual(LIVE);
  });
});

describe("a lockout a stranger cannot trigger", () => {
  it("ten wrong passwords block the stranger's address only; the owner signs in from theirs", async () => {
    const email = await account("owner", "owner-password-1");
    const stranger = from();
    const guesses = await Promise.all(
      Array.from({ length: 15 }, (_, i) => signIn(app, email, `guess-${i}`, stranger)),
    );
    expect(guesses.filter((g) => g.error === "CredentialsSignin")).toHaveLength(10);
    for (const g of guesses.filter((x) => x.error !== "CredentialsSignin"))
      expect(g.error).toMatch(/^Too many sign-in attempts for this account\. Try again in \d+ minutes/);
    // The stranger, even with the right password, stays blocked at that address...
    expect((await signIn(app, email, "owner-password-1", stranger)).error).toMatch(/^Too many sign-in/);
    // ...while the owner, from their own address, signs in.
    const owner = await signIn(app, email, "owner-password-1", from());
    expect(owner.error).toBeNull();
    expect(await probe(owner.cookie)).toEqual(LIVE);
  });

  it("past the account's total from many addresses, the owner's reset link signs them in at once", async () => {
    const email = await account("target", "target-password-1");
    // 30 guesses from 10 addresses: none reaches its own limit, together they reach the total.
    for (let address = 0; address < 10; address++) {
      const stranger = from();
      for (let i = 0; i < 3; i++)
        expect((await signIn(app, email, `guess-${address}-${i}`, stranger)).error).toBe("CredentialsSignin");
    }
    const home = from();
    expect((await signIn(app, email, "target-password-1", home)).error).toMatch(
      /^Too many sign-in attempts for this account from many networks\. Reset your password/,
    );

    const requested = await callAction<{ ok: boolean }>(
      app,
      actionId("lib/dashboard/actions/password-reset.ts", "requestPasswordResetAction"),
      [{ email }],
      home,
    );
    expect(requested.ok).toBe(true);
    const [mail] = await app.sql<{ text: string }>(
      `SELECT text FROM "OutboxEmail" WHERE "to" = $1 AND subject LIKE 'Reset%' ORDER BY "createdAt" DESC LIMIT 1`,
      [email],
    );
    const token = new URL(/http\S+reset-password\?token=[\w-]+/.exec(mail.text)![0]).searchParams.get(
      "token",
    );
    expect(
      await callAction(
        app,
        actionId("lib/dashboard/actions/password-reset.ts", "resetPasswordAction"),
        [{ token, password: "target-password-2" }],
        home,
      ),
    ).toEqual({ ok: true, email });
    const owner = await signIn(app, email, "target-password-2", home);
    expect(owner.error).toBeNull();
    expect(await probe(owner.cookie)).toEqual(LIVE);
  });
});

describe("sign-up's limit per email domain", () => {
  it("attempts at an address that already has an account do not spend the domain's hour, and are refused alike once it is spent", async () => {
    const domain = `shared-${stamp}.example`;
    const sign = (local: string) =>
      callAction<{ ok: boolean; error?: string }>(
        app,
        signUp(),
        [{ name: "", organization: "", email: `${local}@${domain}`, password: "long-enough-pw" }],
        from(),
      );
    const fresh = await sign("first"); // 1 of the domain's 3
    expect(fresh.ok).toBe(true);
    // The address exists now: the same answer, and the domain's hour is not spent.
    for (let i = 0; i < 5; i++) expect(await sign("first")).toEqual(fresh);
    expect((await sign("second")).ok).toBe(true); // 2 of 3
    expect((await sign("third")).ok).toBe(true); // 3 of 3
    const spent = {
      ok: false,
      error: expect.stringMatching(/^Too many sign-ups with addresses at this domain\./),
    };
    expect(await sign("fourth")).toMatchObject(spent);
    // Once it is spent, an existing address is refused as a new one is: no "check your email" to tell them apart.
    expect(await sign("first")).toMatchObject(spent);
    const users = await app.sql<{ n: number }>(`SELECT count(*)::int AS n FROM "User" WHERE email LIKE $1`, [
      `%@${domain}`,
    ]);
    expect(users[0].n).toBe(3);
  });
});

describe("the dev outbox only on loopback", () => {
  /** The confirmation link of a fresh sign-up, and whether its owner's dashboard shows it. */
  async function outboxShown(server: App): Promise<boolean> {
    const email = `outbox@outbox-${Date.now().toString(36)}.example`;
    await signUpConfirmed(server, { email, password: "outbox-password-1" });
    const [mail] = await server.sql<{ text: string }>(`SELECT text FROM "OutboxEmail" WHERE "to" = $1`, [
      email,
    ]);
    const token = /token=([\w-]+)/.exec(mail.text)![1];
    const { cookie } = await signIn(server, email, "outbox-password-1");
    const page = await (await fetch(server.url + "/dashboard", { headers: { cookie } })).text();
    expect(page).toContain(email); // signed in: the dashboard itself
    return page.includes(token);
  }

  it("a server bound to 0.0.0.0 never shows mail on the dashboard, whatever EMAIL_DEV_OUTBOX says", async () => {
    const open = await startApp({ TEST_BIND_HOST: "0.0.0.0", RESEND_API_KEY: "", EMAIL_DEV_OUTBOX: "1" });
    try {
      expect(await outboxShown(open)).toBe(false);
      expect(open.logs.join("")).toContain("beyond loopback: the dev outbox (EMAIL_DEV_OUTBOX) is off");
    } finally {
      await open.stop();
    }
    // Control: the same mode on loopback shows it (the check above can see the outbox).
    expect(await outboxShown(app)).toBe(true);
  }, 180_000);
});
