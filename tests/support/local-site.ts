/**
 * A small "public" site for API tests, reached as any `.test` host through PAGE_TEST_HOSTS, plus a
 * webhook receiver that records deliveries.
 */
import http from "node:http";
import net from "node:net";

export interface LocalSite {
  port: number;
  hostsEnv: string;
  hits: string[];
  webhooks: { headers: http.IncomingHttpHeaders; body: string; at: number }[];
  /** Make /webhook answer this status (e.g. 500 to test retries). */
  webhookStatus: number;
  /** What /webhook answers in its body (the dashboard's delivery log shows its start). */
  webhookReply: string;
  close(): Promise<void>;
}

const ARTICLE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A local article</title>
<meta name="description" content="An article served on loopback for tests.">
</head><body><article><h1>A local article</h1>
<p>This paragraph is part of the static HTML of the page and long enough to count as content for readers.</p>
<p id="dynamic"></p></article>
<script>document.getElementById("dynamic").textContent = "Inserted by the page's own script.";</script>
</body></html>`;

export async function startLocalSite(): Promise<LocalSite> {
  const hits: string[] = [];
  const site: LocalSite = {
    port: 0,
    hostsEnv: "",
    hits,
    webhooks: [],
    webhookStatus: 200,
    webhookReply: "",
    close: async () => {},
  };
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    const host = (req.headers.host ?? "").replace(/:\d+$/, "");
    hits.push(`${host}${req.url}`);
    if (req.url?.startsWith("/webhook")) {
      let body = "";
      req.on("data", (d) => (body += d));
      req.on("end", () => {
        site.webhooks.push({ headers: req.headers, body, at: Date.now() });
        res.writeHead(site.webhookStatus).end(site.webhookReply);
      });
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
    if (req.url === "/missing")
      return void res.writeHead(404, { "content-type": "text/html" }).end("<h1>Not here</h1>");
    if (req.url === "/robots.txt") {
      return void res
        .writeHead(200, { "content-type": "text/plain" })
        .end("User-agent: *\nDisallow: /private\n");
    }
    // Busy twice, then fine: the service must space out and retry (spec §7.5).
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
