/**
 * The site the Lighthouse tests audit, reached as http://lh.test/ through PAGE_TEST_HOSTS, and a
 * loopback "canary" that must never be reached: the pages that redirect to it are the escape
 * attempts the egress proxy has to stop.
 */
import http from "node:http";
import net from "node:net";

export interface LighthouseSite {
  port: number;
  hostsEnv: string;
  /** Connections the canary ever accepted (must stay 0). */
  canaryConnections(): number;
  close(): Promise<void>;
}

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>A page to audit</title><meta name="description" content="A small page served on loopback for Lighthouse tests.">
</head><body><main><h1>A page to audit</h1>
<p>Enough text to paint something contentful, so that Lighthouse has a first contentful paint to measure.</p>
<a href="/other">Another page</a></main></body></html>`;

async function listen(server: http.Server, sockets: Set<net.Socket>): Promise<number> {
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as net.AddressInfo).port;
}

export async function startLighthouseSite(): Promise<LighthouseSite> {
  const sockets = new Set<net.Socket>();
  let canaryHits = 0;
  const canary = http.createServer((_req, res) => res.end("canary"));
  canary.on("connection", () => canaryHits++);
  const canaryPort = await listen(canary, sockets);

  const site = http.createServer((req, res) => {
    if (req.url?.startsWith("/moves-tls")) {
      // Moves itself `after` ms past `load` to an https address the egress guard refuses, which
      // leaves Chromium's error page in the tab.
      const after = Number(new URL(req.url, "http://x").searchParams.get("after") ?? 0);
      const move = `addEventListener("load", () => setTimeout(() => { location.href = "https://127.0.0.1:${canaryPort}/"; }, ${after}));`;
      return void res
        .writeHead(200, { "content-type": "text/html; charset=utf-8" })
        .end(PAGE.replace("</body>", `<script>${move}</script></body>`));
    }
    switch (req.url) {
      case "/missing":
        return void res.writeHead(404, { "content-type": "text/html" }).end("<h1>Not here</h1>");
      case "/escape":
        return void res.writeHead(302, { location: `http://127.0.0.1:${canaryPort}/` }).end();
      case "/escape-tls":
        return void res.writeHead(302, { location: `https://127.0.0.1:${canaryPort}/` }).end();
      case "/hang":
        return; // never answers
      case "/robots.txt":
        return void res.writeHead(200, { "content-type": "text/plain" }).end("User-agent: *\nAllow: /\n");
      default:
        return void res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(PAGE);
    }
  });
  const port = await listen(site, sockets);

  return {
    port,
    hostsEnv: `127.0.0.1:${port}:${port}`,
    canaryConnections: () => canaryHits,
    async close() {
      for (const s of sockets) s.destroy();
      await Promise.all([site, canary].map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
    },
  };
}
