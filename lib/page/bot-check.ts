/**
 * Anti-bot interstitials (spec 7.4 "The page asked us to complete a bot check…"). The markers are
 * specific to challenge pages, not to sites that merely use the vendor: Cloudflare injects its
 * challenge-platform script into ordinary pages too, so a script alone never counts; a captcha
 * widget only counts on a page with almost no other text (a contact form has a captcha too).
 */
import type { Page } from "playwright-core";

/** Header evidence: Cloudflare marks challenge responses explicitly; DataDome blocks with 403. */
export function botCheckFromHeaders(status: number, headers: Record<string, string>): string | null {
  if (headers["cf-mitigated"] === "challenge") return "cloudflare";
  if ((status === 403 || status === 429) && headers["x-datadome"] !== undefined) return "datadome";
  return null;
}

// Source text, not a function: bundlers (esbuild keepNames under tsx/vitest) wrap named inner
// functions in helpers that do not exist inside the page. Cheap checks first: reading innerText
// forces layout, so it only happens when a marker is already present.
export const DETECT_BOT_CHECK_JS = `(() => {
  const title = document.title.trim().toLowerCase();
  const q = (s) => document.querySelector(s) !== null;
  const textLength = () => ((document.body && document.body.innerText) || "").trim().length;
  if (/^just a moment(\\.|…)*$/.test(title) || title.startsWith("attention required! | cloudflare")) return "cloudflare";
  if (q("#challenge-form, #challenge-running, #challenge-stage, #cf-challenge-running, form[action*='__cf_chl']")) return "cloudflare";
  if (typeof window._cf_chl_opt !== "undefined" && textLength() < 2000) return "cloudflare";
  if (q("#px-captcha")) return "perimeterx";
  if (title === "access to this page has been denied" && textLength() < 2000) return "perimeterx";
  if (q("iframe[src*='captcha-delivery.com'], script[src*='captcha-delivery.com']") && textLength() < 2000) return "datadome";
  if (q("iframe[src*='/recaptcha/'], iframe[src*='hcaptcha.com'], .g-recaptcha, .h-captcha, .cf-turnstile") && textLength() < 600) return "captcha";
  return "";
})()`;

/**
 * The challenge vendor shown by the current document, "" when none, or undefined when the
 * document changed under us (a challenge reloading into the real page) and the answer is unknown.
 */
export async function detectBotCheck(page: Page): Promise<string | undefined> {
  try {
    return (await page.evaluate(DETECT_BOT_CHECK_JS)) as string;
  } catch {
    return undefined;
  }
}

/**
 * Give a challenge up to `maxMs` to clear itself (JS challenges often do, by reloading into the
 * real page). True when a settled document no longer looks like a challenge.
 */
export async function waitForBotCheckToClear(page: Page, maxMs: number, intervalMs = 250): Promise<boolean> {
  const deadline = Date.now() + maxMs;
  while (Date.now() < deadline) {
    await page.waitForTimeout(Math.min(intervalMs, Math.max(1, deadline - Date.now())));
    await page
      .waitForLoadState("load", { timeout: Math.max(1, deadline - Date.now()) })
      .catch(() => undefined);
    if ((await detectBotCheck(page)) === "") return true;
  }
  return false;
}
