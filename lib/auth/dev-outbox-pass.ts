import crypto from "node:crypto";
import { authSecret } from "./next-auth";

/**
 * The signed-out view of the dev outbox (development mode only, lib/email/mode.ts): asking for a
 * password reset hands the browser this pass, a short-lived cookie signed with the session secret
 * that names the address just typed and when. /dev-outbox shows only the reset mail sent to that
 * address since then: never a list of everyone's mail, and nothing for an address the browser did
 * not just ask about (the cookie cannot be forged or stretched without the secret).
 */
export const DEV_OUTBOX_COOKIE = "ptd_dev_outbox";
export const DEV_OUTBOX_PASS_TTL_MS = 15 * 60 * 1000;

export interface DevOutboxPass {
  email: string;
  /** When the reset was asked for (ms since the epoch): only mail from then on is shown. */
  issuedAt: number;
}

function sign(payload: string): string {
  return crypto.createHmac("sha256", `dev-outbox:${authSecret()}`).update(payload).digest("base64url");
}

export function issueDevOutboxPass(email: string, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ e: email, t: now })).toString("base64url");
  return `${payload}.${sign(payload)}`;
}

/** The pass a cookie carries, or null when it is missing, altered or older than its TTL. */
export function readDevOutboxPass(value: string | undefined, now = Date.now()): DevOutboxPass | null {
  const [payload, mac, ...rest] = (value ?? "").split(".");
  if (!payload || !mac || rest.length) return null;
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  try {
    const { e, t } = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as {
      e?: unknown;
      t?: unknown;
    };
    if (typeof e !== "string" || typeof t !== "number") return null;
    if (t > now || now - t > DEV_OUTBOX_PASS_TTL_MS) return null;
    return { email: e, issuedAt: t };
  } catch {
    return null;
  }
}
