/**
 * Accounts as a person makes them, for the end-to-end tests: sign up, open the confirmation link
 * from the email, sign in, create the first API key (a sign-up answers "check your email" and
 * signs nobody in: docs/decisions.md "Generic sign-up answer"). The emails are read from the
 * server's outbox table, where every mail is kept when RESEND_API_KEY is unset, so this works
 * with the dev outbox on or off.
 */
import type { Page } from "playwright-core";
import type { App } from "./app";

export const PASSWORD = "correct horse battery";

export interface NewAccount {
  email: string;
  name?: string;
  organization?: string;
  password?: string;
}

export interface Mail {
  subject: string;
  text: string;
}

/** Every mail sent to `email`, oldest first. */
export async function mailsTo(app: App, email: string): Promise<Mail[]> {
  return app.sql<{ subject: string; text: string }>(
    `SELECT subject, text FROM "OutboxEmail" WHERE lower("to") = lower($1) ORDER BY "createdAt", id`,
    [email],
  );
}

/** The newest link to `<app>/<page>?token=` mailed to `email`. */
export async function mailedLink(
  app: App,
  email: string,
  page: "confirm" | "reset-password",
): Promise<string> {
  const pattern = new RegExp(`https?://\\S+/${page}\\?token=[\\w%-]+`);
  const links = (await mailsTo(app, email)).map((m) => pattern.exec(m.text)?.[0]).filter(Boolean);
  const link = links.at(-1);
  if (!link) throw new Error(`no ${page} link was mailed to ${email}`);
  return link;
}

/** Fills an account form once React owns it (a value typed before hydration may be dropped). */
async function formReady(page: Page): Promise<void> {
  await page.locator("form[data-form-ready]").waitFor();
}

/** Submits the sign-up form; resolves on its "check your email" answer. */
export async function submitSignUp(page: Page, app: App, account: NewAccount): Promise<void> {
  await page.goto(`${app.url}/signup`);
  await formReady(page);
  await page.fill("#name", account.name ?? "Tester");
  await page.fill("#organization", account.organization ?? `Org ${account.email}`);
  await page.fill("#email", account.email);
  await page.fill("#password", account.password ?? PASSWORD);
  await page.click("button[type=submit]");
  await page.getByTestId("signup-done").waitFor();
}

/** Signs in through the sign-in form and waits for the dashboard. */
export async function signInAs(page: Page, app: App, email: string, password = PASSWORD): Promise<void> {
  await page.goto(`${app.url}/login`);
  await formReady(page);
  await page.fill("#email", email);
  await page.fill("#password", password);
  await page.click("button[type=submit]");
  await page.waitForURL(/\/dashboard$/);
}

/** Sign up, open the emailed confirmation link, sign in: ends on the overview, signed in. */
export async function signUpConfirmed(page: Page, app: App, account: NewAccount): Promise<void> {
  await submitSignUp(page, app, account);
  await page.goto(await mailedLink(app, account.email, "confirm"));
  await page.getByTestId("confirm-result").waitFor();
  await signInAs(page, app, account.email, account.password ?? PASSWORD);
}

/**
 * From the overview's "Create your first API key", creates it on the project page; ends there.
 * Returns the key (shown once) and the project's address and id.
 */
export async function createFirstKey(
  page: Page,
  app: App,
  name = "Default key",
): Promise<{ key: string; projectUrl: string; projectId: string }> {
  await page.goto(`${app.url}/dashboard`);
  await page.getByTestId("first-key-link").click();
  await page.waitForURL(/\/dashboard\/projects\/[^/?#]+$/);
  const projectUrl = page.url();
  await page.fill("#new-key-name", name);
  await page.getByRole("button", { name: "Create key" }).click();
  const key = (await page.locator("[data-testid=api-key-value]").textContent())?.trim() ?? "";
  if (!/^ptd_live_/.test(key)) throw new Error(`no key shown: ${key}`);
  return { key, projectUrl, projectId: projectUrl.split("/").pop()! };
}

/** A confirmed account, signed in, with its first key: what most dashboard tests start from. */
export async function signUpWithKey(
  page: Page,
  app: App,
  account: NewAccount,
): Promise<{ key: string; projectUrl: string; projectId: string }> {
  await signUpConfirmed(page, app, account);
  return createFirstKey(page, app);
}
