import zlib from "node:zlib";
import { XMLParser } from "fast-xml-parser";
import { safeFetch } from "@/lib/net/safe-fetch";
import { BOT_USER_AGENT } from "@/lib/page/robots";

/**
 * A site's sitemaps (sitemaps.org): the `Sitemap:` lines of its robots.txt and /sitemap.xml,
 * sitemap indexes followed, gzip files unpacked. Every file comes through the egress-guarded
 * fetch. Bounded: a sitemap may list millions of URLs, we need at most `max`.
 */

const MAX_FILES = 50;
const MAX_INDEX_DEPTH = 3;
/** The sitemaps.org limit for one (uncompressed) file. */
const MAX_FILE_BYTES = 50 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 10_000;

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  isArray: (name) => name === "url" || name === "sitemap",
  processEntities: true,
  parseTagValue: false,
});

interface Parsed {
  urlset?: { url?: Array<{ loc?: unknown }> };
  sitemapindex?: { sitemap?: Array<{ loc?: unknown }> };
}

function locs(entries: Array<{ loc?: unknown }> | undefined): string[] {
  return (entries ?? []).flatMap((e) => (typeof e?.loc === "string" && e.loc.trim() ? [e.loc.trim()] : []));
}

function isGzip(bytes: Buffer): boolean {
  return bytes.length > 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** One sitemap file: its page URLs and the sitemaps it points to. Empty when unreadable. */
async function readSitemap(url: string): Promise<{ pages: string[]; sitemaps: string[] }> {
  const none = { pages: [], sitemaps: [] };
  try {
    const res = await safeFetch(url, {
      headers: { "user-agent": BOT_USER_AGENT, accept: "application/xml,text/xml,*/*;q=0.5" },
      maxBytes: MAX_FILE_BYTES,
      timeoutMs: FETCH_TIMEOUT_MS,
    });
    if (res.status < 200 || res.status >= 300 || res.truncated) return none;
    const bytes = res.bytes ?? Buffer.from(res.body);
    const text = isGzip(bytes)
      ? zlib.gunzipSync(bytes, { maxOutputLength: MAX_FILE_BYTES }).toString("utf8")
      : bytes.toString("utf8");
    const doc = parser.parse(text) as Parsed;
    return { pages: locs(doc.urlset?.url), sitemaps: locs(doc.sitemapindex?.sitemap) };
  } catch {
    return none; // unreachable, refused by the egress guard, not XML, a broken gzip: no pages
  }
}

/**
 * Page URLs listed by the sitemaps reachable from `roots`, in the order found, at most `max`
 * (deduplicated as written; the caller normalizes). Stops at `deadline` with what it has.
 */
export async function sitemapPages(roots: string[], max: number, deadline: number): Promise<string[]> {
  const seenFiles = new Set<string>();
  const pages = new Set<string>();
  let level = [...new Set(roots)];
  for (let depth = 0; depth <= MAX_INDEX_DEPTH && level.length; depth++) {
    const next: string[] = [];
    for (const file of level) {
      if (seenFiles.has(file) || seenFiles.size >= MAX_FILES || Date.now() > deadline) continue;
      seenFiles.add(file);
      const { pages: found, sitemaps } = await readSitemap(file);
      for (const p of found) {
        if (pages.size >= max) return [...pages];
        pages.add(p);
      }
      next.push(...sitemaps);
    }
    level = next;
  }
  return [...pages];
}
