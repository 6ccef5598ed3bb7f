import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { startApp, type App } from "../support/app";
import { E2E_STEP_TIMEOUT_MS } from "../support/e2e-timeouts";
import { holdScripts } from "../support/hold-scripts";

/**
 * Issue 26 point 5 in real Chromium against `next start`: in development mode (EMAIL_DEV_OUTBOX=1,
 * no RESEND_API_KEY) the confirmation banner points at the dev outbox; signed out, "Forgot
 * password" leads to /dev-outbox, which shows the reset mail just asked for and nobody else's;
 * links are built from APP_URL (the harness sets it to the server's own address). Without the
 * development mode none of it exists.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/lib/chromium/chromium";
const COOKIE = "ptd_dev_outbox";

describe("the dev outbox, signed in and signed out", { timeout: 180_000 }, () => {
  let app: App;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const stamp = Date.now();
  const ada = `ada+${stamp}@example.com`;
  const bob = `bob+${stamp}@example.com`;

  const newPage = async (): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(E2E_STEP_TIMEOUT_MS);
    return page;
  };

  const signUp = async (page: Page, base: string, email: string) => {
    await page.goto(`${base}/signup`);
    await page.fill("#name", "Tester");
    await page.fill("#organization", `Org ${email}`);
    await page.fill("#email", email);
    await page.fill("#password", "correct horse battery");
    await page.click("button[type=submit]");
    await page.getByRole("button", { name: /continue to the dashboard/i }).click();
    await page.waitForURL(/\/dashboard$/);
  };

  /** Asks for a reset of `email` signed out and follows the "check the dev outbox" link. */
  const askForReset = async (page: Page, email: string) => {
    await page.goto(`${app.url}/forgot-password`);
    await page.fill("#email", email);
    await page.getByRole("button", { name: "Email me a reset link" }).click();
    await page.getByTestId("forgot-done").waitFor();
    await page.getByTestId("dev-outbox-link").click();
    await page.waitForURL(/\/dev-outbox$/);
    await page.getByTestId("dev-outbox").waitFor();
  };

  beforeAll(async () => {
    [app, browser] = await Promise.all([
      startApp({ RESEND_API_KEY: "", EMAIL_DEV_OUTBOX: "1" }),
      chromium.launch({ executablePath: CHROMIUM, args: ["--headless", "--no-sandbox", "--disable-gpu"] }),
    ]);
  });

  afterAll(async () => {
    if (process.env.E2E_LOGS) console.log(app?.logs.join(""));
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    await app?.stop();
  });

  it("the confirmation banner says the link is in the dev outbox and goes there; links use APP_URL", async () => {
    const page = await newPage();
    await signUp(page, app.url, ada);
    await page.goto(`${app.url}/dashboard/projects`);
    const banner = page.getByTestId("email-unconfirmed-banner");
    await expect(banner.textContent()).resolves.toContain("is in the dev outbox");
    await banner.getByTestId("banner-outbox-link").click();
    await page.waitForURL(/\/dashboard#dev-outbox$/);
    const link = page.locator("#dev-outbox [data-testid=outbox-link]").first();
    await link.waitFor();
    // APP_URL is the address the browser is on (127.0.0.1, not localhost): the session carries over.
    expect(app.env.APP_URL).toBe(app.url);
    expect(await link.getAttribute("href")).toMatch(new RegExp(`^${app.url}/confirm\\?token=`));
    await link.click();
    await page.getByTestId("confirm-result").waitFor();
    await page
      .getByRole("link", { name: /dashboard/i })
      .first()
      .click();
    await page.waitForURL(/\/dashboard$/);
    expect(await page.getByTestId("email-unconfirmed-banner").count()).toBe(0);
  });

  it("signed out: the reset page links to the dev outbox, which shows that address's reset email", async () => {
    const bobPage = await newPage();
    await signUp(bobPage, app.url, bob);

    const page = await newPage();
    await page.goto(`${app.url}/forgot-password`);
    await page.getByTestId("dev-outbox-footer-link").waitFor();
    await askForReset(page, ada);
    const mails = page.locator("[data-testid=outbox] > li");
    await expect(mails.count()).resolves.toBe(1);
    await expect(mails.textContent()).resolves.toContain("Reset your page-to-data password");
    await expect(mails.textContent()).resolves.toContain(`To ${ada}`);
    const links = page.getByTestId("outbox-link");
    await expect(links.count()).resolves.toBe(1);
    expect(await links.getAttribute("href")).toMatch(new RegExp(`^${app.url}/reset-password\\?token=`));
    expect(await page.content()).not.toContain(bob);

    // Someone else's reset, asked for in another browser, does not show here.
    const other = await newPage();
    await askForReset(other, bob);
    await expect(other.locator("[data-testid=outbox] > li").textContent()).resolves.toContain(`To ${bob}`);
    await page.reload();
    await expect(page.locator("[data-testid=outbox] > li").count()).resolves.toBe(1);
    expect(await page.content()).not.toContain(bob);

    // The link works: a new password is set (the reset page links back to the outbox too). The
    // page's scripts are held: until React owns the form its button stays disabled, because a
    // click before that was the browser's own submission, a reload without the link's token (the
    // flaky "stayed on /reset-password" of a loaded CI run).
    const release = await holdScripts(page);
    await links.click();
    await page.getByTestId("dev-outbox-footer-link").waitFor();
    const submit = page.getByRole("button", { name: "Set the new password and sign in" });
    expect(await submit.isDisabled()).toBe(true);
    await release();
    await page.locator("form[data-form-ready]").waitFor();
    await page.getByLabel("New password").fill("another horse battery");
    await submit.click();
    await page.waitForURL(/\/dashboard$/);
  });

  it("signed out: no mail without the pass, with a forged pass, or for an address without an account", async () => {
    const page = await newPage();
    await page.goto(`${app.url}/dev-outbox`);
    await page.getByTestId("dev-outbox").getByText("Nothing to show").waitFor();
    expect(await page.getByTestId("outbox-link").count()).toBe(0);

    // A pass for ada's address, re-addressed to bob's: the signature no longer matches.
    const asker = await newPage();
    await askForReset(asker, ada);
    const [pass] = (await asker.context().cookies()).filter((c) => c.name === COOKIE);
    expect(pass.httpOnly).toBe(true);
    expect(pass.path).toBe("/dev-outbox");
    const [payload, mac] = pass.value.split(".");
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as { e: string; t: number };
    const forged = Buffer.from(JSON.stringify({ ...claims, e: bob })).toString("base64url");
    await page.context().addCookies([{ ...pass, value: `${forged}.${mac}` }]);
    await page.reload();
    await page.getByTestId("dev-outbox").getByText("Nothing to show").waitFor();
    expect(await page.content()).not.toContain(bob);

    await askForReset(page, `nobody+${stamp}@example.com`);
    await page.getByTestId("dev-outbox").getByText("No reset email to").waitFor();
    expect(await page.getByTestId("outbox-link").count()).toBe(0);
  });

  it("without the development mode there is no outbox: no page, no link, no pass", async () => {
    const plain = await startApp({ RESEND_API_KEY: "" });
    try {
      expect((await fetch(`${plain.url}/dev-outbox`)).status).toBe(404);
      const page = await newPage();
      await signUp(page, plain.url, `carol+${stamp}@example.com`);
      const banner = page.getByTestId("email-unconfirmed-banner");
      await banner.waitFor();
      expect(await banner.getByTestId("banner-outbox-link").count()).toBe(0);
      expect(await page.locator("#dev-outbox").count()).toBe(0);

      const out = await newPage();
      await out.goto(`${plain.url}/forgot-password`);
      expect(await out.getByTestId("dev-outbox-footer-link").count()).toBe(0);
      await out.goto(`${plain.url}/reset-password?token=not-a-real-token`);
      expect(await out.getByTestId("dev-outbox-footer-link").count()).toBe(0);
      await out.goto(`${plain.url}/forgot-password`);
      await out.fill("#email", `carol+${stamp}@example.com`);
      await out.getByRole("button", { name: "Email me a reset link" }).click();
      await out.getByTestId("forgot-done").waitFor();
      expect(await out.getByTestId("dev-outbox-link").count()).toBe(0);
      expect((await out.context().cookies()).filter((c) => c.name === COOKIE)).toEqual([]);
    } finally {
      await plain.stop();
    }
  });
});
