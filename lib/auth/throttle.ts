import { config } from "@/lib/config";
import { limiter, type LimitRule } from "@/lib/limits";

/**
 * Limits on account endpoints, shared by every process of a deployment (lib/limits picks Redis,
 * PostgreSQL or, on the one-process embedded database, memory). Each is spent BEFORE the work it
 * guards, so a parallel burst cannot get ahead of its own failures. Numbers can be changed per
 * deployment (lib/config); a limiter keeps the numbers it was created with.
 */

const FIFTEEN_MINUTES = 15 * 60;
const HOUR = 3600;

export const rules = {
  /**
   * Password guesses against one account from one client address (key `email|address`): a stranger
   * who exhausts it blocks only their own address, and the owner signs in from theirs.
   */
  signInAccount: (): LimitRule => ({
    name: "signin-account",
    points: config().SIGNIN_LIMIT_PER_ACCOUNT,
    windowSeconds: FIFTEEN_MINUTES,
    blockSeconds: FIFTEEN_MINUTES,
  }),
  /**
   * Guesses against one account from all addresses together: bounds a guesser with many addresses.
   * Reaching it needs many networks; the owner then signs in through a reset link, which clears it.
   */
  signInAccountTotal: (): LimitRule => ({
    name: "signin-account-total",
    points: config().SIGNIN_LIMIT_PER_ACCOUNT_TOTAL,
    windowSeconds: FIFTEEN_MINUTES,
    blockSeconds: FIFTEEN_MINUTES,
  }),
  /** Sign-in attempts from one client address, over any accounts. */
  signInAddress: (): LimitRule => ({
    name: "signin-address",
    points: config().SIGNIN_LIMIT_PER_ADDRESS,
    windowSeconds: FIFTEEN_MINUTES,
    blockSeconds: FIFTEEN_MINUTES,
  }),
  signUpAddress: (): LimitRule => ({
    name: "signup-address",
    points: config().SIGNUP_LIMIT_PER_ADDRESS,
    windowSeconds: HOUR,
  }),
  signUpDomain: (): LimitRule => ({
    name: "signup-domain",
    points: config().SIGNUP_LIMIT_PER_DOMAIN,
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

/**
 * Like `spend` without spending: the refusal `spend` would give now, or null. For an answer that
 * must look like a spending one without using up a shared budget (sign-up with an existing address).
 */
export async function wouldRefuse(
  rule: RuleName,
  key: string,
  message: (wait: string) => string,
): Promise<string | null> {
  const verdict = await limiter(rules[rule]()).peek(key);
  return verdict.allowed ? null : message(inWords(verdict.retryAfterSeconds));
}

/** The key of `signInAccount`: one account seen from one client address. */
export function accountAtAddress(email: string, address: string): string {
  return `${email}|${address}`;
}

export async function forget(rule: RuleName, key: string): Promise<void> {
  await limiter(rules[rule]()).reset(key);
}
