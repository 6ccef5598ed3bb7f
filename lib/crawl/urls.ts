import { getDomain } from "tldts";
import { checkPublicUrl } from "@/lib/net/url-policy";
import type { ScopeSpec } from "@/lib/schemas/crawl";

/**
 * One form per URL (docs/decisions.md, issue 24): what map returns and what a crawl's frontier keys
 * on. Fragments go (never sent to the server), tracking parameters go (they select no other
 * content), the remaining query parameters are sorted, the host is lower case without its trailing
 * dot, a default port is dropped, and a same-site page takes the start page's scheme.
 */

/** Query parameters that only say where a click came from. */
const TRACKING_PARAMS = new Set([
  "gclid",
  "dclid",
  "gbraid",
  "wbraid",
  "gclsrc",
  "fbclid",
  "msclkid",
  "yclid",
  "twclid",
  "ttclid",
  "li_fat_id",
  "igshid",
  "mc_cid",
  "mc_eid",
  "_ga",
  "_gl",
  "_hsenc",
  "_hsmi",
  "mkt_tok",
  "vero_id",
  "oly_anon_id",
  "oly_enc_id",
  "rb_clickid",
  "s_cid",
  "ref_src",
]);

function isTracking(name: string): boolean {
  const n = name.toLowerCase();
  return n.startsWith("utm_") || TRACKING_PARAMS.has(n);
}

/** Paths that are certainly not web pages: no visit, no entry (a crawl would only fail on them). */
const NOT_A_PAGE =
  /\.(?:jpe?g|png|gif|webp|avif|svg|ico|bmp|tiff?|pdf|zip|gz|tgz|bz2|xz|7z|rar|tar|dmg|exe|msi|apk|deb|rpm|iso|mp[34]|m4[av]|mov|avi|wmv|mkv|webm|ogg|ogv|wav|flac|aac|woff2?|ttf|otf|eot|css|js|mjs|json|xml|rss|atom|csv|xlsx?|docx?|pptx?|odt|ods|epub)$/i;

export function looksLikePage(url: URL): boolean {
  return !NOT_A_PAGE.test(url.pathname);
}

/** The one form of `href` (resolved against `base`), or null when it is no http(s) address. */
export function normalizeLink(href: string, base?: string | URL): URL | null {
  let url: URL;
  try {
    url = new URL(href.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  url.hash = "";
  url.username = "";
  url.password = "";
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (host !== url.hostname) url.hostname = host;
  const kept = [...url.searchParams].filter(([name]) => !isTracking(name));
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  url.search = kept.length ? new URLSearchParams(kept).toString() : "";
  return url;
}

/** The host without a leading `www.`: `www.example.com` and `example.com` are one site. */
function siteHost(host: string): string {
  return host.startsWith("www.") ? host.slice(4) : host;
}

/**
 * Decides which URLs belong to a crawl or map of `start`: same site (its host, with or without
 * `www.`; with `includeSubdomains`, any host under its registrable domain), a public address by the
 * spec's URL rules, a web page by its extension, and its path passing include/exclude.
 */
export class Scope {
  private readonly host: string;
  private readonly domain: string;
  private readonly include: RegExp[];
  private readonly exclude: RegExp[];

  constructor(
    readonly start: URL,
    private readonly spec: ScopeSpec,
  ) {
    this.host = siteHost(start.hostname);
    this.domain = getDomain(start.hostname) ?? this.host;
    this.include = spec.includePaths.map((p) => new RegExp(p));
    this.exclude = spec.excludePaths.map((p) => new RegExp(p));
  }

  /** The URL in its one form when it is a page of this site (whatever the paths say), else null. */
  onSite(href: string, base?: string | URL): URL | null {
    const url = normalizeLink(href, base);
    if (!url || !looksLikePage(url)) return null;
    const host = siteHost(url.hostname);
    const same =
      host === this.host ||
      (this.spec.includeSubdomains && (host === this.domain || host.endsWith(`.${this.domain}`)));
    if (!same) return null;
    // One scheme per site: http and https links to the same page are one page.
    if (url.protocol !== this.start.protocol) url.protocol = this.start.protocol;
    if (!checkPublicUrl(url.href).ok) return null;
    return url;
  }

  /** include_paths / exclude_paths: whether a page is returned and followed. */
  pathWanted(url: URL): boolean {
    const path = url.pathname;
    if (this.include.length && !this.include.some((r) => r.test(path))) return false;
    return !this.exclude.some((r) => r.test(path));
  }

  /** Both: the URL in its one form when the crawl or map takes it. */
  take(href: string, base?: string | URL): URL | null {
    const url = this.onSite(href, base);
    return url && this.pathWanted(url) ? url : null;
  }
}
