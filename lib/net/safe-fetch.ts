/**
 * Server-side HTTP(S) fetches on a client's behalf: robots.txt, webhook
 * deliveries. Same guarantees as the browser's egress proxy, without a proxy:
 *
 *  - every URL, including each redirect target, passes the URL policy;
 *  - the name is resolved once by resolvePublic and the socket connects to
 *    that checked address (custom `lookup`), so DNS cannot change the answer
 *    between check and connect;
 *  - TLS still verifies the certificate against the *hostname* (servername
 *    stays the name even when a `.test` host is mapped to a local port).
 *
 * Not a general fetch: a body is a string, the response body is read as
 * UTF-8 up to `maxBytes` (then truncated, flagged), redirects are capped.
 */
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { EgressBlockedError, SafeFetchError, type EgressBlockReason } from "./errors";
import { resolvePublic, type LookupAllFn, type ResolvedTarget } from "./resolve";
import { checkPublicUrl, type UrlRefusalReason } from "./url-policy";

export interface SafeFetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Budget for the whole fetch including redirects. Default 10 s. */
  timeoutMs?: number;
  /** Read at most this many body bytes; the rest is dropped and `truncated` set. Default 1 MiB. */
  maxBytes?: number;
  /** Default 5; 0 returns the first 3xx as is. */
  maxRedirects?: number;
  /** Resolver override for tests. */
  lookup?: LookupAllFn;
  /** Extra trusted CA certificates (tests' self-signed `.test` certificates). */
  ca?: string | Buffer | Array<string | Buffer>;
}

export interface SafeFetchResponse {
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: string;
  /** The same body as bytes (a gzip sitemap is not text). */
  bytes?: Buffer;
  /** The URL that produced this response (after redirects). */
  url: string;
  redirects: number;
  truncated: boolean;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BYTES = 1024 * 1024;
const DEFAULT_MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** How a URL-policy refusal is reported as an egress refusal. */
function blockReason(reason: UrlRefusalReason): EgressBlockReason {
  if (reason === "not_public") return "not_public";
  if (reason === "port") return "port";
  return "url_policy";
}

/** Run the URL policy; throw EgressBlockedError on refusal so callers handle one error type. */
function checkedUrl(raw: string): URL {
  const result = checkPublicUrl(raw, "url");
  if (result.ok) return result.url;
  let host = raw;
  try {
    host = new URL(raw).hostname;
  } catch {
    // Unparseable: report the raw text as the "host".
  }
  throw new EgressBlockedError(host, blockReason(result.reason), undefined, result.message);
}

/** A `lookup` that always answers the address resolvePublic already checked. */
function pinnedLookup(target: ResolvedTarget): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

function flattenHeaders(h: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(", ") : v;
  return out;
}

interface Hop {
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** One request/response exchange with the checked address. */
async function exchange(
  url: URL,
  hop: Hop,
  deadline: number,
  init: SafeFetchInit,
): Promise<Omit<SafeFetchResponse, "url" | "redirects">> {
  const secure = url.protocol === "https:";
  const target = await resolvePublic(
    url.hostname,
    secure ? 443 : 80,
    init.lookup ? { lookup: init.lookup } : {},
  );
  const maxBytes = init.maxBytes ?? DEFAULT_MAX_BYTES;
  const remaining = deadline - Date.now();
  if (remaining <= 0) throw new SafeFetchError("timeout", `Fetching ${url.href} timed out.`);

  return new Promise((resolve, reject) => {
    const options: https.RequestOptions = {
      // `host` stays the name: it drives SNI and certificate checks. The pinned lookup decides where the socket goes.
      host: url.hostname,
      servername: url.hostname,
      port: target.port,
      lookup: pinnedLookup(target),
      method: hop.method,
      path: url.pathname + url.search,
      // Host must not carry a mapped test port.
      headers: { ...hop.headers, host: url.host },
      agent: false,
      ...(secure && init.ca ? { ca: init.ca } : {}),
    };
    const req = (secure ? https : http).request(options, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      const finish = () => {
        const bytes = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          headers: flattenHeaders(res.headers),
          body: bytes.toString("utf8"),
          bytes,
          truncated,
        });
      };
      res.on("data", (chunk: Buffer) => {
        if (truncated) return;
        const room = maxBytes - size;
        if (chunk.length > room) {
          chunks.push(chunk.subarray(0, room));
          size = maxBytes;
          truncated = true;
          // Enough read: stop downloading, answer with what we have.
          res.destroy();
          finish();
          return;
        }
        chunks.push(chunk);
        size += chunk.length;
      });
      res.on("end", finish);
      res.on("error", (err) => (truncated ? undefined : reject(err)));
    });
    const timer = setTimeout(
      () => req.destroy(new SafeFetchError("timeout", `Fetching ${url.href} timed out.`)),
      remaining,
    );
    req.on("close", () => clearTimeout(timer));
    req.on("error", reject);
    req.end(hop.body);
  });
}

/** Method/body/headers for the next hop of a redirect, as browsers do it. */
function nextHop(prev: Hop, status: number, from: URL, to: URL): Hop {
  const headers = { ...prev.headers };
  let { method, body } = prev;
  // 303 always, and 301/302 after a POST, turn into a GET without body.
  if (status === 303 || ((status === 301 || status === 302) && method.toUpperCase() === "POST")) {
    method = method.toUpperCase() === "HEAD" ? "HEAD" : "GET";
    body = undefined;
    for (const k of Object.keys(headers)) if (/^content-/i.test(k)) delete headers[k];
  }
  // Credentials meant for one site must not be handed to another.
  if (from.origin !== to.origin) {
    for (const k of Object.keys(headers)) if (/^(authorization|cookie)$/i.test(k)) delete headers[k];
  }
  return { method, headers, body };
}

/**
 * Fetch `url` with the egress guarantees above.
 * Throws EgressBlockedError (policy), SafeFetchError (timeout, redirects, network).
 */
export async function safeFetch(url: string, init: SafeFetchInit = {}): Promise<SafeFetchResponse> {
  const deadline = Date.now() + (init.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const maxRedirects = init.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  let current = checkedUrl(url);
  let hop: Hop = { method: init.method ?? "GET", headers: { ...init.headers }, body: init.body };

  for (let redirects = 0; ; redirects++) {
    let res: Awaited<ReturnType<typeof exchange>>;
    try {
      res = await exchange(current, hop, deadline, init);
    } catch (err) {
      if (err instanceof EgressBlockedError || err instanceof SafeFetchError) throw err;
      const e = err as NodeJS.ErrnoException;
      throw new SafeFetchError("network", `Fetching ${current.href} failed: ${e.message}`, e.code);
    }
    const location = res.headers.location;
    if (!REDIRECT_STATUSES.has(res.status) || !location || maxRedirects === 0) {
      return { ...res, url: current.href, redirects };
    }
    if (redirects >= maxRedirects) {
      throw new SafeFetchError(
        "too_many_redirects",
        `More than ${maxRedirects} redirects starting at ${url}.`,
      );
    }
    let next: URL;
    try {
      next = new URL(location, current);
    } catch {
      throw new SafeFetchError("bad_redirect", `${current.href} redirected to an unreadable location.`);
    }
    // Every hop is checked again: a public page redirecting to 127.0.0.1 is the classic SSRF.
    const checked = checkedUrl(next.href);
    hop = nextHop(hop, res.status, current, checked);
    current = checked;
  }
}
