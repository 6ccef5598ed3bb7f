import crypto from "node:crypto";

/**
 * The one machinery behind every emailed link (email confirmation, password reset, invitation):
 * 32 random bytes in the link, only their SHA-256 in the database, so a database leak hands out no
 * working link. Each kind of link keeps its own table, expiry and single-use rule.
 */
export interface EmailToken {
  /** Goes into the link, never into the database. */
  token: string;
  /** What the database keeps. */
  hash: string;
}

export function newEmailToken(): EmailToken {
  const token = crypto.randomBytes(32).toString("base64url");
  return { token, hash: hashEmailToken(token) };
}

export function hashEmailToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** A token as it may arrive from a link: anything else is refused before touching the database. */
export function plausibleToken(token: string | undefined | null): token is string {
  return typeof token === "string" && /^[\w-]{20,200}$/.test(token);
}

/** `<base>/<page>?token=…` */
export function tokenLink(baseUrl: string, page: string, token: string): string {
  return `${baseUrl.replace(/\/$/, "")}/${page}?token=${encodeURIComponent(token)}`;
}

export function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}
