import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { startApp, type App } from "../support/app";
import { startLocalSite, type LocalSite } from "../support/local-site";
import { E2E_STEP_TIMEOUT_MS } from "../support/e2e-timeouts";
import { actionAt, callAction, firstKey, signUpConfirmed } from "../accounts/http-helpers";

/**
 * Issue 26 in real Chromium against `next start`: an existing user invited into a second
 * organization accepts, switches between the two and sees the inviting one's usage; a member is
 * refused key creation and invitations both in the page and by direct POST; named keys rotate one
 * at a time, the replaced one living 24 hours (database time travel) until its own "Stop accepting
 * old key"; an admin removes the member, whose very next request is refused.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/lib/chromium/chromium";
const SHOTS = process.env.E2E_SCREENSHOTS; // a folder: a PNG of each step, for a visual check
const stamp = Date.now();
const ada = { email: `ada+${stamp}@example.com`, password: "ada-password-1", org: "Acme Analytics" };
const bob = { email: `bob+${stamp}@example.com`, password: "bob-password-1", org: "Bee Personal" };

describe("teams: members, organizations and named keys", { timeout: 240_000 }, () => {
  let site: LocalSite;
  let app: App;
  let browser: Browser;
  let ctxA: BrowserContext;
  let ctxB: BrowserContext;
  let pageA: Page;
  let pageB: Page;
  let acme = { organizationId: "", projectId: "", apiKey: "" };
  let bee = { organizationId: "" };

  const signUp = async (who: typeof ada) => {
    const { organizationId, projectId } = await signUpConfirmed(app, {
      name: who.email.split("+")[0],
      organization: who.org,
      email: who.email,
      password: who.password,
    });
    return { organizationId, projectId, apiKey: await firstKey(app, projectId) };
  };
  const signInIn = async (page: Page, who: typeof ada) => {
    await page.goto(`${app.url}/login`);
    await page.waitForLoadState("networkidle");
    await page.fill("#email", who.email);
    await page.fill("#password", who.password);
    await page.click("button[type=submit]");
    await page.waitForURL(/\/dashboard$/);
  };
  /** Opens a page and waits until its scripts are loaded, so buttons and selects are live. */
  const open = async (page: Page, path: string) => {
    await page.goto(app.url + path);
    await page.waitForLoadState("networkidle");
  };
  const shot = async (page: Page, name: string) => {
    if (!SHOTS) return;
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `teams-${name}.png`), fullPage: true });
  };
  const cookieOf = async (ctx: BrowserContext) =>
    (await ctx.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const creditsRemaining = async (page: Page) =>
    Number((await page.locator("[data-testid=credits-remaining]").textContent())?.replace(/,/g, ""));
  const remainingOf = async (organizationId: string) =>
    (
      await app.sql<{ n: number }>(
        `SELECT ("monthlyCredits" - "creditsUsed")::int AS n FROM "Organization" WHERE id = $1`,
        [organizationId],
      )
    )[0].n;
  /** An invalid URL is refused after authentication (422) and before any work: probes a key for free. */
  const probe = async (key: string) =>
    (await app.post("/api/html", { url: "http://localhost/", sync: true }, key)).status;

  beforeAll(async () => {
    site = await startLocalSite();
    [app, browser] = await Promise.all([
      startApp({
        PAGE_TEST_HOSTS: site.hostsEnv,
        RESEND_API_KEY: "",
        EMAIL_DEV_OUTBOX: "1",
        API_KEY_CACHE_MS: "0", // time travel on key rows shows at the next request
      }),
      chromium.launch({ executablePath: CHROMIUM, args: ["--headless", "--no-sandbox", "--disable-gpu"] }),
    ]);
    [ctxA, ctxB] = await Promise.all([browser.newContext(), browser.newContext()]);
    [pageA, pageB] = await Promise.all([ctxA.newPage(), ctxB.newPage()]);
    for (const p of [pageA, pageB]) p.setDefaultTimeout(E2E_STEP_TIMEOUT_MS);
    acme = await signUp(ada);
    bee = await signUp(bob);
    // Acme has spent a credit: the usage Bob should see once he switches to Acme.
    const spent = await app.post("/api/html", { url: "http://article.test/", sync: true }, acme.apiKey);
    expect(spent.status).toBe(200);
    await Promise.all([signInIn(pageA, ada), signInIn(pageB, bob)]);
  });

  afterAll(async () => {
    if (process.env.E2E_LOGS) console.log(app?.logs.join(""));
    await browser?.close();
    await app?.stop();
    await site?.close();
  });

  it("an invited existing user accepts, is told so, and switches to the inviting organization's usage", async () => {
    await open(pageA, "/dashboard/settings");
    await pageA.getByLabel("Email", { exact: true }).fill(bob.email);
    await pageA.getByRole("button", { name: "Invite" }).click();
    await pageA.locator("[data-testid=pending-invitations]", { hasText: bob.email }).waitFor();
    await pageA.getByRole("button", { name: `Resend to ${bob.email}` }).click();
    await pageA.getByText(`Sent again to ${bob.email}.`).waitFor();
    await shot(pageA, "01-settings-pending-invitation");
    const mails = await app.sql<{ text: string }>(
      `SELECT text FROM "OutboxEmail" WHERE "to" = $1 AND subject LIKE 'Join%' ORDER BY "createdAt" DESC`,
      [bob.email],
    );
    expect(mails).toHaveLength(2);
    const link = /http\S+\/invite\?token=[\w-]+/.exec(mails[0].text)![0];

    await open(pageB, "/dashboard");
    await expect(pageB.locator("h1").first().textContent()).resolves.toContain(bob.org);
    await open(pageB, new URL(link).pathname + new URL(link).search);
    await pageB.getByRole("button", { name: "Accept the invitation" }).click();
    await pageB.waitForURL(/\/dashboard\?joined=/);
    await pageB.locator("[data-testid=joined-organization]", { hasText: `You joined ${ada.org}` }).waitFor();
    expect(await remainingOf(acme.organizationId)).toBeLessThan(await remainingOf(bee.organizationId));
    expect(await creditsRemaining(pageB)).toBe(await remainingOf(acme.organizationId));
    await shot(pageB, "02-joined-overview");

    // Switch to his own organization and back; the choice survives a reload.
    await pageB.waitForLoadState("networkidle");
    await pageB.selectOption("#org-switcher-side", bee.organizationId);
    await pageB.waitForURL(/\/dashboard$/);
    await expect(pageB.locator("h1").first().textContent()).resolves.toContain(bob.org);
    expect(await creditsRemaining(pageB)).toBe(await remainingOf(bee.organizationId));
    await pageB.waitForLoadState("networkidle");
    await pageB.selectOption("#org-switcher-side", acme.organizationId);
    await pageB.locator("h1", { hasText: ada.org }).waitFor(); // the full load the switch makes
    await pageB.reload();
    await expect(pageB.locator("h1").first().textContent()).resolves.toContain(ada.org);
    expect(await creditsRemaining(pageB)).toBe(await remainingOf(acme.organizationId));
  });

  it("a member cannot create keys or invite: not offered in the page, refused by direct POST", async () => {
    await open(pageB, `/dashboard/projects/${acme.projectId}`);
    await pageB.getByText("Only owners and admins can create, rotate or revoke keys.").waitFor();
    expect(await pageB.locator("#new-key-name").count()).toBe(0);
    expect(await pageB.getByRole("button", { name: /Rotate|Revoke/ }).count()).toBe(0);
    await open(pageB, "/dashboard/settings");
    await pageB.locator(`[data-testid=member-row][data-email="${bob.email}"][data-role=member]`).waitFor();
    expect(await pageB.locator("[data-testid=invite-form]").count()).toBe(0);
    await shot(pageB, "03-member-settings");

    const cookie = await cookieOf(ctxB);
    const keysBefore = await app.sql(`SELECT id FROM "ApiKey" WHERE "projectId" = $1`, [acme.projectId]);
    const projectPage = `/dashboard/projects/${acme.projectId}`;
    const create = actionAt("lib/dashboard/actions/keys.ts", "createKeyAction", projectPage);
    const rotate = actionAt("lib/dashboard/actions/keys.ts", "rotateKeyAction", projectPage);
    const invite = actionAt(
      "lib/dashboard/actions/invitations.ts",
      "inviteMemberAction",
      "/dashboard/settings",
    );
    const refused = { ok: false, error: "Only an owner or admin of the organization can do this." };
    expect(await callAction(app, create, [acme.projectId, "Sneaky"], { cookie })).toEqual(refused);
    expect(await callAction(app, rotate, [acme.projectId, String(keysBefore[0].id)], { cookie })).toEqual(
      refused,
    );
    expect(
      await callAction(
        app,
        invite,
        [{ organizationId: acme.organizationId, email: "friend@example.com", role: "admin" }],
        { cookie },
      ),
    ).toEqual(refused);
    const keysAfter = await app.sql(`SELECT id FROM "ApiKey" WHERE "projectId" = $1`, [acme.projectId]);
    expect(keysAfter).toHaveLength(keysBefore.length);
    expect(await app.sql(`SELECT id FROM "Invitation" WHERE email = 'friend@example.com'`)).toHaveLength(0);
  });

  it("rotating one named key leaves the others alone; the old one works 24 h until its own stop", async () => {
    const keyRow = (name: string, state: string) =>
      pageA.locator(`[data-testid=key-row][data-name="${name}"][data-state=${state}]`);
    const shownKey = async () => (await pageA.locator("[data-testid=api-key-value]").textContent())!.trim();
    await open(pageA, `/dashboard/projects/${acme.projectId}`);
    const created: Record<string, string> = {};
    for (const name of ["CI", "Staging"]) {
      await pageA.getByLabel("Key name").fill(name);
      await pageA.getByRole("button", { name: "Create key" }).click();
      await pageA.getByText(`New key “${name}” created`).waitFor();
      created[name] = await shownKey();
      await keyRow(name, "active").waitFor();
    }
    await pageA.getByRole("button", { name: "Rotate key CI" }).click();
    await pageA.getByText("Key “CI” rotated: here is the new key").waitFor();
    const newCi = await shownKey();
    await keyRow("CI", "grace").waitFor();
    expect(await keyRow("Staging", "active").count()).toBe(1);
    expect(await keyRow("Default key", "active").count()).toBe(1);
    expect(await keyRow("Staging", "grace").count()).toBe(0);
    expect(await pageA.getByText("The replaced key stays accepted for 24 hours").count()).toBe(1);
    const [grace] = await app.sql<{ hours: number }>(
      `SELECT EXTRACT(EPOCH FROM ("graceUntil" - now())) / 3600 AS hours FROM "ApiKey"
        WHERE "projectId" = $1 AND state = 'grace'`,
      [acme.projectId],
    );
    expect(Number(grace.hours)).toBeGreaterThan(23.9);
    expect(Number(grace.hours)).toBeLessThanOrEqual(24);
    expect([await probe(created.CI), await probe(newCi), await probe(created.Staging)]).toEqual([
      422, 422, 422,
    ]);

    // Time travel: 23 h 50 min later the replaced CI key is still accepted.
    await app.sql(
      `UPDATE "ApiKey" SET "graceUntil" = "graceUntil" - interval '23 hours 50 minutes'
        WHERE "projectId" = $1 AND state = 'grace'`,
      [acme.projectId],
    );
    expect(await probe(created.CI)).toBe(422);

    // Staging rotated too; then stopping CI's old key stops that one alone.
    await open(pageA, `/dashboard/projects/${acme.projectId}`);
    await pageA.getByRole("button", { name: "Rotate key Staging" }).click();
    await keyRow("Staging", "grace").waitFor();
    await pageA.getByRole("button", { name: "Stop accepting old key CI" }).click();
    await pageA.getByRole("button", { name: "Yes, stop now" }).click();
    await keyRow("CI", "revoked").waitFor();
    expect(await keyRow("Staging", "grace").count()).toBe(1);
    await shot(pageA, "04-keys-after-stop");
    expect([await probe(created.CI), await probe(created.Staging), await probe(newCi)]).toEqual([
      401, 422, 422,
    ]);

    // And a replaced key nobody stops ends by itself after its 24 hours.
    await app.sql(
      `UPDATE "ApiKey" SET "graceUntil" = now() - interval '1 second' WHERE "projectId" = $1 AND state = 'grace'`,
      [acme.projectId],
    );
    expect(await probe(created.Staging)).toBe(401);
    await open(pageA, `/dashboard/projects/${acme.projectId}`);
    await keyRow("Staging", "expired").waitFor();
  });

  it("an admin removes the member, whose next request is refused; the last owner cannot leave", async () => {
    await open(pageA, "/dashboard/settings");
    await pageA.getByRole("button", { name: `Remove ${bob.email}` }).click();
    await pageA.getByRole("button", { name: `Yes, remove ${bob.email}` }).click();
    await pageA.locator(`[data-testid=member-row][data-email="${bob.email}"]`).waitFor({ state: "detached" });

    // Bob's browser still says Acme in its cookie: the membership read on this request wins.
    await open(pageB, `/dashboard/projects/${acme.projectId}`);
    await pageB.locator("[data-testid=page-not-found]").waitFor();
    await open(pageB, "/dashboard");
    await expect(pageB.locator("h1").first().textContent()).resolves.toContain(bob.org);
    const result = await callAction(
      app,
      actionAt(
        "lib/dashboard/actions/project.ts",
        "updateProjectSettingsAction",
        `/dashboard/projects/${acme.projectId}`,
      ),
      [acme.projectId, { robotsPolicy: "follow", webhookUrl: "" }],
      { cookie: `${await cookieOf(ctxB)}; ptd_org=${acme.organizationId}` },
    );
    expect(result).toEqual({ ok: false, error: "No such project in the current organization." });

    await open(pageA, "/dashboard/settings");
    await pageA.getByRole("button", { name: `Leave ${ada.org}` }).click();
    await pageA.getByRole("button", { name: `Yes, leave ${ada.org}` }).click();
    await pageA.getByText(/The last owner cannot leave/).waitFor();
  });
});
