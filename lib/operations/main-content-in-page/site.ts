import { siteHostsOf, withoutWww } from "../in-page-shared/site";

/** The page's site (in-page-shared/site.ts), read at the first question. */
let siteHosts: string[] | null = null;

function isSiteHost(host: string): boolean {
  if (!siteHosts) siteHosts = siteHostsOf(document, location.host);
  return siteHosts.indexOf(withoutWww(host)) >= 0;
}

/** A link to another page of this site (not an anchor within this page, not another site). */
export function toOtherPageOfSite(href: string | null): boolean {
  if (!href || href.charAt(0) === "#") return false;
  try {
    const u = new URL(href, document.baseURI);
    return (
      isSiteHost(u.host) &&
      (u.host !== location.host || u.pathname !== location.pathname || u.search !== location.search)
    );
  } catch {
    return false;
  }
}
