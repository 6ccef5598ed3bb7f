/**
 * What Chromium needs to send all of its traffic through the egress proxy,
 * and which of Chromium's own requests the proxy drops.
 */

/**
 * Launch flags that route every browser connection through the egress proxy.
 *
 * - `--proxy-server=<url>`: all http/https/ws/wss traffic goes to the proxy.
 *   With a fixed proxy, Chromium does not resolve page hostnames itself; the
 *   proxy resolves, checks and pins them.
 * - `--proxy-bypass-list=<-loopback>`: Chromium otherwise sends 127.0.0.1,
 *   localhost and [::1] *around* any proxy (an implicit bypass rule), which
 *   would let a page reach local services directly. `<-loopback>` removes the
 *   implicit rule. (Playwright adds it for per-context proxies by itself.)
 * - `--webrtc-ip-handling-policy=disable_non_proxied_udp` (and
 *   `--force-webrtc-ip-handling-policy=...`): WebRTC can send UDP
 *   (STUN/TURN/ICE) to any address without touching the proxy; this policy
 *   keeps WebRTC on proxied TCP only. Verified on Chromium 156 (Debian): the
 *   `--webrtc-ip-handling-policy` spelling is the one that works — with only
 *   the `--force-` spelling, a page still sent STUN to 127.0.0.1. The
 *   `--force-` spelling is kept for builds that read that one instead.
 *   tests/net/egress-proxy.test.ts checks this with a UDP canary.
 */
export function egressChromiumArgs(proxyUrl: string): string[] {
  return [
    `--proxy-server=${proxyUrl}`,
    "--proxy-bypass-list=<-loopback>",
    "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
    "--webrtc-ip-handling-policy=disable_non_proxied_udp",
  ];
}

/**
 * Hosts Chromium talks to on its own (updates, component downloads, account
 * and sync, safe browsing, variations). `--disable-background-networking`
 * stops most of it, but what remains arrives at the proxy. Pages never need
 * these, so the proxy refuses them quietly (no onBlocked event: they are not
 * the page's doing).
 *
 * Deliberately NOT the whole of `*.googleapis.com` / `*.gstatic.com`: pages
 * load Google Fonts (fonts.googleapis.com, fonts.gstatic.com), hosted
 * libraries (ajax.googleapis.com) and storage buckets from there.
 */
const BACKGROUND_EXACT = new Set([
  "accounts.google.com",
  "update.googleapis.com",
  "safebrowsing.googleapis.com",
  "sb-ssl.google.com",
  "clientservices.googleapis.com",
  "optimizationguide-pa.googleapis.com",
  "content-autofill.googleapis.com",
  "chromesyncpasswords-pa.googleapis.com",
  "chromewebstore.googleapis.com",
  "android.clients.google.com",
  "tools.google.com",
  "dl.google.com",
]);

const BACKGROUND_SUFFIXES = [".gvt1.com", ".gvt2.com", ".gvt3.com"];

/** clients1.google.com … clients6.google.com (crash reports, updates, suggestions). */
const CLIENTS_HOST = /^clients\d*\.google\.com$/;

export function isChromiumBackgroundHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, "");
  if (BACKGROUND_EXACT.has(h) || CLIENTS_HOST.test(h)) return true;
  return h === "gvt1.com" || h === "gvt2.com" || BACKGROUND_SUFFIXES.some((s) => h.endsWith(s));
}
