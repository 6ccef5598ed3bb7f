/**
 * Issue 26 on a real (embedded, in-memory) database: the role table, the membership rules no caller
 * may break (an organization keeps an owner; only owners touch owners), the current organization
 * picked from the cookie only among real memberships, and named keys rotated, stopped and revoked
 * one at a time while the admin command's project-wide meaning stays.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, db, dbReady } from "@/lib/db";
import { createOrganization } from "@/lib/admin/organizations";
import { runAdminCommand } from "@/lib/admin/commands";
import { allows, orgAccess, AccessError } from "@/lib/dashboard/access";
import { pickCurrent } from "@/lib/dashboard/current-org";
import { changeRole, leaveOrganization, listMembers, removeMember } from "@/lib/auth/members";
import { createKey, findKey, revokeKey, rotateKey, stopOldKeys } from "@/lib/auth/keys";
import type { DashboardUser } from "@/lib/dashboard/session";
import { reloadConfig } from "@/lib/config";

beforeAll(async () => {
  process.env.DATABASE_URL = "pglite:memory://members-keys";
  process.env.API_KEY_CACHE_MS = "0";
  delete process.env.RESEND_API_KEY;
  reloadConfig();
  await dbReady();
});
afterAll(closeDb);

async function orgWith(owner: string, ...others: [string, "admin" | "member"][]) {
  const org = await createOrganization({
    name: `Org of ${owner}`,
    plan: "pro",
    ownerEmail: owner,
    verified: true,
  });
  const ids: Record<string, string> = {};
  for (const [email, role] of others) {
    const user = await db().user.create({ data: { email } });
    await db().membership.create({ data: { userId: user.id, organizationId: org.organizationId, role } });
  }
  for (const m of await listMembers(org.organizationId)) ids[m.user.email] = m.id;
  return { org, ids };
}

describe("roles", () => {
  it("a member uses; an admin also manages; an owner also makes owners", () => {
    expect([allows("member", "member"), allows("member", "admin"), allows("member", "owner")]).toEqual([
      true,
      false,
      false,
    ]);
    expect([allows("admin", "admin"), allows("admin", "owner")]).toEqual([true, false]);
    expect(allows("owner", "owner")).toBe(true);
  });

  it("orgAccess decides against the current organization and refuses a page rendered for another", () => {
    const a = { role: "member" as const, organization: { id: "A", name: "A", plan: "free" as const } };
    const b = { role: "owner" as const, organization: { id: "B", name: "B", plan: "free" as const } };
    const user = (current: typeof a | typeof b): DashboardUser => ({
      id: "u",
      email: "u@example.com",
      name: null,
      emailVerified: null,
      memberships: [a, b],
      current,
    });
    expect(() => orgAccess(user(a), "admin")).toThrow(/owner or admin/);
    expect(orgAccess(user(b), "admin").organization.id).toBe("B");
    // Owner of B, but the page was rendered for A: refused rather than applied to B.
    expect(() => orgAccess(user(b), "member", "A")).toThrow(/another organization than the one now selected/);
    expect(() => orgAccess(user(b), "member", "not-mine")).toThrow(AccessError);
    expect(() => orgAccess(user(b), "member", "not-mine")).toThrow(/No such organization in your account/);
    // The cookie only ever chooses among real memberships.
    expect(pickCurrent([a, b], "B")).toBe(b);
    expect(pickCurrent([a, b], "someone-elses-org")).toBe(a);
    expect(pickCurrent([], "B")).toBeNull();
  });
});

describe("membership rules", () => {
  it("the last owner can neither leave nor be demoted; with a second owner both work", async () => {
    const { org, ids } = await orgWith("o1@example.com", ["a1@example.com", "admin"]);
    const owner = await db().user.findUniqueOrThrow({ where: { email: "o1@example.com" } });
    await expect(leaveOrganization(org.organizationId, owner.id)).rejects.toThrow(/last owner cannot leave/);
    await expect(changeRole(org.organizationId, "owner", ids["o1@example.com"], "admin")).rejects.toThrow(
      /last owner stays owner/,
    );
    await changeRole(org.organizationId, "owner", ids["a1@example.com"], "owner");
    await changeRole(org.organizationId, "owner", ids["o1@example.com"], "member");
    expect((await listMembers(org.organizationId)).map((m) => m.role)).toEqual(["member", "owner"]);
  });

  it("an admin manages members and admins but never owners", async () => {
    const { org, ids } = await orgWith(
      "o2@example.com",
      ["a2@example.com", "admin"],
      ["m2@example.com", "member"],
    );
    const admin = await db().user.findUniqueOrThrow({ where: { email: "a2@example.com" } });
    await expect(changeRole(org.organizationId, "admin", ids["m2@example.com"], "owner")).rejects.toThrow(
      /Only an owner/,
    );
    await expect(
      removeMember(org.organizationId, { userId: admin.id, role: "admin" }, ids["o2@example.com"]),
    ).rejects.toThrow(/Only an owner/);
    await changeRole(org.organizationId, "admin", ids["m2@example.com"], "admin");
    expect(
      await removeMember(org.organizationId, { userId: admin.id, role: "admin" }, ids["m2@example.com"]),
    ).toEqual({
      email: "m2@example.com",
    });
    await expect(
      removeMember(org.organizationId, { userId: admin.id, role: "admin" }, ids["a2@example.com"]),
    ).rejects.toThrow(/Leave organization/);
    expect((await listMembers(org.organizationId)).map((m) => m.user.email)).toEqual([
      "o2@example.com",
      "a2@example.com",
    ]);
  });

  it("a membership id of another organization is not found", async () => {
    const one = await orgWith("o3@example.com");
    const two = await orgWith("o4@example.com", ["m4@example.com", "member"]);
    await expect(
      changeRole(one.org.organizationId, "owner", two.ids["m4@example.com"], "admin"),
    ).rejects.toThrow(/No such member/);
  });
});

describe("named keys", () => {
  async function project() {
    const org = await createOrganization({
      name: "Keys",
      plan: "pro",
      ownerEmail: `k${Date.now()}@example.com`,
    });
    return { projectId: org.projectId, first: org.apiKey };
  }
  const live = async (key: string) => Boolean(await findKey(key));

  it("rotating one key leaves the others alone; its old secret lives 24 h unless stopped, alone", async () => {
    const { projectId, first } = await project();
    const ci = await createKey(projectId, "CI");
    const staging = await createKey(projectId, "Staging");
    const now = new Date();
    const rotated = await rotateKey(projectId, now, { keyId: ci.keyId });
    expect(rotated.replaced).toBe(1);
    const rows = await db().apiKey.findMany({ where: { projectId }, orderBy: { createdAt: "asc" } });
    expect(rows.map((r) => [r.name, r.state])).toEqual([
      ["Default key", "active"],
      ["CI", "grace"],
      ["Staging", "active"],
      ["CI", "active"],
    ]);
    expect(rows[1].graceUntil!.getTime() - now.getTime()).toBe(24 * 3600 * 1000);
    const in23h = new Date(now.getTime() + 23 * 3600 * 1000);
    const in25h = new Date(now.getTime() + 25 * 3600 * 1000);
    expect(Boolean(await findKey(ci.apiKey, in23h))).toBe(true);
    expect(Boolean(await findKey(ci.apiKey, in25h))).toBe(false);
    // A second rotation of the same old key is refused: it is no longer the active one.
    await expect(rotateKey(projectId, now, { keyId: ci.keyId })).rejects.toThrow(/No such active key/);

    await createKey(projectId, "Other");
    const other = await rotateKey(projectId, now, { keyId: staging.keyId });
    expect(await stopOldKeys(projectId, ci.keyId)).toBe(1);
    expect([await live(ci.apiKey), await live(staging.apiKey), await live(rotated.apiKey)]).toEqual([
      false,
      true, // Staging's own grace window was not touched by stopping CI's
      true,
    ]);
    expect(await live(first)).toBe(true);
    expect(await live(other.apiKey)).toBe(true);
  });

  it("revokes one key at once; a key of another project is not touched", async () => {
    const a = await project();
    const b = await project();
    const [aRow] = await db().apiKey.findMany({ where: { projectId: a.projectId } });
    expect(await revokeKey(b.projectId, aRow.id)).toBe(false);
    expect(await live(a.first)).toBe(true);
    expect(await revokeKey(a.projectId, aRow.id)).toBe(true);
    expect(await live(a.first)).toBe(false);
  });

  it("the admin command: without --key the project-wide meaning, with --key one key, --name at creation", async () => {
    const { projectId, first } = await project();
    const named = (await runAdminCommand(["key", "create", "--project", projectId, "--name", "Worker"])) as {
      apiKey: string;
      keyId: string;
    };
    expect((await db().apiKey.findUniqueOrThrow({ where: { id: named.keyId } })).name).toBe("Worker");
    const one = (await runAdminCommand(["key", "rotate", "--project", projectId, "--key", named.keyId])) as {
      replaced: number;
    };
    expect(one.replaced).toBe(1);
    expect(await live(first)).toBe(true);
    expect(await db().apiKey.count({ where: { projectId, state: "active" } })).toBe(2);
    expect(await runAdminCommand(["key", "stop-old", "--project", projectId, "--key", named.keyId])).toEqual({
      projectId,
      stopped: 1,
    });
    expect(await live(named.apiKey)).toBe(false);
    const all = (await runAdminCommand(["key", "rotate", "--project", projectId])) as { replaced: number };
    expect(all.replaced).toBe(2); // today's meaning: every active key of the project goes into grace
    expect(await runAdminCommand(["key", "stop-old", "--project", projectId])).toEqual({
      projectId,
      stopped: 2,
    });
    expect(await live(first)).toBe(false);
    await expect(runAdminCommand(["key", "rotate", "--project", projectId, "--key", "nope"])).rejects.toThrow(
      /No such active key/,
    );
  });

  it("last used is written at most once a minute, and never makes the request wait", async () => {
    const { projectId, first } = await project();
    const t0 = new Date();
    await findKey(first, t0);
    await new Promise((r) => setTimeout(r, 50)); // the write is fire-and-forget
    const read = async () =>
      (await db().apiKey.findFirstOrThrow({ where: { projectId } })).lastUsedAt?.getTime();
    expect(await read()).toBe(t0.getTime());
    await findKey(first, new Date(t0.getTime() + 30_000));
    await new Promise((r) => setTimeout(r, 50));
    expect(await read()).toBe(t0.getTime());
    await findKey(first, new Date(t0.getTime() + 61_000));
    await new Promise((r) => setTimeout(r, 50));
    expect(await read()).toBe(t0.getTime() + 61_000);
  });
});
