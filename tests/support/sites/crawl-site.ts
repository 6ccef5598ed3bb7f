/**
 * A generated documentation site for crawl, map and batch tests, reached as `docs.test` (and its
 * subdomain `blog.docs.test`) through PAGE_TEST_HOSTS, with everything a crawler must get right:
 *  - 201 public pages: the home page, 100 guide pages and 80 blog pages reached by links, and 20
 *    orphan pages that only the sitemap lists;
 *  - robots.txt with a Disallow (/private) and a Sitemap line pointing at a sitemap index whose
 *    children are a plain sitemap and a gzip one;
 *  - tracking-parameter and fragment duplicates of real pages, external links, mailto: and tel:
 *    links, a PDF, links into /private;
 *  - `spa.test`, whose home page builds its links with a script (no link in its HTML as served);
 *  - `busy.test`, whose every page answers 503 with `Retry-After: 300`;
 *  - a webhook receiver at any host's /webhook (deliveries are recorded).
 * Pages are tiny so a test visits dozens of them in seconds.
 */
import http from "node:http";
import net from "node:net";
import zlib from "node:zlib";

export const SITE = "http://docs.test";
export const GUIDE_PAGES = 100;
export const BLOG_PAGES = 80;
export const ORPHAN_PAGES = 20;

export interface CrawlSite {
  port: number;
  hostsEnv: string;
  /** `host/path?query` of every request, in order. */
  hits: string[];
  webhooks: { headers: http.IncomingHttpHeaders; body: string }[];
  /** Every public page of docs.test in its one form: what map must find, and nothing else. */
  publicPages: string[];
  /** Requests currently being answered slowly (see `slowMs`). */
  inFlight: number;
  /** Most requests for pages answered at the same time. */
  maxInFlight: number;
  /** Delay every page answer by this much (makes concurrency observable). */
  slowMs: number;
  close(): Promise<void>;
}

const guide = (n: number) => `/guide/${n}`;
const blog = (n: number) => `/blog/${n}`;
const orphan = (n: number) => `/orphan/${n}`;
const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** The links every page carries besides its own: what a crawler must ignore or fold. */
function commonLinks(): string[] {
  return [
    "/",
    "/guide/3?utm_source=newsletter&utm_medium=email",
    "/guide/3#install",
    "/guide/3?gclid=abc123",
    "/blog/2?fbclid=xyz",
    "/private/1",
    "/private/secret?x=1",
    "/files/report.pdf",
    "mailto:team@docs.test",
    "tel:+15550100",
    "javascript:void(0)",
    "http://other.test/elsewhere",
    "https://social.test/share?u=docs",
    "http://blog.docs.test/",
  ];
}

function linksOf(path: string): string[] {
  const m = /^\/(guide|blog)\/(\d+)$/.exec(path);
  if (path === "/") return [...range(10).map(guide), ...range(10).map(blog), ...commonLinks()];
  if (!m) return commonLinks();
  const n = Number(m[2]);
  const max = m[1] === "guide" ? GUIDE_PAGES : BLOG_PAGES;
  const own = [n + 1, n + 10].filter((k) => k <= max).map((k) => `/${m[1]}/${k}`);
  return [...own, ...commonLinks()];
}

function page(title: string, links: string[]): string {
  const anchors = links
    .map((href) => `<li><a href="${href.replace(/&/g, "&amp;")}">${href}</a></li>`)
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1><p>Text of ${title}, short and plain.</p><ul>${anchors}</ul></main></body></html>`;
}

function urlset(paths: string[]): string {
  const urls = paths.map((p) => `<url><loc>${SITE}${p.replace(/&/g, "&amp;")}</loc></url>`).join("");
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`;
}

const SITEMAP_INDEX = `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${SITE}/sitemaps/pages.xml</loc></sitemap><sitemap><loc>${SITE}/sitemaps/more.xml.gz</loc></sitemap></sitemapindex>`;

/** The plain child: the guide and a duplicate with tracking parameters, and a disallowed page. */
const PAGES_SITEMAP = urlset([
  "/",
  ...range(GUIDE_PAGES).map(guide),
  "/guide/7?utm_campaign=sitemap",
  "/private/2",
]);
/** The gzip child: the blog, the orphans, and an address on another site. */
const MORE_SITEMAP = zlib.gzipSync(
  urlset([...range(BLOG_PAGES).map(blog), ...range(ORPHAN_PAGES).map(orphan)]).replace(
    "</urlset>",
    `<url><loc>http://other.test/from-sitemap</loc></url></urlset>`,
  ),
);

/** A home page whose links exist only once its script ran. */
const SPA_HOME = `<!doctype html><html><head><title>App</title></head><body><nav id="nav"></nav><script>
for (const href of ["/guide/1", "/blog/1?utm_source=app"]) {
  const a = document.createElement("a"); a.href = href; a.textContent = href;
  document.getElementById("nav").appendChild(a);
}</script></body></html>`;

const ROBOTS = `User-agent: *\nDisallow: /private\n\nSitemap: ${SITE}/sitemaps/index.xml\n`;

export async function startCrawlSite(): Promise<CrawlSite> {
  const sockets = new Set<net.Socket>();
  const site: CrawlSite = {
    port: 0,
    hostsEnv: "",
    hits: [],
    webhooks: [],
    publicPages: [
      `${SITE}/`,
      ...[
        ...range(GUIDE_PAGES).map(guide),
        ...range(BLOG_PAGES).map(blog),
        ...range(ORPHAN_PAGES).map(orphan),
      ].map((p) => SITE + p),
    ],
    inFlight: 0,
    maxInFlight: 0,
    slowMs: 0,
    close: async () => {},
  };
  const send = (res: http.ServerResponse, type: string, body: string | Buffer, status = 200) =>
    void res.writeHead(status, { "content-type": type }).end(body);

  const server = http.createServer((req, res) => {
    const host = (req.headers.host ?? "").replace(/:\d+$/, "");
    const url = new URL(req.url ?? "/", "http://x");
    site.hits.push(`${host}${req.url}`);
    if (url.pathname.startsWith("/webhook")) {
      let body = "";
      req.on("data", (d) => (body += d));
      req.on("end", () => {
        site.webhooks.push({ headers: req.headers, body });
        res.writeHead(200).end();
      });
      return;
    }
    if (url.pathname === "/robots.txt") return send(res, "text/plain", host === "docs.test" ? ROBOTS : "");
    if (host === "docs.test" && url.pathname === "/sitemaps/index.xml")
      return send(res, "application/xml", SITEMAP_INDEX);
    if (host === "docs.test" && url.pathname === "/sitemaps/pages.xml")
      return send(res, "application/xml", PAGES_SITEMAP);
    if (host === "docs.test" && url.pathname === "/sitemaps/more.xml.gz")
      return send(res, "application/gzip", MORE_SITEMAP);
    const path = url.pathname;
    if (host === "spa.test" && path === "/") return send(res, "text/html; charset=utf-8", SPA_HOME);
    // A host that is always busy and asks for five minutes' patience (spec §7.5 retries).
    if (host === "busy.test")
      return void res.writeHead(503, { "content-type": "text/html", "retry-after": "300" }).end("Busy");
    const known =
      path === "/" ||
      /^\/(guide\/([1-9]\d?|100)|blog\/([1-9]|[1-7]\d|80)|orphan\/([1-9]|1\d|20)|private\/.+)$/.test(path);
    if (!known) return send(res, "text/html", "<h1>Not here</h1>", 404);
    const title = host === "docs.test" ? `Docs ${path}` : `${host} ${path}`;
    const body = page(title, host === "docs.test" ? linksOf(path) : ["/", "/guide/1"]);
    site.inFlight++;
    site.maxInFlight = Math.max(site.maxInFlight, site.inFlight);
    setTimeout(() => {
      site.inFlight--;
      send(res, "text/html; charset=utf-8", body);
    }, site.slowMs);
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  site.port = (server.address() as net.AddressInfo).port;
  site.hostsEnv = `127.0.0.1:${site.port}:${site.port}`;
  site.close = async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return site;
}
