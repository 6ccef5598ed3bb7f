/**
 * Local test sites on 127.0.0.1, reached through `.test` names (PAGE_TEST_HOSTS, docs/architecture.md §3):
 *  - http: every route of pages.ts, `/status/<code>` for any status;
 *  - https: the same routes behind a self-signed certificate for bad-cert.test (Chromium refuses it);
 *  - a "stall" port that accepts TCP and never says a word (TLS handshake never completes);
 *  - a closed port (nothing listens) for refused connections.
 * `useHosts(...)` points PAGE_TEST_HOSTS at a chosen pair of ports for one test.
 */
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { selfSignedCert } from "./certs";
import { BY_HOST, BY_PATH, statusPage } from "./pages";
import { reloadConfig } from "@/lib/config";

export interface TestSites {
  httpPort: number;
  httpsPort: number;
  stallPort: number;
  closedPort: number;
  /** The value for PAGE_TEST_HOSTS that maps to these servers. */
  hostsEnv: string;
  /** Every request seen, as "host path". */
  log: string[];
  /** Set PAGE_TEST_HOSTS to these ports (defaults: the real servers); returns a restore function. */
  useHosts(ports?: { http?: number; https?: number }): () => void;
  close(): Promise<void>;
}

function listen(server: net.Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port)),
  );
}

async function freePort(): Promise<number> {
  const s = net.createServer();
  const port = await listen(s);
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

export async function startTestSites(): Promise<TestSites> {
  const log: string[] = [];
  const sockets = new Set<net.Socket>();
  let httpPort = 0;
  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const host = (req.headers.host ?? "").replace(/:\d+$/, "").toLowerCase();
    const url = new URL(req.url ?? "/", `http://${host || "site.test"}`);
    log.push(`${host} ${url.pathname}${url.search}`);
    const ctx = { httpPort, url };
    const byHost = BY_HOST[host];
    if (byHost) return byHost(req, res, ctx);
    const status = /^\/status\/(\d{3})$/.exec(url.pathname);
    if (status) return statusPage(res, Number(status[1]));
    const byPath = BY_PATH[url.pathname];
    if (byPath) return byPath(req, res, ctx);
    statusPage(res, 404);
  };

  const track = (s: net.Server) =>
    s.on("connection", (socket: net.Socket) => {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    });

  const httpServer = track(http.createServer(handle)) as http.Server;
  httpPort = await listen(httpServer);
  const httpsServer = track(https.createServer(selfSignedCert("bad-cert.test"), handle)) as https.Server;
  const httpsPort = await listen(httpsServer);
  const stallServer = track(net.createServer(() => undefined));
  const stallPort = await listen(stallServer);
  const closedPort = await freePort();

  const hostsEnv = `127.0.0.1:${httpPort}:${httpsPort}`;
  return {
    httpPort,
    httpsPort,
    stallPort,
    closedPort,
    hostsEnv,
    log,
    useHosts(ports = {}) {
      const previous = process.env.PAGE_TEST_HOSTS;
      process.env.PAGE_TEST_HOSTS = `127.0.0.1:${ports.http ?? httpPort}:${ports.https ?? httpsPort}`;
      reloadConfig();
      return () => {
        if (previous === undefined) delete process.env.PAGE_TEST_HOSTS;
        else process.env.PAGE_TEST_HOSTS = previous;
        reloadConfig();
      };
    },
    async close() {
      for (const s of sockets) s.destroy();
      await Promise.all(
        [httpServer, httpsServer, stallServer].map(
          (s) => new Promise<void>((resolve) => s.close(() => resolve())),
        ),
      );
    },
  };
}
