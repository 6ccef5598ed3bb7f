/**
 * The egress proxy: a local forward proxy every Chromium connection goes through.
 *
 * Why a proxy rather than `page.route()`: route handlers see requests, not
 * connections. They miss WebSockets, service workers and some worker
 * traffic, and between "check the name" and "Chromium resolves it again" a
 * rebinding DNS server can swap in 127.0.0.1. Here the proxy itself
 * resolves the name (resolvePublic), refuses non-public answers, and opens
 * the TCP connection to exactly the address it checked.
 *
 * Two kinds of proxy request arrive:
 *   - `CONNECT host:port` for https/wss (and ws through a proxy): we open a
 *     raw tunnel to the checked address; TLS stays end-to-end.
 *   - absolute-URI requests (`GET http://host/path`) for plain http: we
 *     forward them to the checked address keeping the original Host header.
 *
 * Residential exits: with `upstreams`, a second listener (`exitUrl`) is
 * opened that demands proxy credentials (Chromium only sends them after a
 * 407 challenge). The username picks the upstream proxy; the already-checked
 * connection is chained through it. An unknown username is refused, never
 * silently sent out on the standard network.
 *
 * Launch Chromium with egressChromiumArgs(proxy.url) (see chromium-egress.ts).
 */
import http from "node:http";
import net from "node:net";
import type { Duplex } from "node:stream";
import { isChromiumBackgroundHost } from "./chromium-egress";
import {
  AUTH_REALM,
  blockedHead,
  challengeHead,
  failureCode,
  failureHead,
  forwardHeaders,
  parseAuthority,
  parseProxyTarget,
  type EgressFailureCode,
} from "./proxy-wire";
import { EgressBlockedError, type EgressBlockReason } from "./errors";
import { openUpstreamTunnel, proxyUsername, type UpstreamMap, type UpstreamProxy } from "./proxy-upstream";
import {
  isLocalhostName,
  normalizeHostname,
  resolvePublic,
  type LookupAllFn,
  type ResolvedTarget,
} from "./resolve";
import { isTestHostname } from "./test-hosts";

export { egressChromiumArgs, isChromiumBackgroundHost } from "./chromium-egress";
export type { UpstreamMap, UpstreamProxy } from "./proxy-upstream";
export type { EgressFailureCode } from "./proxy-wire";

/** A destination the proxy refused because of the egress policy. */
export interface EgressBlockedEvent {
  host: string;
  port?: number;
  address?: string;
  reason: EgressBlockReason;
  /** The full URL for plain http requests; CONNECT only reveals host:port. */
  url?: string;
  /** Residential exit name, when the request came with proxy credentials. */
  exit?: string;
  /** Date.now() when it happened. */
  at: number;
}

/** Why an allowed destination could not be reached (for the page engine's error mapping, spec 7.4). */

export interface EgressFailureEvent {
  host: string;
  port?: number;
  code: EgressFailureCode;
  at: number;
}

export interface EgressProxyOptions {
  /** Residential exits by proxy username. */
  upstreams?: UpstreamMap;
  /** Resolver override (tests play a hostile DNS server with it). */
  lookup?: LookupAllFn;
  /** How long to wait for a TCP connection to the destination (or upstream). Default 15 s. */
  connectTimeoutMs?: number;
}

export interface EgressProxy {
  port: number;
  /** `http://127.0.0.1:<port>`: give it to egressChromiumArgs. */
  url: string;
  /** Listener that requires proxy credentials naming an exit; null without upstreams. */
  exitUrl: string | null;
  close(): Promise<void>;
  /** Subscribe to policy refusals (not Chromium's background noise). Returns an unsubscribe function. */
  onBlocked(listener: (e: EgressBlockedEvent) => void): () => void;
  /** The latest refusal for `host` within `withinMs` (default 60 s): lets the page engine explain a tunnel failure. */
  blockedFor(host: string, withinMs?: number): EgressBlockedEvent | undefined;
  /** The latest connection failure for `host` within `withinMs` (default 60 s). */
  failureFor(host: string, withinMs?: number): EgressFailureEvent | undefined;
  readonly stats: { allowed: number; blocked: number; background: number; failed: number };
}

/** Real hosts may only be reached on the web's default ports (`.test` ports are mapped by resolvePublic). */
const ALLOWED_PORTS = new Set([80, 443]);
const DEFAULT_CONNECT_TIMEOUT_MS = 15_000;
/** How many recent refusals/failures blockedFor()/failureFor() can look back through. */
const HISTORY_SIZE = 256;

/** Where an admitted connection goes: straight to the checked address, or through a residential exit. */
type Route = { kind: "direct" } | { kind: "exit"; name: string; upstream: UpstreamProxy };

/** Outcome of reading the proxy credentials. */
type RouteChoice = { route: Route } | { challenge: true } | { unknownExit: string };

interface Ctx {
  opts: Required<Pick<EgressProxyOptions, "connectTimeoutMs">> & EgressProxyOptions;
  sockets: Set<Duplex>;
  blocked(e: Omit<EgressBlockedEvent, "at">): void;
  failed(e: Omit<EgressFailureEvent, "at">): void;
  allowed(): void;
}

// ---------------------------------------------------------------- routing

/**
 * Pick the route from the proxy credentials. On the plain listener no
 * credentials means direct; on the exit listener it means "challenge first"
 * (Chromium sends credentials only after a 407).
 */
function chooseRoute(
  req: http.IncomingMessage,
  requireAuth: boolean,
  upstreams: UpstreamMap | undefined,
): RouteChoice {
  const header = req.headers["proxy-authorization"];
  const name = proxyUsername(Array.isArray(header) ? header[0] : header);
  if (name === null) return requireAuth ? { challenge: true } : { route: { kind: "direct" } };
  const upstream = upstreams && Object.hasOwn(upstreams, name) ? upstreams[name] : undefined;
  return upstream ? { route: { kind: "exit", name, upstream } } : { unknownExit: name };
}

// ---------------------------------------------------------------- policy

/**
 * Decide whether `host:port` may be reached and where exactly to connect.
 * Throws EgressBlockedError. DNS errors pass through.
 */
async function checkDestination(
  host: string,
  port: number,
  lookup: LookupAllFn | undefined,
): Promise<ResolvedTarget> {
  if (isChromiumBackgroundHost(host)) throw new EgressBlockedError(host, "background");
  const portOk = isTestHostname(host) || ALLOWED_PORTS.has(port);
  // A name on a bad port is refused before spending a DNS lookup on it. IP
  // literals and localhost need no lookup, so they are judged by their
  // address first: "not public" says more than "port".
  if (!portOk && !net.isIP(host) && !isLocalhostName(host)) throw new EgressBlockedError(host, "port");
  const target = await resolvePublic(host, port, lookup ? { lookup } : {});
  if (!portOk) throw new EgressBlockedError(host, "port", target.address);
  return target;
}

// ---------------------------------------------------------------- connecting

/** TCP connection to the checked address, directly or through the chosen exit. */
function openConnection(target: ResolvedTarget, route: Route, timeoutMs: number): Promise<net.Socket> {
  if (route.kind === "exit")
    return openUpstreamTunnel(route.upstream, target.address, target.port, timeoutMs);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: target.address, port: target.port });
    socket.setTimeout(timeoutMs, () =>
      socket.destroy(Object.assign(new Error("connect timed out"), { code: "ETIMEDOUT" })),
    );
    socket.once("error", reject);
    socket.once("connect", () => {
      socket.setTimeout(0);
      socket.off("error", reject);
      resolve(socket);
    });
  });
}

/** Register a socket so close() can tear it down, and never let its errors crash the process. */
function track(ctx: Ctx, socket: Duplex): void {
  ctx.sockets.add(socket);
  socket.on("error", () => socket.destroy());
  socket.once("close", () => ctx.sockets.delete(socket));
}

/** Splice two sockets together; when either side ends, end the other. */
function splice(a: Duplex, b: Duplex): void {
  a.pipe(b);
  b.pipe(a);
  a.once("close", () => b.destroy());
  b.once("close", () => a.destroy());
}

/** Answer a plain-http proxy request ourselves (refusal, challenge, failure). */
function sendHttp(
  res: http.ServerResponse,
  status: number,
  headers: Record<string, string>,
  text: string,
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", ...headers });
  res.end(text);
}

// ---------------------------------------------------------------- the three request kinds

/**
 * Shared front half of every handler: credentials -> route, then policy -> target.
 * Returns null after it has already answered the client.
 */
async function admit(
  ctx: Ctx,
  req: http.IncomingMessage,
  requireAuth: boolean,
  host: string,
  port: number,
  url: string | undefined,
  answer: { refuse(reason: EgressBlockReason): void; challenge(): void; fail(code: EgressFailureCode): void },
): Promise<{ target: ResolvedTarget; route: Route } | null> {
  const choice = chooseRoute(req, requireAuth, ctx.opts.upstreams);
  if ("challenge" in choice) {
    answer.challenge();
    return null;
  }
  if ("unknownExit" in choice) {
    ctx.blocked({ host, port, reason: "unknown_exit", url, exit: choice.unknownExit });
    answer.refuse("unknown_exit");
    return null;
  }
  const exit = choice.route.kind === "exit" ? choice.route.name : undefined;
  try {
    const target = await checkDestination(host, port, ctx.opts.lookup);
    return { target, route: choice.route };
  } catch (err) {
    if (err instanceof EgressBlockedError) {
      ctx.blocked({ host, port, address: err.address, reason: err.reason, url, exit });
      answer.refuse(err.reason);
    } else {
      const code = failureCode(err);
      ctx.failed({ host, port, code });
      answer.fail(code);
    }
    return null;
  }
}

/** `CONNECT host:port`: a raw tunnel (https, wss, and ws through a proxy). */
async function handleConnect(
  ctx: Ctx,
  requireAuth: boolean,
  req: http.IncomingMessage,
  client: Duplex,
  head: Buffer,
): Promise<void> {
  track(ctx, client);
  const reply = (text: string): void => void client.end(text);
  const dest = parseAuthority(req.url ?? "", 443);
  if (!dest) return reply("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");

  const admitted = await admit(ctx, req, requireAuth, dest.host, dest.port, undefined, {
    refuse: (reason) => reply(blockedHead(reason)),
    challenge: () => reply(challengeHead()),
    fail: (code) => reply(failureHead(code)),
  });
  if (!admitted || client.destroyed) return;

  let upstream: net.Socket;
  try {
    upstream = await openConnection(admitted.target, admitted.route, ctx.opts.connectTimeoutMs);
  } catch (err) {
    const code = failureCode(err);
    ctx.failed({ host: dest.host, port: dest.port, code });
    return reply(failureHead(code));
  }
  track(ctx, upstream);
  ctx.allowed();
  if (client.destroyed) return void upstream.destroy();
  client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
  if (head.length) upstream.write(head);
  splice(client, upstream);
}

/** Absolute-URI request for plain http: forward to the checked address, keeping Host. */
async function handleHttp(
  ctx: Ctx,
  requireAuth: boolean,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<void> {
  const dest = parseProxyTarget(req.url);
  if (!dest)
    return sendHttp(res, 400, {}, "This is a forward proxy: send absolute http:// URLs or CONNECT.\n");

  const admitted = await admit(ctx, req, requireAuth, dest.host, dest.port, dest.url.href, {
    refuse: (reason) =>
      sendHttp(res, 403, { "X-Egress-Blocked": reason }, `Blocked by the egress policy: ${reason}\n`),
    challenge: () =>
      sendHttp(res, 407, { "Proxy-Authenticate": AUTH_REALM }, "Proxy credentials required.\n"),
    fail: (code) =>
      sendHttp(
        res,
        code === "timeout" ? 504 : 502,
        { "X-Egress-Error": code },
        `Could not reach ${dest.host}: ${code}\n`,
      ),
  });
  if (!admitted) return;

  let socket: net.Socket;
  try {
    socket = await openConnection(admitted.target, admitted.route, ctx.opts.connectTimeoutMs);
  } catch (err) {
    const code = failureCode(err);
    ctx.failed({ host: dest.host, port: dest.port, code });
    return sendHttp(
      res,
      code === "timeout" ? 504 : 502,
      { "X-Egress-Error": code },
      `Could not reach ${dest.host}: ${code}\n`,
    );
  }
  track(ctx, socket);
  ctx.allowed();

  // One fresh, already-connected socket per request: no pooling keyed by
  // anything but the pinned address, so a request can never reuse a
  // connection made for another name.
  const headers = forwardHeaders(req.rawHeaders, false, new Set(["host"]));
  headers.push("Host", dest.url.host, "Connection", "close");
  const outbound = http.request({
    method: req.method,
    path: dest.url.pathname + dest.url.search,
    headers,
    createConnection: () => socket,
  });
  // An exit tunnel arrives paused (so no byte was lost before this request
  // took it over); the http client only listens, so let the bytes flow now.
  outbound.once("socket", (s) => s.resume());
  outbound.on("response", (upstreamRes) => {
    res.writeHead(
      upstreamRes.statusCode ?? 502,
      upstreamRes.statusMessage,
      forwardHeaders(upstreamRes.rawHeaders, false),
    );
    upstreamRes.pipe(res);
    upstreamRes.on("error", () => res.destroy());
  });
  outbound.on("error", (err) => {
    ctx.failed({ host: dest.host, port: dest.port, code: failureCode(err) });
    sendHttp(res, 502, { "X-Egress-Error": failureCode(err) }, `Connection to ${dest.host} failed.\n`);
  });
  res.on("close", () => outbound.destroy());
  req.pipe(outbound);
}

/** `GET http://host/ws` + `Upgrade:` without CONNECT (not Chromium's way, but other clients do it). */
async function handleUpgrade(
  ctx: Ctx,
  requireAuth: boolean,
  req: http.IncomingMessage,
  client: Duplex,
  head: Buffer,
): Promise<void> {
  track(ctx, client);
  const dest = parseProxyTarget(req.url);
  if (!dest)
    return void client.end("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");

  const admitted = await admit(ctx, req, requireAuth, dest.host, dest.port, dest.url.href, {
    refuse: (reason) => client.end(blockedHead(reason)),
    challenge: () => client.end(challengeHead()),
    fail: (code) => client.end(failureHead(code)),
  });
  if (!admitted) return;

  let upstream: net.Socket;
  try {
    upstream = await openConnection(admitted.target, admitted.route, ctx.opts.connectTimeoutMs);
  } catch (err) {
    const code = failureCode(err);
    ctx.failed({ host: dest.host, port: dest.port, code });
    return void client.end(failureHead(code));
  }
  track(ctx, upstream);
  ctx.allowed();
  const headers = forwardHeaders(req.rawHeaders, true);
  let text = `${req.method} ${dest.url.pathname}${dest.url.search} HTTP/1.1\r\n`;
  for (let i = 0; i < headers.length; i += 2) text += `${headers[i]}: ${headers[i + 1]}\r\n`;
  upstream.write(`${text}\r\n`);
  if (head.length) upstream.write(head);
  splice(client, upstream);
}

// ---------------------------------------------------------------- server

function createProxyServer(ctx: Ctx, requireAuth: boolean): http.Server {
  const server = http.createServer((req, res) => void handleHttp(ctx, requireAuth, req, res));
  server.on(
    "connect",
    (req: http.IncomingMessage, socket: Duplex, head: Buffer) =>
      void handleConnect(ctx, requireAuth, req, socket, head),
  );
  server.on(
    "upgrade",
    (req: http.IncomingMessage, socket: Duplex, head: Buffer) =>
      void handleUpgrade(ctx, requireAuth, req, socket, head),
  );
  server.on("connection", (socket: net.Socket) => track(ctx, socket));
  // A malformed request from a page must not take the proxy down.
  server.on("clientError", (_err, socket) => socket.destroy());
  return server;
}

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    // Loopback only: the proxy is for this process's browser, nobody else.
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve((server.address() as net.AddressInfo).port);
    });
  });
}

function latest<T extends { host: string; at: number }>(
  list: T[],
  host: string,
  withinMs: number,
): T | undefined {
  const h = normalizeHostname(host);
  const since = Date.now() - withinMs;
  for (let i = list.length - 1; i >= 0; i--) {
    const e = list[i]!;
    if (e.at < since) return undefined;
    if (e.host === h) return e;
  }
  return undefined;
}

function remember<T>(list: T[], item: T): void {
  list.push(item);
  if (list.length > HISTORY_SIZE) list.shift();
}

/** Start the egress proxy on a random loopback port. */
export async function startEgressProxy(opts: EgressProxyOptions = {}): Promise<EgressProxy> {
  const listeners = new Set<(e: EgressBlockedEvent) => void>();
  const blockedHistory: EgressBlockedEvent[] = [];
  const failureHistory: EgressFailureEvent[] = [];
  const stats = { allowed: 0, blocked: 0, background: 0, failed: 0 };

  const ctx: Ctx = {
    opts: { ...opts, connectTimeoutMs: opts.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS },
    sockets: new Set(),
    allowed: () => void stats.allowed++,
    failed: (e) => {
      stats.failed++;
      remember(failureHistory, { ...e, at: Date.now() });
    },
    blocked: (e) => {
      // Chromium's own background traffic is refused quietly: it is not the page's doing.
      if (e.reason === "background") {
        stats.background++;
        return;
      }
      stats.blocked++;
      const event: EgressBlockedEvent = { ...e, at: Date.now() };
      remember(blockedHistory, event);
      for (const l of listeners) {
        try {
          l(event);
        } catch {
          // A faulty listener must not break the proxy.
        }
      }
    },
  };

  const servers = [createProxyServer(ctx, false)];
  const hasExits = !!opts.upstreams && Object.keys(opts.upstreams).length > 0;
  if (hasExits) servers.push(createProxyServer(ctx, true));
  const ports = await Promise.all(servers.map(listen));
  const port = ports[0]!;

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    exitUrl: hasExits ? `http://127.0.0.1:${ports[1]}` : null,
    stats,
    onBlocked(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    blockedFor: (host, withinMs = 60_000) => latest(blockedHistory, host, withinMs),
    failureFor: (host, withinMs = 60_000) => latest(failureHistory, host, withinMs),
    async close() {
      const closed = servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve())));
      for (const s of ctx.sockets) s.destroy();
      ctx.sockets.clear();
      await Promise.all(closed);
    },
  };
}
