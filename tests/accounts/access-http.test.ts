/**
 * Issue 26: every role against every dashboard action, by direct POST to the real server (what a
 * script could send whatever the page shows): owner, admin and member of one organization, a
 * member of it whose current organization is another one, and a stranger. Each row says who may.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type App } from "../support/app";
import { actionAt, callAction, firstKey, signIn, signUpConfirmed } from "./http-helpers";

let app: App;
beforeAll(async () => {
  app = await startApp({ RESEND_API_KEY: "", EMAIL_DEV_OUTBOX: "1", RATE_LIMIT_REQUESTS: "1000000" });
}, 120_000);
afterAll(() => app?.stop());

type Who = "owner" | "admin" | "member" | "elsewhere" | "stranger";
const stamp = Date.now();

async function account(who: Who) {
  const email = `${who}-${stamp}@example.com`;
  const { projectId } = await signUpConfirmed(app, {
    name: who,
    organization: `${who} own`,
    email,
    password: `${who}-password-1`,
  });
  const { cookie } = await signIn(app, email, `${who}-password-1`);
  const [{ userId, organizationId }] = await app.sql<{ userId: string; organizationId: string }>(
    `SELECT m."userId", m."organizationId" FROM "Membership" m JOIN "User" u ON u.id = m."userId" WHERE u.email = $1`,
    [email],
  );
  return { email, cookie, userId, organizationId, projectId };
}

describe("who may do what, by direct POST", { timeout: 240_000 }, () => {
  const people = {} as Record<Who, Awaited<ReturnType<typeof account>>>;
  let orgId = "";
  let projectId = "";

  beforeAll(async () => {
    for (const who of ["owner", "admin", "member", "elsewhere", "stranger"] as Who[])
      people[who] = await account(who);
    orgId = people.owner.organizationId;
    projectId = people.owner.projectId;
    await firstKey(app, projectId);
    for (const [who, role] of [
      ["admin", "admin"],
      ["member", "member"],
      ["elsewhere", "admin"],
    ] as const)
      await app.sql(
        `INSERT INTO "Membership" (id, "userId", "organizationId", role) VALUES ($1, $2, $3, $4::"Role")`,
        [`m-${who}-${stamp}`, people[who].userId, orgId, role],
      );
  }, 240_000);

  /** The cookie a browser of `who` sends: the owner's organization chosen, except for "elsewhere". */
  const cookieOf = (who: Who) =>
    who === "elsewhere" ? people[who].cookie : `${people[who].cookie}; ptd_org=${orgId}`;

  const projectPage = () => `/dashboard/projects/${projectId}`;
  const keyId = async () =>
    (
      await app.sql<{ id: string }>(
        `SELECT id FROM "ApiKey" WHERE "projectId" = $1 AND state = 'active' LIMIT 1`,
        [projectId],
      )
    )[0].id;
  const memberId = async () => `m-member-${stamp}`;
  /**
   * Whether the project page shows the project to a browser sending `cookie`. The status cannot
   * say: the dashboard streams (loading.tsx), so a page's notFound() arrives after a 200.
   */
  const seesProject = async (cookie: string) => {
    const html = await (await fetch(`${app.url}${projectPage()}`, { headers: { cookie } })).text();
    return html.includes('data-testid="key-table"');
  };

  /** Each action, the arguments it is sent, and who may (the others get { ok: false }). */
  const rows: {
    name: string;
    file: string;
    page: () => string;
    args: () => Promise<unknown[]>;
    may: Who[];
  }[] = [
    {
      name: "createKeyAction",
      file: "keys.ts",
      page: projectPage,
      args: async () => [projectId, "K"],
      may: ["owner", "admin"],
    },
    {
      name: "revokeKeyAction",
      file: "keys.ts",
      page: projectPage,
      args: async () => [projectId, "no-such-key"],
      may: ["owner", "admin"],
    },
    {
      name: "stopOldKeyAction",
      file: "keys.ts",
      page: projectPage,
      args: async () => [projectId, "no-such-key"],
      may: ["owner", "admin"],
    },
    {
      name: "updateProjectSettingsAction",
      file: "project.ts",
      page: projectPage,
      args: async () => [projectId, { robotsPolicy: "ignore", webhookUrl: "" }],
      may: ["owner", "admin"],
    },
    {
      name: "revealWebhookSecretAction",
      file: "project.ts",
      page: projectPage,
      args: async () => [projectId],
      may: ["owner", "admin"],
    },
    {
      name: "createProjectAction",
      file: "project.ts",
      page: () => "/dashboard/projects",
      args: async () => [orgId, "P"],
      may: ["owner", "admin"],
    },
    {
      name: "stopOldWebhookSecretAction",
      file: "webhooks.ts",
      page: () => `${projectPage()}/webhooks`,
      args: async () => [projectId],
      may: ["owner", "admin"],
    },
    {
      name: "inviteMemberAction",
      file: "invitations.ts",
      page: () => "/dashboard/settings",
      args: async () => [
        { organizationId: orgId, email: `friend-${Math.random()}@example.com`, role: "member" },
      ],
      may: ["owner", "admin"],
    },
    {
      name: "changeRoleAction",
      file: "members.ts",
      page: () => "/dashboard/settings",
      args: async () => [{ organizationId: orgId, membershipId: await memberId(), role: "member" }],
      may: ["owner", "admin"],
    },
  ];

  it.each(rows)("$name: only $may", async (row) => {
    const action = actionAt(`lib/dashboard/actions/${row.file}`, row.name, row.page());
    for (const who of ["member", "elsewhere", "stranger", "owner", "admin"] as Who[]) {
      const result = await callAction<{ ok: boolean; error?: string }>(app, action, await row.args(), {
        cookie: cookieOf(who),
      });
      expect({ who, ok: result.ok, error: result.error }).toMatchObject({ who, ok: row.may.includes(who) });
    }
    // And nobody signed in at all.
    expect((await callAction<{ ok: boolean }>(app, action, await row.args())).ok).toBe(false);
  });

  it("cancelling a destination's pending webhook deliveries needs an owner or admin (issue 26 §9)", async () => {
    const action = actionAt(
      "lib/dashboard/actions/webhooks.ts",
      "cancelPendingDeliveriesAction",
      `${projectPage()}/webhooks`,
    );
    const url = `https://receiver-${stamp}.example.com/hook`;
    // Two deliveries waiting for that destination (test events of the project: no request needed).
    for (const n of [1, 2])
      await app.sql(
        `INSERT INTO "WebhookDelivery" (id, "projectId", event, url, state) VALUES ($1, $2, 'webhook.test', $3, 'pending')`,
        [`wd-${n}-${stamp}`, projectId, url],
      );
    const states = async () =>
      (
        await app.sql<{ state: string }>(
          `SELECT state::text FROM "WebhookDelivery" WHERE url = $1 ORDER BY id`,
          [url],
        )
      ).map((r) => r.state);
    for (const who of ["member", "elsewhere", "stranger"] as Who[]) {
      expect(await callAction(app, action, [projectId, url], { cookie: cookieOf(who) })).toMatchObject({
        ok: false,
      });
      expect(await states()).toEqual(["pending", "pending"]);
    }
    expect(await callAction(app, action, [projectId, url])).toMatchObject({ ok: false }); // not signed in
    expect(await states()).toEqual(["pending", "pending"]);
    expect(await callAction(app, action, [projectId, url], { cookie: cookieOf("admin") })).toEqual({
      ok: true,
      cancelled: 2,
    });
    expect(await states()).toEqual(["cancelled", "cancelled"]);
  });

  it("rotating a key needs an owner or admin of the current organization", async () => {
    const action = actionAt("lib/dashboard/actions/keys.ts", "rotateKeyAction", projectPage());
    for (const who of ["member", "elsewhere", "stranger"] as Who[])
      expect(
        await callAction(app, action, [projectId, await keyId()], { cookie: cookieOf(who) }),
      ).toMatchObject({ ok: false });
    expect(
      await callAction(app, action, [projectId, await keyId()], { cookie: cookieOf("admin") }),
    ).toMatchObject({ ok: true });
  });

  it("the switcher accepts only an organization of one's own; a forged ptd_org cookie changes nothing", async () => {
    const change = actionAt("lib/dashboard/actions/members.ts", "switchOrganizationAction", "/dashboard");
    expect(await callAction(app, change, [orgId], { cookie: people.stranger.cookie })).toEqual({
      ok: false,
      error: "You are not a member of this organization.",
    });
    expect(await seesProject(cookieOf("stranger"))).toBe(false);
    // A member of two organizations sees the project only with this one current.
    expect(await seesProject(cookieOf("elsewhere"))).toBe(false);
    expect(await seesProject(`${people.elsewhere.cookie}; ptd_org=${orgId}`)).toBe(true);
  });

  it("only an owner makes an owner; the last owner can be neither demoted nor leave", async () => {
    const change = actionAt("lib/dashboard/actions/members.ts", "changeRoleAction", "/dashboard/settings");
    const leave = actionAt(
      "lib/dashboard/actions/members.ts",
      "leaveOrganizationAction",
      "/dashboard/settings",
    );
    const asOwner = { organizationId: orgId, membershipId: await memberId(), role: "owner" };
    expect(await callAction(app, change, [asOwner], { cookie: cookieOf("admin") })).toMatchObject({
      ok: false,
      error: expect.stringContaining("Only an owner"),
    });
    const [own] = await app.sql<{ id: string }>(
      `SELECT id FROM "Membership" WHERE "userId" = $1 AND "organizationId" = $2`,
      [people.owner.userId, orgId],
    );
    expect(
      await callAction(app, change, [{ organizationId: orgId, membershipId: own.id, role: "admin" }], {
        cookie: cookieOf("owner"),
      }),
    ).toMatchObject({ ok: false, error: expect.stringContaining("last owner") });
    expect(await callAction(app, leave, [orgId], { cookie: cookieOf("owner") })).toMatchObject({
      ok: false,
      error: expect.stringContaining("last owner cannot leave"),
    });
    // A member may leave.
    expect(await callAction(app, leave, [orgId], { cookie: cookieOf("member") })).toEqual({ ok: true });
    expect(await seesProject(cookieOf("member"))).toBe(false);
  });

  it("removing a member ends their access to the organization at their next request", async () => {
    const remove = actionAt("lib/dashboard/actions/members.ts", "removeMemberAction", "/dashboard/settings");
    const playground = actionAt(
      "lib/dashboard/actions/project.ts",
      "revealWebhookSecretAction",
      projectPage(),
    );
    expect(await callAction(app, playground, [projectId], { cookie: cookieOf("admin") })).toMatchObject({
      ok: true,
    });
    const [adm] = await app.sql<{ id: string }>(
      `SELECT id FROM "Membership" WHERE "userId" = $1 AND "organizationId" = $2`,
      [people.admin.userId, orgId],
    );
    expect(
      await callAction(app, remove, [{ organizationId: orgId, membershipId: adm.id }], {
        cookie: cookieOf("owner"),
      }),
    ).toEqual({ ok: true, removed: people.admin.email });
    expect(await callAction(app, playground, [projectId], { cookie: cookieOf("admin") })).toEqual({
      ok: false,
      error: "No such project in the current organization.",
    });
  });
});
