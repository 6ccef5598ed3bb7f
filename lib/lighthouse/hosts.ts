/**
 * Which hosts the page's documents came from: the names whose egress-proxy records can explain a
 * failed load. The report alone is not enough: when an https redirect is refused, Chromium shows
 * an error page and the report's URLs are `chrome-error://`, so the redirect chain is read from the
 * DevTools log Lighthouse recorded (kept as DevtoolsLogError when the load failed).
 */
import type { RunnerResult } from "lighthouse";

function hostOf(url: unknown): string | null {
  if (typeof url !== "string") return null;
  try {
    const u = new URL(url);
    return u.protocol === "http:" || u.protocol === "https:" ? u.hostname.replace(/^\[|\]$/g, "") : null;
  } catch {
    return null;
  }
}

/** Document request URLs (every hop of a redirect is its own requestWillBeSent) in the log. */
function documentUrls(log: unknown): unknown[] {
  if (!Array.isArray(log)) return [];
  const urls: unknown[] = [];
  for (const entry of log as {
    method?: unknown;
    params?: { type?: unknown; request?: { url?: unknown } };
  }[]) {
    if (entry?.method === "Network.requestWillBeSent" && entry.params?.type === "Document")
      urls.push(entry.params.request?.url);
  }
  return urls;
}

/** The requested host first, then every document host Lighthouse saw, in order, without repeats. */
export function documentHosts(target: URL, result?: RunnerResult): string[] {
  const lhr = result?.lhr;
  const artifacts = result?.artifacts as { DevtoolsLogError?: unknown; DevtoolsLog?: unknown } | undefined;
  return hostsOf([
    target.href,
    ...documentUrls(artifacts?.DevtoolsLogError),
    ...documentUrls(artifacts?.DevtoolsLog),
    lhr?.mainDocumentUrl,
    lhr?.finalDisplayedUrl,
  ]);
}

/** The http(s) hosts of `urls`, in order, without repeats. */
export function hostsOf(urls: readonly unknown[]): string[] {
  const hosts = new Set<string>();
  for (const u of urls) {
    const h = hostOf(u);
    if (h) hosts.add(h);
  }
  return [...hosts];
}
