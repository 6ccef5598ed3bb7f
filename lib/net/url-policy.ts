/**
 * URL policy for client-supplied addresses (spec 7.3): `url` and `report_to`.
 *
 * A URL is acceptable when it is an absolute http/https URL of a public
 * *domain name*: no IP literal in any spelling, no localhost, no internal or
 * special-use name, no port other than the scheme's default, no credentials.
 *
 * This is the cheap, synchronous first gate that turns obviously bad input
 * into a 422 with a helpful message. It does NOT prove the destination is
 * public — a public-looking name can resolve to 127.0.0.1. That is the egress
 * guard's job (resolve.ts / egress-proxy.ts), which checks every connection.
 *
 * We judge the hostname *after* WHATWG URL parsing, because that is what
 * Chromium will connect to: the parser already turns `2130706433`,
 * `0177.0.0.1`, `0x7f.1`, `127.1`, `127.0.0.1.`, full-width digits and
 * ideographic dots into `127.0.0.1`, maps full-width letters, lower-cases,
 * and converts IDN to punycode. Checking the raw string instead would miss
 * spellings we did not think of.
 */
import net from "node:net";
import { testHostsEnabled } from "./test-hosts";

/** Why a URL was refused; combined with the field name into an error code. */
export type UrlRefusalReason = "invalid" | "scheme" | "credentials" | "port" | "not_public";

/** Codes for the `report_to` field (spec 7.3: "code begins with report_to"). */
export const REPORT_TO_CODES = {
  invalid: "report_to_invalid",
  scheme: "report_to_scheme",
  credentials: "report_to_credentials",
  port: "report_to_port",
  not_public: "report_to_not_public",
} as const satisfies Record<UrlRefusalReason, string>;

export type ReportToCode = (typeof REPORT_TO_CODES)[UrlRefusalReason];

export type UrlCheckResult =
  { ok: true; url: URL } | { ok: false; code: string; message: string; reason: UrlRefusalReason };

/**
 * Top-level names that never lead to the public web: RFC 6761/6762/7686/
 * 8375/9476 special-use names plus names that are common on private networks
 * (".lan", ".corp", ...) and would reach an internal resolver if one answers.
 * `.test` is handled separately because PAGE_TEST_HOSTS can switch it on.
 */
const INTERNAL_TLDS = new Set([
  "localhost",
  "local",
  "localdomain",
  "internal",
  "intranet",
  "lan",
  "home",
  "corp",
  "private",
  "arpa",
  "invalid",
  "example",
  "onion",
  "alt",
]);

/** Longest URL we accept; longer input is almost certainly not a web page address. */
const MAX_URL_LENGTH = 8192;

/** A DNS label after IDN conversion. `_` is tolerated because real hosts use it. */
const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

/** Build the refusal; `url` keeps the `invalid_url` code, other fields get `<field>_<reason>`. */
function refuse(field: string, reason: UrlRefusalReason, message: string): UrlCheckResult {
  const code = field === "url" ? "invalid_url" : `${field}_${reason}`;
  return { ok: false, code, message, reason };
}

/** Quote client input in a message without letting a huge string through. */
function quote(raw: string): string {
  const s = raw.length > 200 ? `${raw.slice(0, 200)}…` : raw;
  return `'${s}'`;
}

/**
 * Why a (WHATWG-normalized, trailing-dot-free) hostname is not a public
 * domain name: the refusal reason and the end of a sentence. Null when fine.
 */
function hostnameProblem(host: string): { reason: UrlRefusalReason; text: string } | null {
  const notPublic = (text: string) => ({ reason: "not_public" as const, text });
  const invalid = { reason: "invalid" as const, text: "is not a valid domain name" };
  if (host === "") return invalid;
  if (host.startsWith("[") || net.isIP(host))
    return notPublic("is an IP address; use the site's domain name instead");
  if (host === "localhost" || host.endsWith(".localhost")) return notPublic("points at this machine");
  if (!host.includes(".")) return notPublic("has no top-level domain, so it can only be an internal name");
  const labels = host.split(".");
  if (host.length > 253 || !labels.every((l) => LABEL.test(l))) return invalid;
  const tld = labels[labels.length - 1] ?? "";
  if (/^[0-9]+$/.test(tld)) return invalid;
  if (INTERNAL_TLDS.has(tld))
    return notPublic(`uses '.${tld}', which is reserved for internal or special use`);
  if (tld === "test" && !testHostsEnabled()) return notPublic("uses '.test', which is reserved for testing");
  return null;
}

/**
 * Check a client-supplied URL. `field` names the request field in messages
 * and codes: "url" -> `invalid_url`; "report_to" -> `report_to_<reason>`.
 * On success the returned URL has its trailing host dot removed (so
 * `example.com.` and `example.com` are the same site everywhere after this).
 */
export function checkPublicUrl(raw: unknown, field = "url"): UrlCheckResult {
  const must = `${field} must be a public http or https address`;
  if (typeof raw !== "string") {
    return refuse(
      field,
      "invalid",
      `${field} must be a string holding an http or https address, such as 'https://example.com/'.`,
    );
  }
  const input = raw.trim();
  if (input === "")
    return refuse(
      field,
      "invalid",
      `${field} is empty; send an http or https address, such as 'https://example.com/'.`,
    );
  if (input.length > MAX_URL_LENGTH) {
    return refuse(field, "invalid", `${field} is longer than ${MAX_URL_LENGTH} characters.`);
  }

  let url: URL;
  try {
    url = new URL(input);
  } catch {
    const hint = /^[a-z][a-z0-9+.-]*:/i.test(input)
      ? ""
      : " Include the scheme, e.g. 'https://example.com/'.";
    return refuse(
      field,
      "invalid",
      `${field} must be an absolute http or https address; ${quote(input)} could not be read as one.${hint}`,
    );
  }

  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return refuse(field, "scheme", `${must}; ${quote(url.protocol)} addresses are not supported.`);
  }
  // Checked before anything echoes the input: never repeat a password back.
  if (url.username !== "" || url.password !== "") {
    return refuse(
      field,
      "credentials",
      `${field} must not contain a user name or password; remove the part before '@' in the host.`,
    );
  }
  // The host is judged before the port: for 'http://127.0.0.1:8080/' the
  // address is the real problem, and that is what the message should say.
  // One trailing dot is the DNS root ("example.com." is "example.com"); more is malformed.
  const host = url.hostname.endsWith(".") ? url.hostname.slice(0, -1) : url.hostname;
  const problem = hostnameProblem(host);
  if (problem) return refuse(field, problem.reason, `${must}; ${quote(input)} ${problem.text}.`);
  // WHATWG URL drops an explicit default port (":443" on https), so any port left is non-default.
  if (url.port !== "") {
    const dflt = url.protocol === "https:" ? 443 : 80;
    return refuse(
      field,
      "port",
      `${field} must use the default port (${dflt} for ${url.protocol.slice(0, -1)}); ':${url.port}' in ${quote(input)} is not allowed. Remove the port.`,
    );
  }

  if (host !== url.hostname) url.hostname = host;
  return { ok: true, url };
}

/**
 * Canonical text of a URL for cache keys: lower-case host without trailing
 * dot, default port dropped, fragment dropped (never sent to the server),
 * query kept as is (it selects different content).
 */
export function normalizeUrl(url: URL): string {
  const u = new URL(url.href);
  u.hash = "";
  const host = u.hostname.toLowerCase().replace(/\.$/, "");
  if (host !== u.hostname) u.hostname = host;
  // Setting hostname keeps the port; the URL class already elides default ports.
  return u.href;
}
