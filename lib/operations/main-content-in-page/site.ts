/**
 * The site is the page's host and the host its canonical address names: a page served from a
 * mirror, a CDN or an AMP cache links to its own site by absolute address.
 */
let siteHosts: string[] | null = null;

function isSiteHost(host: string): boolean {
  const www = /^www\./;
  if (!siteHosts) {
    const hosts = [location.host];
    const declared = document.querySelector(
      'link[rel~=canonical i][href], meta[property="og:url" i][content]',
    );
    try {
      if (declared)
        hosts.push(
          new URL(declared.getAttribute("href") || declared.getAttribute("content") || "", document.baseURI)
            .host,
        );
    } catch {
      // An address the URL parser refuses names no host.
    }
    siteHosts = hosts.map((h) => h.replace(www, ""));
  }
  return siteHosts.indexOf(host.replace(www, "")) >= 0;
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
