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
 * Launch Chromium with egressChromiumArgs(proxy.url) (see chromium-egress.ts). The request
 * handlers are egress-relay.ts's, admitted by egress-admission.ts; the events and options are
 * egress-events.ts's.
 */
import type http from "node:http";
import type net from "node:net";
import { createProxyServer } from "./egress-relay";
import type {
  EgressBlockedEvent,
  EgressFailureEvent,
  EgressProxyOptions,
  ProxyContext,
} from "./egress-events";
import { normalizeHostname } from "./resolve";

export { egressChromiumArgs, isChromiumBackgroundHost } from "./chromium-egress";
export type { EgressBlockedEvent, EgressFailureEvent, EgressProxyOptions } from "./egress-events";
export type { UpstreamMap, UpstreamProxy } from "./proxy-upstream";
export type { EgressFailureCode } from "./proxy-wire";

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

const DEFAULT_CONNECT_TIMEOUT_MS = 15_000;
/** How many recent refusals/failures blockedFor()/failureFor() can look back through. */
const HISTORY_SIZE = 256;

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

  const ctx: ProxyContext = {
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
