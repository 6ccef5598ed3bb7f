/**
 * Anti-bot interstitials (spec 7.4 "The page asked us to complete a bot check…"). The markers are
 * specific to challenge pages, not to sites that merely use the vendor: Cloudflare injects its
 * challenge-platform script into ordinary pages too, so a script alone never counts; a captcha
 * widget only counts on a page with almost no other text (a contact form has a captcha too).
 */
import type { Page } from "playwright-core";

/**
 * Header evidence: Cloudflare and Vercel mark challenge responses explicitly; AWS WAF answers a
 * challenge with 202 and a CAPTCHA with 405, both marked (a 2xx that would otherwise pass as the
 * page); DataDome blocks with 403.
 */
export function botCheckFromHeaders(status: number, headers: Record<string, string>): string | null {
  if (headers["cf-mitigated"] === "challenge") return "cloudflare";
  if (headers["x-vercel-mitigated"] === "challenge") return "vercel";
  if (/^(challenge|captcha)$/i.test(headers["x-amzn-waf-action"] ?? "")) return "aws-waf";
  if ((status === 403 || status === 429) && headers["x-datadome"] !== undefined) return "datadome";
  return null;
}

/**
 * Titles of challenge pages (as lower case): Anubis's, go-away's, Vercel's checkpoint, DDoS-Guard's,
 * Sucuri's firewall, Akamai's and Distil's "Pardon Our Interruption", and the generic ones. The
 * whole title: the phrase, its punctuation, then at most a separator and the site's name ("Human
 * Verification | Shop") or "before accessing …"; a short page about the subject ("Human
 * verification: how our sign-up checks work") goes on.
 */
const CHALLENGE_TITLE =
  /^(making sure you('|\u2019)re not a bot|checking you are not a bot|vercel security checkpoint|ddos-guard|sucuri website firewall|pardon our interruption|human verification|bot verification|are you a robot|robot or human|verifying you are (a )?human|verify you are (a )?human|checking your browser|please wait while we verify|client challenge|one more step)( required| needed| check)?[.…!?]*(\s*([|\u2013\u2014\u00b7\u2022-]|before accessing)\s.*)?$/;

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
  // Proof-of-work walls against scrapers (Anubis, go-away): they explain themselves at some length
  // and clear by themselves in a browser.
  if (q("script#anubis_challenge, [src*='/.within.website/x/cmd/anubis/'], [href*='/.within.website/x/cmd/anubis/']") && textLength() < 4000) return "anubis";
  if (q("[src*='/go-away/cmd/go-away/'], [href*='/go-away/cmd/go-away/']") && textLength() < 4000) return "go-away";
  if ((typeof window.gokuProps !== "undefined" || q("script[src*='awswaf.com/']")) && textLength() < 2000) return "aws-waf";
  if (q("iframe[src*='_Incapsula_Resource']") && textLength() < 2000) return "imperva";
  if (q("[src*='/.well-known/ddos-guard/']") && textLength() < 2000) return "ddos-guard";
  if (q("[src*='/hcdn-cgi/jschallenge'], [action*='/hcdn-cgi/jschallenge']") && textLength() < 2000) return "hostinger";
  // A wall that names itself in its title, whatever its vendor; a page about robots has more to say.
  if (new RegExp(${JSON.stringify(CHALLENGE_TITLE.source)}).test(title) && textLength() < 1500) return "challenge";
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
