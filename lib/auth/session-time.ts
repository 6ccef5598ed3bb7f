/**
 * When a dashboard session began, and whether a later event (a password reset, a sign-out) ended
 * it. The JWT cannot be recalled, so `lib/dashboard/session.ts` compares its sign-in time with the
 * account's `passwordChangedAt` and `sessionsEndedAt` on every request.
 */

/**
 * The session's sign-in time in milliseconds: the token's own `signedInAt` (set at sign-in), else
 * its `iat`, which has whole seconds only and is rounded down (a token without the stamp may look
 * up to a second older than it is: refused, the safe side), else 0.
 */
export function sessionSignedInAt(token: Readonly<Record<string, unknown>>): number {
  if (typeof token.signedInAt === "number") return token.signedInAt;
  return typeof token.iat === "number" ? token.iat * 1000 : 0;
}

/**
 * True when an event at one of `endedAt` ended a session signed in at `signedInAt`: only if the
 * session is strictly older. A session signed in the same millisecond as a reset was signed in
 * with the new password (the reset stamps its time before it even hashes the new one).
 */
export function sessionEnded(signedInAt: number, ...endedAt: (Date | null)[]): boolean {
  return endedAt.some((at) => at !== null && signedInAt < at.getTime());
}
