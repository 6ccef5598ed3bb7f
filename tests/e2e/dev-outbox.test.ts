import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { startApp, type App } from "../support/app";
import { E2E_STEP_TIMEOUT_MS } from "../support/e2e-timeouts";
import { holdScripts } from "../support/hold-scripts";
import { mailedLink, mailsTo, signInAs, signUpConfirmed, submitSignUp } from "../support/accounts";

/**
 * Issue 26 point 5 in real Chromium against `next start`: in development mode (EMAIL_DEV_OUTBOX=1,
 * no RESEND_API_KEY) the confirmation banner points at the dev outbox; signed out, "Forgot
 * password" leads to /dev-outbox, which shows the reset mail just asked for and nobody else's;
 * links are built from APP_URL (the harness sets it to the server's own address). Without the
 * development mode none of it exists.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/lib/chromium/chromium";
const COOKIE = "ptd_dev_outbox";

// Each account is signed up, confirmed and signed in (two password hashes of 128 MiB each): on a
// loaded 2-core CI machine one test took 180 s.
describe("the dev outbox, signed in and signed out", { timeout: 300_000 }, () => {
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

  /** An account signed in before sign-in needed a confirmed address: the banner's only audience now. */
  const unconfirm = (on: App, email: string) =>
    on.sql(`UPDATE "User" SET "emailVerified" = NULL WHERE email = $1`, [email]);

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

  it("sign-up's answer links to the dev outbox, which shows the confirmation email; links use APP_URL", async () => {
    const page = await newPage();
    await submitSignUp(page, app, { email: ada });
    await page.getByTestId("dev-outbox-link").click();
    await page.waitForURL(/\/dev-outbox$/);
    const mails = page.locator("[data-testid=outbox] > li");
    await expect(mails.count()).resolves.toBe(1);
    await expect(mails.textContent()).resolves.toContain("Confirm your email address for page-to-data");
    const link = page.getByTestId("outbox-link");
    // APP_URL is the address the browser is on (127.0.0.1, not localhost): the session carries over.
    expect(app.env.APP_URL).toBe(app.url);
    expect(await link.getAttribute("href")).toMatch(new RegExp(`^${app.url}/confirm\\?token=`));
    await link.click();
    await page.getByTestId("confirm-result").waitFor();
    await signInAs(page, app, ada);
    expect(await page.getByTestId("email-unconfirmed-banner").count()).toBe(0);
    await page.getByTestId("first-key").waitFor();

    // The banner, for a session of an unconfirmed account, says the link is in the dev outbox.
    await unconfirm(app, ada);
    await page.goto(`${app.url}/dashboard/projects`);
    const banner = page.getByTestId("email-unconfirmed-banner");
    await expect(banner.textContent()).resolves.toContain("is in the dev outbox");
    await banner.getByTestId("banner-outbox-link").click();
    await page.waitForURL(/\/dashboard#dev-outbox$/);
    await page.locator("#dev-outbox [data-testid=outbox-link]").first().waitFor();
    await app.sql(`UPDATE "User" SET "emailVerified" = now() WHERE email = $1`, [ada]);
  });

  it("sign-up with an existing address: the same answer, no session, and an 'already have an account' email", async () => {
    const fresh = await newPage();
    await submitSignUp(fresh, app, { email: `dan+${stamp}@example.com`, password: "a new horse battery" });
    const again = await newPage();
    await submitSignUp(again, app, { email: ada, password: "a guessed horse battery" });
    const answer = async (p: Page, email: string) =>
      (await p.getByTestId("signup-done").innerText()).replace(email, "ADDRESS");
    expect(await answer(again, ada)).toBe(await answer(fresh, `dan+${stamp}@example.com`));
    for (const p of [fresh, again]) {
      expect((await p.context().cookies()).map((c) => c.name)).not.toContain("next-auth.session-token");
      await p.goto(`${app.url}/dashboard`);
      await p.waitForURL(/\/login\?callbackUrl=/);
    }
    // Only the email tells them apart: this browser's dev outbox shows the one it sent.
    await again.goto(`${app.url}/dev-outbox`);
    const mail = again.locator("[data-testid=outbox] > li");
    await expect(mail.count()).resolves.toBe(1);
    await expect(mail.textContent()).resolves.toContain("You already have a page-to-data account");
    const links = again.getByTestId("outbox-link");
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual([
      `${app.url}/login`,
      `${app.url}/forgot-password`,
    ]);
    expect((await mailsTo(app, ada)).map((m) => m.subject)).toEqual([
      "Confirm your email address for page-to-data",
      "You already have a page-to-data account",
    ]);
    // Nothing changed for ada: the password typed into the sign-up form does not sign in.
    await again.goto(`${app.url}/login`);
    await again.locator("form[data-form-ready]").waitFor();
    await again.fill("#email", ada);
    await again.fill("#password", "a guessed horse battery");
    await again.click("button[type=submit]");
    await again.getByText(/Wrong email or password/).waitFor();
  });

  it("signed out: the reset page links to the dev outbox, which shows that address's reset email", async () => {
    await signUpConfirmed(await newPage(), app, { email: bob });

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
      const carol = `carol+${stamp}@example.com`;
      await submitSignUp(page, plain, { email: carol });
      expect(await page.getByTestId("dev-outbox-link").count()).toBe(0);
      await page.goto(await mailedLink(plain, carol, "confirm"));
      await page.getByTestId("confirm-result").waitFor();
      await signInAs(page, plain, carol);
      await unconfirm(plain, carol);
      await page.goto(`${plain.url}/dashboard`);
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
  }, 120_000);
});
