/**
 * The three kinds of request the egress proxy answers, each admitted first (egress-admission.ts):
 *   - `CONNECT host:port` for https/wss (and ws through a proxy): a raw tunnel to the checked
 *     address; TLS stays end-to-end.
 *   - absolute-URI requests (`GET http://host/path`) for plain http: forwarded to the checked
 *     address keeping the original Host header.
 *   - `GET http://host/ws` + `Upgrade:` without CONNECT.
 */
import http from "node:http";
import type net from "node:net";
import type { Duplex } from "node:stream";
import { admit, openConnection } from "./egress-admission";
import type { ProxyContext } from "./egress-events";
import {
  AUTH_REALM,
  blockedHead,
  challengeHead,
  failureCode,
  failureHead,
  forwardHeaders,
  parseAuthority,
  parseProxyTarget,
} from "./proxy-wire";

/** Register a socket so close() can tear it down, and never let its errors crash the process. */
function track(ctx: ProxyContext, socket: Duplex): void {
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

/** `CONNECT host:port`: a raw tunnel (https, wss, and ws through a proxy). */
async function handleConnect(
  ctx: ProxyContext,
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
  ctx: ProxyContext,
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
  ctx: ProxyContext,
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

export function createProxyServer(ctx: ProxyContext, requireAuth: boolean): http.Server {
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
