/**
 * The outbox's clock: milliseconds that never repeat in this process. The dev outbox's pass shows
 * the mail stamped at or after the moment it was asked for (./outbox.ts `mailsFor`); with
 * `Date.now()` a sign-up's confirmation and a reset asked for right after it could share one
 * millisecond, and the confirmation showed beside the reset. Every reading here is later than the
 * one before, so a mail stamped before the moment is always older than it.
 */
let last = 0;

export function outboxNow(): number {
  last = Math.max(Date.now(), last + 1);
  return last;
}
