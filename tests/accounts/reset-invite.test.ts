/**
 * Password reset and member invitations on a real (embedded, in-memory) database: hashed tokens,
 * single use even under a race, expiry, and what each use changes.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeDb, db, dbReady } from "@/lib/db";
import { createOrganization } from "@/lib/admin/organizations";
import {
  acceptInvitation,
  acceptInvitationWithSignUp,
  createInvitation,
  pendingInvitations,
  revokeInvitation,
  viewInvitation,
} from "@/lib/auth/invitations";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import {
  checkResetToken,
  requestPasswordReset,
  resetPassword,
  RESET_SUBJECT,
} from "@/lib/auth/password-reset";
import { CONFIRMATION_SUBJECT, sendConfirmationEmail } from "@/lib/auth/confirm-email";
import { mailsFor } from "@/lib/email/outbox";
import { hashEmailToken } from "@/lib/auth/tokens";
import { reloadConfig } from "@/lib/config";
import { outboxNow } from "@/lib/email/clock";

const BASE = "http://127.0.0.1:3999";
const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

beforeAll(async () => {
  process.env.DATABASE_URL = "pglite:memory://reset-invite";
  delete process.env.RESEND_API_KEY;
  reloadConfig();
  await dbReady();
});
afterAll(closeDb);

describe("password reset", () => {
  async function account(email: string) {
    await createOrganization({
      name: "R",
      plan: "free",
      ownerEmail: email,
      passwordHash: await hashPassword("old-password"),
    });
    return db().user.findUniqueOrThrow({ where: { email } });
  }

  it("mails a hashed, one-hour, single-use link; using it sets the password, confirms the address and voids old sessions", async () => {
    const user = await account("reset@example.com");
    const sent = (await requestPasswordReset("Reset@Example.com", BASE))!;
    expect(sent.link).toMatch(/^http:\/\/127\.0\.0\.1:3999\/reset-password\?token=[\w-]{43}$/);
    const token = tokenOf(sent.link);
    const row = await db().passwordReset.findFirstOrThrow({ where: { userId: user.id } });
    expect(row.tokenHash).toBe(hashEmailToken(token));
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(3600 * 1000 + 1000);
    const mail = await db().outboxEmail.findFirstOrThrow({
      where: { to: "reset@example.com" },
      orderBy: { createdAt: "desc" },
    });
    expect(mail.text).toContain(sent.link);

    const second = tokenOf((await requestPasswordReset("reset@example.com", BASE))!.link);
    expect(await checkResetToken(token)).toEqual({ status: "valid", email: "reset@example.com" });

    // Two uses racing: exactly one wins.
    const outcomes = await Promise.all([
      resetPassword(token, "new-password-1"),
      resetPassword(token, "new-password-2"),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["invalid", "reset"]);
    const after = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    const won = outcomes[0].status === "reset" ? "new-password-1" : "new-password-2";
    expect(await verifyPassword(won, after.passwordHash!)).toBe(true);
    expect(await verifyPassword("old-password", after.passwordHash!)).toBe(false);
    expect(after.passwordChangedAt).toBeInstanceOf(Date);
    expect(after.emailVerified).toBeInstanceOf(Date);
    // Using one link spends every other outstanding one.
    expect(await resetPassword(second, "another-password")).toEqual({ status: "invalid" });
    expect(await resetPassword(token, "again-password")).toEqual({ status: "invalid" });
  });

  it("refuses expired and unknown links, and asks nothing of unknown addresses", async () => {
    await account("late-reset@example.com");
    const token = tokenOf((await requestPasswordReset("late-reset@example.com", BASE))!.link);
    const later = new Date(Date.now() + 61 * 60 * 1000);
    expect(await checkResetToken(token, later)).toEqual({ status: "expired" });
    expect(await resetPassword(token, "whatever-password", later)).toEqual({ status: "expired" });
    expect(await resetPassword("not-a-token", "whatever-password")).toEqual({ status: "invalid" });
    expect(await resetPassword("x".repeat(43), "whatever-password")).toEqual({ status: "invalid" });
    expect(await requestPasswordReset("nobody@example.com", BASE)).toBeNull();
  });
});

describe("member invitations", () => {
  async function orgWithOwner(email: string) {
    const org = await createOrganization({
      name: `Org of ${email}`,
      plan: "pro",
      ownerEmail: email,
      verified: true,
    });
    const owner = await db().user.findUniqueOrThrow({ where: { email } });
    return { org, owner };
  }

  it("an invitee without an account signs up from the link and joins with the invited role, once", async () => {
    const { org, owner } = await orgWithOwner("owner1@example.com");
    const sent = await createInvitation(
      {
        organizationId: org.organizationId,
        invitedBy: owner,
        email: "New.Member@Example.com",
        role: "admin",
      },
      BASE,
    );
    expect(sent).toMatchObject({ ok: true, via: "outbox" });
    const token = tokenOf(sent.link);
    expect(await viewInvitation(token)).toMatchObject({
      status: "pending",
      email: "new.member@example.com",
      role: "admin",
      invitedBy: "owner1@example.com",
    });
    expect(await pendingInvitations(org.organizationId)).toHaveLength(1);

    const results = await Promise.allSettled([
      acceptInvitationWithSignUp(token, { name: "New", password: "member-password" }),
      acceptInvitationWithSignUp(token, { name: "Twin", password: "member-password" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const user = await db().user.findUniqueOrThrow({
      where: { email: "new.member@example.com" },
      include: { memberships: true },
    });
    expect(user.emailVerified).toBeInstanceOf(Date);
    expect(user.memberships).toEqual([
      expect.objectContaining({ organizationId: org.organizationId, role: "admin" }),
    ]);
    expect(await viewInvitation(token)).toEqual({ status: "invalid" });
    expect(await pendingInvitations(org.organizationId)).toHaveLength(0);
  });

  it("an existing account accepts only when signed in as the invited address", async () => {
    const { org, owner } = await orgWithOwner("owner2@example.com");
    const { owner: other } = await orgWithOwner("someone-else@example.com");
    const { owner: invitee } = await orgWithOwner("invitee@example.com");
    const token = tokenOf(
      (
        await createInvitation(
          {
            organizationId: org.organizationId,
            invitedBy: owner,
            email: "invitee@example.com",
            role: "member",
          },
          BASE,
        )
      ).link,
    );
    await expect(acceptInvitation(token, other)).rejects.toThrow(/is for invitee@example.com/);
    await expect(acceptInvitationWithSignUp(token, { name: "", password: "pw-pw-pw-pw" })).rejects.toThrow(
      /exists already/,
    );
    expect(await acceptInvitation(token, invitee)).toEqual({
      organizationId: org.organizationId,
      role: "member",
    });
    await expect(acceptInvitation(token, invitee)).rejects.toThrow(/not valid/);
    const memberships = await db().membership.findMany({ where: { userId: invitee.id } });
    expect(memberships.map((m) => m.role).sort()).toEqual(["member", "owner"]);
  });

  it("expires after 7 days, is replaced by a new invitation and can be withdrawn", async () => {
    const { org, owner } = await orgWithOwner("owner3@example.com");
    const invite = (email: string) =>
      createInvitation({ organizationId: org.organizationId, invitedBy: owner, email, role: "member" }, BASE);
    const first = await invite("late@example.com");
    const inEightDays = new Date(Date.now() + 8 * 24 * 3600 * 1000);
    expect(await viewInvitation(tokenOf(first.link), inEightDays)).toEqual({ status: "expired" });
    await expect(
      acceptInvitationWithSignUp(tokenOf(first.link), { name: "", password: "pw-pw-pw-pw" }, inEightDays),
    ).rejects.toThrow(/expired/);

    const second = await invite("late@example.com");
    expect(await viewInvitation(tokenOf(first.link))).toEqual({ status: "invalid" });
    expect(await revokeInvitation(org.organizationId, second.invitationId)).toBe(true);
    expect(await viewInvitation(tokenOf(second.link))).toEqual({ status: "invalid" });
    await expect(invite("owner3@example.com")).rejects.toThrow(/already a member/);
  });
});

describe("the signed-out dev outbox's mails", () => {
  it("are the ones sent since the pass was asked for, even when an earlier mail to the address is a moment older", async () => {
    const email = "outbox-order@example.com";
    await createOrganization({
      name: "O",
      plan: "free",
      ownerEmail: email,
      passwordHash: await hashPassword("old-password"),
    });
    const user = await db().user.findUniqueOrThrow({ where: { email } });
    // A clock that stands still: the confirmation, the moment the reset is asked for and the reset
    // fall in one millisecond, as they did on a fast CI machine.
    const now = vi.spyOn(Date, "now").mockReturnValue(Date.now());
    await sendConfirmationEmail(user, BASE);
    // The reset asked for right after (a fast machine's sign-up then "Forgot password"): the pass
    // names this moment, and the confirmation sent before it is not this browser's to read.
    const askedAt = outboxNow();
    await requestPasswordReset(email, BASE);
    now.mockRestore();
    const mails = await mailsFor(email, new Date(askedAt), [RESET_SUBJECT, CONFIRMATION_SUBJECT]);
    expect(mails.map((m) => m.subject)).toEqual([RESET_SUBJECT]);
  });
});
