import { OperationFailure } from "@/lib/failures";
import { EgressBlockedError, SafeFetchError } from "@/lib/net/errors";
import { safeFetch } from "@/lib/net/safe-fetch";
import { isHtmlContentType } from "@/lib/page/failures";
import { BOT_USER_AGENT, robotsRules, type RobotsRules } from "@/lib/page/robots";
import { visitPage } from "@/lib/page/visit";
import { linksInHtml, linksInPage } from "./links";
import { renderedLinks } from "./map-render";
import { sitemapPages } from "./sitemap";
import type { Scope } from "./urls";

/**
 * Finding a site's pages without rendering where possible (POST /map, and a crawl's start): its
 * robots.txt, its sitemaps, the links of its start page. Every fetch passes the egress guard and
 * the URL policy; robots.txt is obeyed for every URL returned.
 */

/** robots.txt rules per origin, read once per map or crawl step (the file itself is cached for a day). */
export class RobotsBook {
  private readonly byOrigin = new Map<string, Promise<RobotsRules>>();

  rules(url: URL): Promise<RobotsRules> {
    let rules = this.byOrigin.get(url.origin);
    if (!rules) {
      rules = robotsRules(url.origin);
      this.byOrigin.set(url.origin, rules);
    }
    return rules;
  }

  async allowed(url: URL): Promise<boolean> {
    return (await this.rules(url)).allowed(url.href);
  }
}

/** The sitemap files to read for a start page: robots.txt's `Sitemap:` lines, else /sitemap.xml. */
export async function sitemapRoots(start: URL, robots: RobotsBook): Promise<string[]> {
  const listed = (await robots.rules(start)).sitemaps;
  return [...new Set([...listed, new URL("/sitemap.xml", start.origin).href])];
}

/** Page URLs the site's sitemaps list (raw, as written), at most `max`. */
export async function sitemapLinks(start: URL, robots: RobotsBook, max: number, deadline: number) {
  return sitemapPages(await sitemapRoots(start, robots), max, deadline);
}

const PLAIN_FETCH_TIMEOUT_MS = 15_000;
const PLAIN_FETCH_MAX_BYTES = 5 * 1024 * 1024;

/** Why a plain fetch of the start page failed, in the spec's words (§7.4). */
function fetchFailure(err: unknown): OperationFailure {
  if (err instanceof EgressBlockedError) return new OperationFailure("not_public", err.message);
  if (err instanceof SafeFetchError) {
    if (err.code === "timeout") return new OperationFailure("timeout", err.message);
    if (err.code === "too_many_redirects") return new OperationFailure("too_many_redirects", err.message);
    if (/ENOTFOUND|EAI_AGAIN/.test(err.nodeCode ?? err.message))
      return new OperationFailure("not_found", err.message);
    if (/ECONNREFUSED/.test(err.nodeCode ?? err.message))
      return new OperationFailure("connection_refused", err.message);
  }
  return new OperationFailure("load_failed", err instanceof Error ? err.message : String(err));
}

/** Renders a page in a browser and reads its links (a visit in this process, or on a worker). */
export type RenderLinks = (url: string, organization: string) => Promise<string[]>;

/** A browser visit in this process: for code that already runs as a job (a crawl's page). */
const renderHere: RenderLinks = (url, organization) =>
  visitPage({ url, organization, loadPolicy: "text" }, (snap) => linksInPage(snap.page));

/**
 * The links of a page as served, without a browser; when the HTML holds none (a page that builds
 * its links with scripts), one browser visit in `organization`'s context reads them (`render`).
 * Throws an OperationFailure when the page cannot be read at all.
 */
export async function pageLinks(url: URL, organization: string, render = renderHere): Promise<string[]> {
  let res;
  try {
    res = await safeFetch(url.href, {
      headers: { "user-agent": BOT_USER_AGENT, accept: "text/html,application/xhtml+xml,*/*;q=0.5" },
      maxBytes: PLAIN_FETCH_MAX_BYTES,
      timeoutMs: PLAIN_FETCH_TIMEOUT_MS,
    });
  } catch (err) {
    throw fetchFailure(err);
  }
  if (res.status === 404 || res.status === 410) throw new OperationFailure("not_found", `HTTP ${res.status}`);
  const html = res.status < 400 && isHtmlContentType(res.headers["content-type"]) ? res.body : "";
  const links = html ? linksInHtml(html, res.url) : [];
  if (links.length) return links;
  // Nothing to read without scripts (or the server answers browsers only): render it once.
  return render(url.href, organization);
}

export interface MapOptions {
  scope: Scope;
  limit: number;
  organization: string;
  /** Epoch ms: discovery stops then with what it has. */
  deadline: number;
}

/**
 * POST /map: the start page, the sitemap's pages, then the start page's links, each in its one
 * form, same site, allowed by robots.txt, passing include/exclude, at most `limit`. Throws the
 * start page's failure only when nothing at all could be found.
 */
export async function mapSite({ scope, limit, organization, deadline }: MapOptions): Promise<string[]> {
  const robots = new RobotsBook();
  const found = new Set<string>();
  const consider = async (href: string, base?: string) => {
    if (found.size >= limit) return;
    const url = scope.take(href, base);
    if (!url || found.has(url.href) || !(await robots.allowed(url))) return;
    found.add(url.href);
  };
  const start = scope.start;
  await consider(start.href);
  // Raw entries may be off site, disallowed or filtered out: read more than `limit` of them.
  const listed = await sitemapLinks(start, robots, Math.min(limit * 4, 50_000), deadline);
  for (const href of listed) await consider(href);
  let startFailure: OperationFailure | undefined;
  if (found.size < limit && Date.now() < deadline) {
    try {
      // The web process renders nothing itself: the visit is a job, on a worker (./map-render.ts).
      const onWorker: RenderLinks = (href, org) => renderedLinks(href, org, deadline);
      for (const href of await pageLinks(start, organization, onWorker)) await consider(href);
    } catch (err) {
      if (!(err instanceof OperationFailure)) throw err;
      startFailure = err;
    }
  }
  // The start page is unreachable and no sitemap vouches for any page: there is no site to map.
  if (startFailure && found.size <= 1 && listed.length === 0) throw startFailure;
  return [...found];
}
