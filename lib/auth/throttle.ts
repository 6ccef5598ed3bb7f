import { limiter, type LimitRule } from "@/lib/limits";

/**
 * Limits on account endpoints, shared by every process of a deployment (lib/limits picks Redis,
 * PostgreSQL or, on the one-process embedded database, memory). Each is spent BEFORE the work it
 * guards, so a parallel burst cannot get ahead of its own failures. Numbers can be changed per
 * deployment; they are read once per process.
 */
function envInt(name: string, fallback: number): number {
  const n = Number(process.env[name]);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

const FIFTEEN_MINUTES = 15 * 60;
const HOUR = 3600;

export const rules = {
  /** Password guesses against one account, from anywhere. */
  signInAccount: (): LimitRule => ({
    name: "signin-account",
    points: envInt("SIGNIN_LIMIT_PER_ACCOUNT", 10),
    windowSeconds: FIFTEEN_MINUTES,
    blockSeconds: FIFTEEN_MINUTES,
  }),
  /** Sign-in attempts from one client address, over any accounts. */
  signInAddress: (): LimitRule => ({
    name: "signin-address",
    points: envInt("SIGNIN_LIMIT_PER_ADDRESS", 50),
    windowSeconds: FIFTEEN_MINUTES,
    blockSeconds: FIFTEEN_MINUTES,
  }),
  signUpAddress: (): LimitRule => ({
    name: "signup-address",
    points: envInt("SIGNUP_LIMIT_PER_ADDRESS", 5),
    windowSeconds: HOUR,
  }),
  signUpDomain: (): LimitRule => ({
    name: "signup-domain",
    points: envInt("SIGNUP_LIMIT_PER_DOMAIN", 20),
    windowSeconds: HOUR,
  }),
  /** "Forgot password" and invitation mails: not a way to flood an inbox or our sender reputation. */
  mailAddress: (): LimitRule => ({ name: "mail-address", points: 10, windowSeconds: HOUR }),
  mailRecipient: (): LimitRule => ({ name: "mail-recipient", points: 3, windowSeconds: HOUR }),
} as const;

export type RuleName = keyof typeof rules;

function inWords(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/**
 * Spends one point of `rule` for `key`: null when allowed, else the sentence to show, built by
 * `message` from the wait in words ("Try again in 14 minutes.").
 */
export async function spend(
  rule: RuleName,
  key: string,
  message: (wait: string) => string,
): Promise<string | null> {
  const verdict = await limiter(rules[rule]()).consume(key);
  return verdict.allowed ? null : message(inWords(verdict.retryAfterSeconds));
}

export async function forget(rule: RuleName, key: string): Promise<void> {
  await limiter(rules[rule]()).reset(key);
}
