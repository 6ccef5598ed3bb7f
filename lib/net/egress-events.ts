import type { Duplex } from "node:stream";
import type { EgressBlockReason } from "./errors";
import type { UpstreamMap } from "./proxy-upstream";
import type { EgressFailureCode } from "./proxy-wire";
import type { LookupAllFn } from "./resolve";

/**
 * What the egress proxy (egress-proxy.ts) is configured with and what it reports: refusals by
 * the egress policy, and failures to reach an allowed destination.
 */

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

/** The proxy as its request handlers see it: its options, its open sockets, where they report. */
export interface ProxyContext {
  opts: Required<Pick<EgressProxyOptions, "connectTimeoutMs">> & EgressProxyOptions;
  sockets: Set<Duplex>;
  blocked(e: Omit<EgressBlockedEvent, "at">): void;
  failed(e: Omit<EgressFailureEvent, "at">): void;
  allowed(): void;
}
