/**
 * Wire-level helpers of the egress proxy: reading proxy request targets,
 * filtering headers, and the short raw replies written on CONNECT sockets.
 * Kept apart from egress-proxy.ts so that file reads as policy and flow.
 */
import { normalizeHostname } from "./resolve";

/** Why an allowed destination could not be reached (for the page engine's error mapping, spec 7.4). */
export type EgressFailureCode = "not_found" | "refused" | "timeout" | "unreachable" | "error";

export const AUTH_REALM = 'Basic realm="page-to-data egress"';

/** Headers that belong to one hop (RFC 9110 7.6.1) and must not be forwarded. */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "proxy-authenticate",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);

/**
 * Host and port of a CONNECT authority (`host:port`, `[v6]:port`). The host
 * goes through the WHATWG URL parser so it is normalized exactly as a browser
 * would (`0x7f.1` becomes `127.0.0.1`) before any check looks at it.
 */
export function parseAuthority(hostPort: string, defaultPort: number): { host: string; port: number } | null {
  const m = /^(.*):(\d{1,5})$/.exec(hostPort);
  const hostPart = m ? m[1]! : hostPort;
  const port = m ? Number(m[2]) : defaultPort;
  if (port < 1 || port > 65535) return null;
  try {
    const u = new URL(`http://${hostPart}/`);
    if (u.port !== "" || u.username || u.password || u.pathname !== "/" || u.search || u.hash) return null;
    return { host: normalizeHostname(u.hostname), port };
  } catch {
    return null;
  }
}

/** Host, port and URL of an absolute-URI proxy request (`GET http://host/path`). */
export function parseProxyTarget(
  rawUrl: string | undefined,
): { host: string; port: number; url: URL } | null {
  if (!rawUrl || !/^(?:http|ws):\/\//i.test(rawUrl)) return null;
  try {
    const url = new URL(rawUrl);
    if (url.username || url.password) return null;
    return { host: normalizeHostname(url.hostname), port: url.port === "" ? 80 : Number(url.port), url };
  } catch {
    return null;
  }
}

/** Map a Node socket/DNS error to what the page engine reports. */
export function failureCode(err: unknown): EgressFailureCode {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case "ENOTFOUND":
    case "EAI_AGAIN":
    case "EAI_NODATA":
    case "EAI_NONAME":
      return "not_found";
    case "ECONNREFUSED":
    case "ECONNRESET":
      return "refused";
    case "ETIMEDOUT":
      return "timeout";
    case "ENETUNREACH":
    case "EHOSTUNREACH":
      return "unreachable";
    default:
      return "error";
  }
}

/**
 * Headers to pass on, as a flat raw list (keeps case and duplicates):
 * hop-by-hop ones dropped, `Connection`/`Upgrade` kept for a WebSocket
 * handshake, and anything in `drop` removed so the caller can set it.
 */
export function forwardHeaders(
  raw: string[],
  keepUpgrade: boolean,
  drop: ReadonlySet<string> = new Set(),
): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!;
    const lower = name.toLowerCase();
    if (drop.has(lower)) continue;
    if (HOP_BY_HOP.has(lower) && !(keepUpgrade && (lower === "connection" || lower === "upgrade"))) continue;
    out.push(name, raw[i + 1]!);
  }
  return out;
}

/** Raw replies for CONNECT/upgrade sockets (no HTTP server response object there). */
export function blockedHead(reason: string): string {
  return `HTTP/1.1 403 Forbidden\r\nX-Egress-Blocked: ${reason}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`;
}

export function challengeHead(): string {
  return `HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: ${AUTH_REALM}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`;
}

export function failureHead(code: EgressFailureCode): string {
  const status = code === "timeout" ? "504 Gateway Timeout" : "502 Bad Gateway";
  return `HTTP/1.1 ${status}\r\nX-Egress-Error: ${code}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`;
}
