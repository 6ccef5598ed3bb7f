/**
 * robots.txt (spec 7.4 "The site's robots.txt disallows this page…"). Only consulted when the
 * project is set to follow robots.txt. Decisions:
 *  - rules are matched for the product token of BOT_USER_AGENT (`PageToDataBot`), falling back to
 *    the `*` group, with robots-parser's RFC 9309 longest-match semantics;
 *  - 2xx: the file's rules; 4xx (no file, forbidden): everything allowed, as RFC 9309 says;
 *  - 5xx or unreachable: allowed. RFC 9309 suggests "disallow all" here, but a broken robots.txt
 *    server would then fail every request of a project for a day; we prefer to serve the page and
 *    retry the file sooner (ERROR_TTL_MS instead of 24 h);
 *  - at most 500 KiB of the file is read (the RFC's minimum a crawler must parse);
 *  - one fetch per origin per 24 h, cached in the database (RobotsCache) for all workers.
 */
import robotsParser from "robots-parser";
import { OperationFailure } from "@/lib/failures";
import { db } from "@/lib/db";
import { safeFetch, type SafeFetchInit, type SafeFetchResponse } from "@/lib/net/safe-fetch";
import { BOT_USER_AGENT } from "./user-agent";

export { BOT_USER_AGENT } from "./user-agent";

export type RobotsPolicy = "follow" | "ignore";

export const ROBOTS_TTL_MS = 24 * 60 * 60 * 1000;
/** 5xx / unreachable answers are cached briefly so a flapping server is asked again soon. */
export const ERROR_TTL_MS = 60 * 60 * 1000;
const MAX_ROBOTS_BYTES = 500 * 1024;
/** Status we store when the file could not be fetched at all. */
const UNREACHABLE = 0;

export interface RobotsRecord {
  body: string;
  status: number;
  fetchedAt: number;
}

export interface RobotsStore {
  get(origin: string): Promise<RobotsRecord | null>;
  put(origin: string, record: RobotsRecord): Promise<void>;
}

export interface RobotsOptions {
  policy: RobotsPolicy;
  store?: RobotsStore;
  now?: () => number;
  fetch?: (url: string, init: SafeFetchInit) => Promise<SafeFetchResponse>;
}

export const prismaRobotsStore: RobotsStore = {
  async get(origin) {
    const row = await db().robotsCache.findUnique({ where: { origin } });
    return row ? { body: row.body, status: row.status, fetchedAt: row.fetchedAt.getTime() } : null;
  },
  async put(origin, r) {
    const data = { body: r.body, status: r.status, fetchedAt: new Date(r.fetchedAt) };
    await db().robotsCache.upsert({ where: { origin }, create: { origin, ...data }, update: data });
  },
};

function isFresh(r: RobotsRecord, now: number): boolean {
  const ok = r.status >= 200 && r.status < 500;
  return now - r.fetchedAt < (ok ? ROBOTS_TTL_MS : ERROR_TTL_MS);
}

async function fetchRobots(origin: string, opts: RobotsOptions, now: number): Promise<RobotsRecord> {
  const fetcher = opts.fetch ?? safeFetch;
  try {
    const res = await fetcher(`${origin}/robots.txt`, {
      headers: { "user-agent": BOT_USER_AGENT, accept: "text/plain,*/*;q=0.5" },
      maxBytes: MAX_ROBOTS_BYTES,
      timeoutMs: 10_000,
    });
    return {
      body: res.status >= 200 && res.status < 300 ? res.body : "",
      status: res.status,
      fetchedAt: now,
    };
  } catch {
    return { body: "", status: UNREACHABLE, fetchedAt: now };
  }
}

/** The robots.txt record for `origin`, from the cache when fresh. */
export async function robotsFor(origin: string, opts: RobotsOptions): Promise<RobotsRecord> {
  const store = opts.store ?? prismaRobotsStore;
  const now = (opts.now ?? Date.now)();
  const cached = await store.get(origin);
  if (cached && isFresh(cached, now)) return cached;
  const fresh = await fetchRobots(origin, opts, now);
  await store.put(origin, fresh);
  return fresh;
}

/** Throws OperationFailure('robots_disallowed') when the project follows robots.txt and it covers `url`. */
export async function checkRobots(url: string, opts: RobotsOptions): Promise<void> {
  if (opts.policy === "ignore") return;
  const target = new URL(url);
  const record = await robotsFor(target.origin, opts);
  // Only a 2xx file has rules; 4xx means "no restrictions", 5xx/unreachable is allowed (see top).
  if (record.status < 200 || record.status >= 300) return;
  const robots = robotsParser(`${target.origin}/robots.txt`, record.body);
  if (robots.isDisallowed(target.href, BOT_USER_AGENT)) {
    throw new OperationFailure(
      "robots_disallowed",
      `robots.txt of ${target.origin} disallows ${target.pathname}`,
    );
  }
}

/** What a crawler reads from one origin's robots.txt (lib/crawl: map and crawl obey it always). */
export interface RobotsRules {
  allowed(url: string): boolean;
  /** Crawl-delay for our user agent (or `*`), in ms; 0 when none. */
  crawlDelayMs: number;
  /** The file's `Sitemap:` lines. */
  sitemaps: string[];
}

/** Longest Crawl-delay we honour: a larger one would stall a crawl for hours (docs/decisions.md). */
export const MAX_CRAWL_DELAY_MS = 30_000;

export async function robotsRules(origin: string, opts: Partial<RobotsOptions> = {}): Promise<RobotsRules> {
  const record = await robotsFor(origin, { policy: "follow", ...opts });
  // As checkRobots: only a 2xx file has rules; 4xx means none, 5xx/unreachable is allowed.
  if (record.status < 200 || record.status >= 300)
    return { allowed: () => true, crawlDelayMs: 0, sitemaps: [] };
  const robots = robotsParser(`${origin}/robots.txt`, record.body);
  const delay = robots.getCrawlDelay(BOT_USER_AGENT) ?? 0;
  return {
    allowed: (url) => !robots.isDisallowed(url, BOT_USER_AGENT),
    crawlDelayMs: Math.min(MAX_CRAWL_DELAY_MS, Math.max(0, delay * 1000)),
    sitemaps: robots.getSitemaps(),
  };
}
