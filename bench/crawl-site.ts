/**
 * The 1,000-page site bench/crawl.ts crawls: a documentation-like tree served on loopback, the same
 * pages whatever the Host header (ours reaches it as `http://site.test/` through PAGE_TEST_HOSTS,
 * Crawlee as `http://127.0.0.1:PORT/`). Page n links to its ten children 10n+1…10n+10, its parent
 * and the home page, so a breadth-first crawl reaches every page by depth 3. Each page carries a few
 * paragraphs (about 4 KB of HTML), a nav and a footer: real work for main-content extraction and
 * Turndown. robots.txt allows everything and asks for no Crawl-delay; there is no sitemap.
 * `probe.test/small` is the small page the isolation probe asks for.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface BenchSite {
  port: number;
  hostsEnv: string;
  /** Page fetches (path → count) since the last reset. */
  hits: Map<string, number>;
  reset(): void;
  close(): Promise<void>;
}

const WORDS =
  "crawl page site link index render markdown browser queue worker host request result token frontier sitemap depth limit credit organization politeness".split(
    " ",
  );

function paragraph(n: number, k: number): string {
  const words = Array.from({ length: 70 }, (_, i) => WORDS[(n * 7 + k * 13 + i * 3) % WORDS.length]);
  return `<p>${words.join(" ")}.</p>`;
}

export function pagePath(n: number): string {
  return n === 0 ? "/" : `/p/${n}`;
}

function page(n: number, pages: number): string {
  const children = Array.from({ length: 10 }, (_, i) => 10 * n + i + 1).filter((c) => c < pages && c !== n);
  const parent = n === 0 ? 0 : Math.floor((n - 1) / 10);
  const links = [0, parent, ...children]
    .map((c) => `<li><a href="${pagePath(c)}">Page ${c}</a></li>`)
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page ${n}</title></head><body>
<header><nav><ul>${links}</ul></nav></header>
<main><article><h1>Page ${n}</h1>${[0, 1, 2, 3].map((k) => paragraph(n, k)).join("")}
<h2>Details</h2><ul><li>First point of page ${n}</li><li>Second point</li></ul>${paragraph(n, 4)}</article></main>
<footer><p>Footer of the bench site. <a href="/">Home</a></p></footer></body></html>`;
}

export async function startBenchSite(pages: number): Promise<BenchSite> {
  const hits = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/robots.txt")
      return void res.writeHead(200, { "content-type": "text/plain" }).end("User-agent: *\nAllow: /\n");
    if (url.pathname === "/small")
      return void res
        .writeHead(200, { "content-type": "text/html; charset=utf-8" })
        .end("<!doctype html><html><head><title>Small</title></head><body><p>Small page.</p></body></html>");
    const m = /^\/(?:p\/(\d+))?$/.exec(url.pathname);
    const n = m ? Number(m[1] ?? 0) : -1;
    if (n < 0 || n >= pages || (m![1] !== undefined && n === 0))
      return void res.writeHead(404).end("Not here");
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page(n, pages));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  server.keepAliveTimeout = 30_000;
  return {
    port,
    hostsEnv: `127.0.0.1:${port}:${port}`,
    hits,
    reset: () => hits.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
