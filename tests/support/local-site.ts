/**
 * A small "public" site for API tests, reached as any `.test` host through PAGE_TEST_HOSTS, plus a
 * webhook receiver that records deliveries.
 */
import http from "node:http";
import net from "node:net";
import { ISOLATION_PAGES } from "./sites/isolation-pages";
import { META_PAGES } from "./sites/meta-pages";

export interface LocalSite {
  port: number;
  hostsEnv: string;
  hits: string[];
  webhooks: { headers: http.IncomingHttpHeaders; body: string; at: number }[];
  /** Make /webhook answer this status (e.g. 500 to test retries). */
  webhookStatus: number;
  /** What /webhook answers in its body (the dashboard's delivery log shows its start). */
  webhookReply: string;
  /** Answers the requests for /held… waiting so far (a page as slow as a test needs, no slower). */
  release(): void;
  close(): Promise<void>;
}

const ARTICLE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A local article</title>
<meta name="description" content="An article served on loopback for tests.">
</head><body><article><h1>A local article</h1>
<p>This paragraph is part of the static HTML of the page and long enough to count as content for readers.</p>
<p id="dynamic"></p></article>
<script>document.getElementById("dynamic").textContent = "Inserted by the page's own script.";</script>
</body></html>`;

/**
 * Hosts that are always busy (docs/spec.md §7.5): a 500 on every request, a 429 on every request (asking
 * for 1 s), and one that accepts the connection and never answers.
 */
const BUSY_HOSTS: Record<string, (res: http.ServerResponse) => void> = {
  "always-500.test": (res) => void res.writeHead(500, { "content-type": "text/html" }).end("<h1>Down</h1>"),
  "always-429.test": (res) =>
    void res.writeHead(429, { "content-type": "text/html", "retry-after": "1" }).end("<h1>Slow down</h1>"),
  "never-answers.test": () => undefined,
};

/** A page of random pixels: its screenshot barely compresses (a large result for cache tests). */
const NOISE = `<!doctype html><html><head><title>Noise</title><style>body{margin:0}</style></head><body>
<canvas id="c" width="1350" height="1400"></canvas><script>
const c = document.getElementById("c"), x = c.getContext("2d"), img = x.createImageData(c.width, c.height);
for (let i = 0; i < img.data.length; i += 65536) crypto.getRandomValues(img.data.subarray(i, i + 65536));
for (let i = 3; i < img.data.length; i += 4) img.data[i] = 255;
x.putImageData(img, 0, 0);
</script></body></html>`;

export async function startLocalSite(): Promise<LocalSite> {
  const hits: string[] = [];
  const held: (() => void)[] = [];
  const site: LocalSite = {
    port: 0,
    hostsEnv: "",
    hits,
    webhooks: [],
    webhookStatus: 200,
    webhookReply: "",
    release: () => {
      for (const answer of held.splice(0)) answer();
    },
    close: async () => {},
  };
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    const host = (req.headers.host ?? "").replace(/:\d+$/, "");
    hits.push(`${host}${req.url}`);
    const busy = BUSY_HOSTS[host];
    if (busy) return busy(res);
    // A receiver that takes the connection and the body, and never answers.
    if (req.url?.startsWith("/webhook-hang")) return void req.resume();
    // A receiver that refuses one tenant's endpoint (a deleted Zap, say) while others work.
    if (req.url?.startsWith("/webhook-fail"))
      return void req.resume().on("end", () => res.writeHead(500).end("gone"));
    if (req.url?.startsWith("/webhook")) {
      let body = "";
      req.on("data", (d) => (body += d));
      req.on("end", () => {
        site.webhooks.push({ headers: req.headers, body, at: Date.now() });
        res.writeHead(site.webhookStatus).end(site.webhookReply);
      });
      return;
    }
    const pathname = new URL(req.url ?? "/", "http://x").pathname;
    const fixed = ISOLATION_PAGES[pathname] ?? META_PAGES[pathname];
    if (fixed) return fixed(req, res);
    if (req.url?.startsWith("/held")) {
      held.push(() => res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(ARTICLE));
      return;
    }
    if (req.url === "/slow") {
      setTimeout(
        () =>
          res
            .writeHead(200, { "content-type": "text/html" })
            .end("<html><body><p>slow page</p></body></html>"),
        3000,
      );
      return;
    }
    // A page that changes on every visit: which visit a result came from shows in its text.
    if (req.url?.startsWith("/counter")) {
      const visit = hits.filter((h) => h.includes("/counter")).length;
      return void res
        .writeHead(200, { "content-type": "text/html; charset=utf-8" })
        .end(`<html><head><title>Counter</title></head><body><p>visit ${visit}</p></body></html>`);
    }
    if (req.url === "/noise")
      return void res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(NOISE);
    if (req.url === "/missing")
      return void res.writeHead(404, { "content-type": "text/html" }).end("<h1>Not here</h1>");
    if (req.url === "/robots.txt") {
      return void res
        .writeHead(200, { "content-type": "text/plain" })
        .end("User-agent: *\nDisallow: /private\n");
    }
    // Busy twice, then fine: the service must space out and retry (docs/spec.md §7.5).
    if (req.url === "/flaky") {
      const seen = hits.filter((h) => h.endsWith("/flaky")).length;
      if (seen <= 2)
        return void res
          .writeHead(503, { "content-type": "text/html", "retry-after": "1" })
          .end("<h1>Busy</h1>");
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(ARTICLE);
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
