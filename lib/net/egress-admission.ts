/**
 * The front half of every egress proxy request: which route its credentials choose (direct, or
 * a residential exit), whether the egress policy admits its destination (resolved here, so the
 * connection goes to exactly the address checked), and the TCP connection to it.
 */
import type http from "node:http";
import net from "node:net";
import { isChromiumBackgroundHost } from "./chromium-egress";
import { EgressBlockedError, type EgressBlockReason } from "./errors";
import type { ProxyContext } from "./egress-events";
import { openUpstreamTunnel, proxyUsername, type UpstreamMap, type UpstreamProxy } from "./proxy-upstream";
import { failureCode, type EgressFailureCode } from "./proxy-wire";
import { isLocalhostName, resolvePublic, type LookupAllFn, type ResolvedTarget } from "./resolve";
import { isTestHostname } from "./test-hosts";

/** Real hosts may only be reached on the web's default ports (`.test` ports are mapped by resolvePublic). */
const ALLOWED_PORTS = new Set([80, 443]);

/** Where an admitted connection goes: straight to the checked address, or through a residential exit. */
export type Route = { kind: "direct" } | { kind: "exit"; name: string; upstream: UpstreamProxy };

/** Outcome of reading the proxy credentials. */
type RouteChoice = { route: Route } | { challenge: true } | { unknownExit: string };

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
export function openConnection(target: ResolvedTarget, route: Route, timeoutMs: number): Promise<net.Socket> {
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

// ---------------------------------------------------------------- admission

/**
 * Shared front half of every handler: credentials -> route, then policy -> target.
 * Returns null after it has already answered the client.
 */
export async function admit(
  ctx: ProxyContext,
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
