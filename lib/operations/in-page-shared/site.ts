/**
 * A page's site is its own host and the host its canonical address names: a page served from a
 * mirror, a CDN or an AMP cache links to its own site by absolute address. Hosts without "www.".
 */
export function siteHostsOf(doc: Document, host: string): string[] {
  const hosts = [host];
  const declared = doc.querySelector('link[rel~=canonical i][href], meta[property="og:url" i][content]');
  try {
    if (declared)
      hosts.push(
        new URL(declared.getAttribute("href") || declared.getAttribute("content") || "", doc.baseURI).host,
      );
  } catch {
    // An address the URL parser refuses names no host.
  }
  return hosts.map(withoutWww);
}

export function withoutWww(host: string): string {
  return host.replace(/^www\./, "");
}
