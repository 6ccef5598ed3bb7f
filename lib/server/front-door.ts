import http from "node:http";
import type { AddressInfo } from "node:net";
import { config } from "@/lib/config";
import { noteListeningAddress } from "@/lib/email/mode";
import { operationEndpoint, resultEndpoint } from "@/lib/api/pipeline";
import { ENDPOINTS } from "@/lib/schemas/operations";
import { API_CSP, COMMON_SECURITY_HEADERS } from "@/lib/security/headers";
import { singleton } from "@/lib/singleton";
import { trustedProxyHops } from "@/lib/auth/client-address";
import { PEER_HEADER } from "./peer-address";
import { requestBody, type RequestBody } from "./request-body";

/**
 * The process's front door: every request its HTTP server receives passes here before Next.js
 * sees it (a patch of `http.Server`'s `emit`, installed once at start-up by instrumentation.ts).
 *
 * 1. It stamps the socket peer into PEER_HEADER, overwriting whatever a client sent under that
 *    name (lib/server/peer-address.ts says why).
 * 2. It hands the API's own endpoints (POST /api/<operation> and /<operation>, GET
 *    /api/result/<token> and /result/<token>) straight to the pipeline that their route files in
 *    app/api export, without Next.js's router. That router costs about 0.5 ms of CPU per request
 *    on this 2-core machine (a route that does nothing serves ~1,750 requests/s), more than a whole
 *    cache hit; these endpoints use none of what it adds (pages, rewrites, middleware, RSC). Same
 *    handler, same answers, plus the headers next.config.ts gives every API path. Everything else,
 *    and these paths under `next dev`, go through Next.js as before.
 */
type Emit = (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;
type Handler = (req: Request) => Promise<Response>;

/** Headers next.config.ts sets on every API path (lower-cased: the handler's own come after). */
const API_HEADERS: Record<string, string> = Object.fromEntries(
  Object.entries({ ...COMMON_SECURITY_HEADERS, "Content-Security-Policy": API_CSP }).map(([k, v]) => [
    k.toLowerCase(),
    v,
  ]),
);

export function installFrontDoor(): void {
  singleton("server.front-door", patchServerEmit); // once per process: a second patch would wrap the first
}

function patchServerEmit(): true {
  const operations = new Map<string, Handler>(
    ENDPOINTS.map((endpoint) => [endpoint, operationEndpoint(endpoint)]),
  );
  const result = resultEndpoint();
  // `next dev` recompiles the route files on change: there they keep answering (the stamp stays).
  const direct = config().NODE_ENV === "production";
  const route = (method: string | undefined, pathname: string): Handler | null => {
    // Only origin-form targets ("/api/html"): the egress proxy's absolute-form requests never match.
    const parts = pathname.split("/");
    const [first, second, third] = parts[1] === "api" ? parts.slice(2) : parts.slice(1);
    if (method === "POST" && second === undefined) return operations.get(first ?? "") ?? null;
    if (method === "GET" && first === "result" && second && third === undefined) {
      const token = decoded(second);
      return (req) => result(req, { params: Promise.resolve({ token }) });
    }
    return null;
  };

  const proto = http.Server.prototype as unknown as { emit: Emit };
  const emit = proto.emit;
  proto.emit = function (this: http.Server, event, ...args) {
    if (event !== "request") return emit.call(this, event, ...args);
    const req = args[0] as http.IncomingMessage;
    req.headers[PEER_HEADER] = req.socket?.remoteAddress ?? "";
    const url = req.url ?? "";
    if (url.startsWith("/")) {
      // A Host no URL can be built from made Next.js and our own routes throw (a 500, a stack in
      // the log): it is the client's mistake, answered 400 before anything reads it.
      if (!validHost(req.headers.host)) {
        const res = args[1] as http.ServerResponse;
        res.writeHead(400, { ...API_HEADERS, "content-type": "application/json" });
        res.end(
          JSON.stringify({ error: "bad_request", message: "The Host header is not a valid host name." }),
        );
        return true;
      }
      warnOnceAboutForwardedFor(req);
      // Where this server listens (loopback or not) decides whether the dev outbox may run.
      noteListeningAddress((this.address() as AddressInfo | null)?.address);
    }
    const query = url.indexOf("?");
    const handler =
      direct && url.startsWith("/") ? route(req.method, query < 0 ? url : url.slice(0, query)) : null;
    if (!handler) return emit.call(this, event, ...args);
    void serve(handler, req, args[1] as http.ServerResponse);
    return true;
  };
  return true;
}

/** A Host header that names a host (and port) and nothing else; absent is left to Node (HTTP/1.0). */
export function validHost(host: string | undefined): boolean {
  if (host === undefined) return true;
  if (!host || host.length > 300) return false;
  try {
    const url = new URL(`http://${host}/`);
    return url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password;
  } catch {
    return false;
  }
}

let warnedAboutForwardedFor = false;
/**
 * Behind a load balancer, every client has the balancer's address unless TRUST_PROXY says how many
 * proxies to believe (docs/deploy.md): the sign-in limits would then lock out everyone at once.
 * Requests that carry X-Forwarded-For without it are the sign; said once per process.
 */
function warnOnceAboutForwardedFor(req: http.IncomingMessage): void {
  if (warnedAboutForwardedFor || req.headers["x-forwarded-for"] === undefined) return;
  if (trustedProxyHops() > 0) return;
  warnedAboutForwardedFor = true;
  console.warn(
    "[trust-proxy] requests arrive with X-Forwarded-For but TRUST_PROXY is not set: every client is " +
      "counted as the proxy's address by the sign-in and sign-up limits. Set TRUST_PROXY to the " +
      "number of proxies in front of the server (docs/deploy.md), or remove the header if no proxy is yours.",
  );
}

/** The token in a path segment; a malformed escape is kept as sent (no token looks like it: 404, where Next.js threw a 500). */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

async function serve(handler: Handler, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const body = req.method !== "GET" && req.method !== "HEAD" ? requestBody(req) : null;
  try {
    const response = await handler(toRequest(req, body));
    const headers: Record<string, string> = { ...API_HEADERS };
    response.headers.forEach((value, name) => (headers[name] = value));
    const payload = Buffer.from(await response.arrayBuffer());
    headers["content-length"] = String(payload.length);
    res.writeHead(response.status, headers).end(payload);
  } catch (err) {
    // The handlers answer every failure themselves (guard()); this is a broken socket or a bug.
    console.error("[front-door] unanswered request:", err instanceof Error ? err.stack : err);
    if (!res.headersSent) res.writeHead(500, { ...API_HEADERS, "content-type": "application/json" });
    res.end(JSON.stringify({ error: "internal_error", message: "Something went wrong on our side." }));
  }
  // Answered before the body was all read (a 413, a 401): drop the rest without cutting the answer off.
  body?.lingerAfterAnswer();
}

function toRequest(req: http.IncomingMessage, body: RequestBody | null): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  return new Request(`http://${req.headers.host ?? "localhost"}${req.url}`, {
    method: req.method,
    headers,
    body: body?.stream ?? null,
    // @ts-expect-error Node's fetch needs `duplex` for a streamed body; the DOM type lacks it.
    duplex: "half",
  });
}
