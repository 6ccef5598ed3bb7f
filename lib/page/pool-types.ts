import type { EgressProxy, EgressProxyOptions } from "@/lib/net/egress-proxy";
import type { Page } from "playwright-core";
import type { PoolConfig } from "./config";

/** The browser pool's public shapes (browser-pool.ts): what a caller asks for and gets back. */
/** What only a browser context can set, and whose state it may hold. */
export interface ContextSettings {
  /** The organization the visit is for: a context never serves two organizations. */
  organization: string;
  deviceScaleFactor: number;
  /** Residential exit name (proxy username); undefined = the standard network. */
  exit?: string;
  /**
   * The visit blocks cookie banners: only such contexts get autoconsent's message binding, a
   * page→Node channel with no size limit that other pages must not have at all.
   */
  cookieBanners?: boolean;
}

/** A page request: the context it needs and the host it will load (for the fair queue). */
export interface PageRequest extends ContextSettings {
  host: string;
}

export interface PageLease {
  page: Page;
  egress: EgressProxy;
  /** True when the browser died under this page (the job may be retried on a fresh browser). */
  browserLost(): boolean;
  /**
   * Frees the slot and closes the page (callers need not wait for the close). Safe to call twice.
   * `reuse`: the visit ended cleanly and changed nothing about the page but its document and its
   * routes, so the page may serve the same organization's next visit (see `recycle`).
   */
  release(reuse?: boolean): Promise<void>;
}

export interface PoolStats {
  running: number;
  queued: number;
  launches: number;
  contextsCreated: number;
  /** Contexts closed to keep the warm set within maxContexts. */
  contextsEvicted: number;
  /** Idle contexts kept warm right now. */
  contextsIdle: number;
  pagesServed: number;
  /** Pages reset after a text visit and handed to the same context's next visit. */
  pagesRecycled: number;
  /** Browsers retired for holding more memory than browserMaxRssMb. */
  memoryRetirements: number;
  /** Browsers retired for missing a call's deadline (lib/page/deadline.ts). */
  wedgedBrowsers: number;
}

export interface BrowserPoolOptions {
  config?: Partial<PoolConfig>;
  /** Egress proxy options; residential upstreams default to RESIDENTIAL_EXITS. */
  egress?: EgressProxyOptions;
}
