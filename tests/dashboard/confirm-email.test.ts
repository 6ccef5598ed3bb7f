import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, db, dbReady } from "@/lib/db";
import { confirmEmailToken, sendConfirmationEmail } from "@/lib/auth/confirm-email";
import { outboxFor } from "@/lib/email/outbox";
import { reloadConfig } from "@/lib/config";

/** Email confirmation and the dev outbox on an in-memory embedded database. */
describe("email confirmation", () => {
  beforeAll(async () => {
    process.env.DATABASE_URL = "pglite:memory://confirm-email";
    delete process.env.RESEND_API_KEY;
    reloadConfig();
    await dbReady();
  });
  afterAll(closeDb);

  async function newUser(email: string) {
    return db().user.create({ data: { email, name: "Grace" } });
  }

  function tokenOf(link: string): string {
    return new URL(link).searchParams.get("token")!;
  }

  it("stores only a hash, mails the link to the dev outbox, and confirms once", async () => {
    const user = await newUser("grace@example.com");
    const sent = await sendConfirmationEmail(user, "http://localhost:3000/");
    expect(sent).toMatchObject({ ok: true, via: "outbox" });
    expect(sent.link).toMatch(/^http:\/\/localhost:3000\/confirm\?token=[\w-]{43}$/);
    const token = tokenOf(sent.link);

    const row = await db().emailConfirmation.findFirstOrThrow({ where: { userId: user.id } });
    expect(row.tokenHash).not.toContain(token);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(23.9 * 3600 * 1000);

    const [mail] = await outboxFor("GRACE@example.com");
    expect(mail.links).toEqual([sent.link]);
    expect(await outboxFor("someone-else@example.com")).toEqual([]);

    expect(await confirmEmailToken(token)).toEqual({ status: "confirmed", email: "grace@example.com" });
    expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).emailVerified).toBeInstanceOf(
      Date,
    );
    expect(await confirmEmailToken(token)).toEqual({
      status: "already-confirmed",
      email: "grace@example.com",
    });
  });

  it("refuses expired and unknown tokens", async () => {
    const user = await newUser("late@example.com");
    const { link } = await sendConfirmationEmail(user, "http://localhost:3000");
    const later = new Date(Date.now() + 25 * 3600 * 1000);
    expect(await confirmEmailToken(tokenOf(link), later)).toEqual({
      status: "expired",
      email: "late@example.com",
    });
    expect(await confirmEmailToken("not-a-token")).toEqual({ status: "invalid" });
    expect(await confirmEmailToken("")).toEqual({ status: "invalid" });
    expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).emailVerified).toBeNull();
  });
});
