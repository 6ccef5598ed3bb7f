/**
 * How email leaves this deployment, and the address its links point at.
 *
 * - `resend`: RESEND_API_KEY is set; mail is really sent.
 * - `dev-outbox`: a development mode, on only when asked (`EMAIL_DEV_OUTBOX=1`, which the embedded
 *   start command sets): mail is kept in the outbox table, each signed-in user sees the mail
 *   addressed to them on the dashboard (with a visible "development mode" badge) and the log gets
 *   a copy. Anyone can then confirm any address they type in, so it never runs on a public URL.
 * - `log-only`: neither: mail is printed to the server log for the operator only; users never see
 *   a link (the operator confirms addresses with `admin org verify`).
 *
 * A public APP_URL without a mail provider refuses to start (checkEmailConfiguration): the email
 * gate would otherwise prove nothing.
 */
import ipaddr from "ipaddr.js";
import { config, type Config } from "@/lib/config";
import { singleton } from "@/lib/singleton";

export type EmailMode = "resend" | "dev-outbox" | "log-only";

export function emailMode(c: Config = config()): EmailMode {
  if (c.RESEND_API_KEY) return "resend";
  if (!c.EMAIL_DEV_OUTBOX) return "log-only";
  // Anyone who can reach the server could confirm any address through the outbox: only a server
  // bound to loopback keeps it (the front door tells us where this process listens).
  return c === config() && listening().public ? "log-only" : "dev-outbox";
}

const listening = () => singleton("email.listening", () => ({ public: false, warned: false }));

/**
 * Called by the front door with the local address of a server that received a request. A server
 * bound beyond loopback (0.0.0.0, ::, a public interface) turns the dev outbox off for the life of
 * the process, with one warning: mail then goes to the server log only.
 */
export function noteListeningAddress(address: string | undefined): void {
  const state = listening();
  if (state.public || !address) return;
  const host = address.replace(/^::ffff:/, "");
  if (ipaddr.isValid(host) && ipaddr.parse(host).range() === "loopback") return;
  state.public = true;
  if (!state.warned && config().EMAIL_DEV_OUTBOX && !config().RESEND_API_KEY) {
    state.warned = true;
    console.warn(
      `[email] the server listens on ${address}, beyond loopback: the dev outbox (EMAIL_DEV_OUTBOX) is off, ` +
        "mail goes to the server log only. Bind to 127.0.0.1 (HOST=127.0.0.1) for the outbox, or set RESEND_API_KEY.",
    );
  }
}

/** APP_URL, else NEXTAUTH_URL (lib/config refuses to start when either is not a URL). */
function configuredUrl(c: Config): URL | null {
  return c.APP_URL ?? c.NEXTAUTH_URL ?? null;
}

/**
 * The base of every link we email: APP_URL (or NEXTAUTH_URL); else this machine's own address on
 * PORT, which is right for a local install. Never a request header: a forged Host or
 * X-Forwarded-Host would put an attacker's domain, and the victim's token, in our mail.
 */
export function linkBaseUrl(c: Config = config()): string {
  const configured = configuredUrl(c);
  if (configured) return configured.origin;
  return `http://localhost:${c.PORT}`;
}

export function isLocalUrl(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  return ipaddr.isValid(host) && ipaddr.parse(host).range() === "loopback";
}

export class ConfigurationError extends Error {}

/** Called at start-up: a public deployment whose email proves nothing must not start. */
export function checkEmailConfiguration(c: Config = config()): void {
  const url = configuredUrl(c);
  const mode = emailMode(c);
  if (mode === "resend" || !url || isLocalUrl(url)) return;
  throw new ConfigurationError(
    `APP_URL is ${url.origin}, a public address, but no mail provider is configured. ` +
      `Set RESEND_API_KEY (and EMAIL_FROM) so confirmation, password-reset and invitation links reach ` +
      `their owners. ${mode === "dev-outbox" ? "The dev outbox (EMAIL_DEV_OUTBOX) shows links to whoever signs up and is for local installs only; " : ""}` +
      `For a local install, unset APP_URL.`,
  );
}
