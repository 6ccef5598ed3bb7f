/**
 * What the quality and latency benches share: the eval pages served on loopback as `*.test`
 * hosts, and a page pool for this offline machine, where every other name fails at once (as a
 * DNS "not found") rather than letting each page's third-party requests wait for resolver time-outs.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { BrowserPool } from "@/lib/page/browser-pool";

/** Serves `pageFor(path)` (null → 404) and maps every `.test` name to it; returns the server. */
export async function serveEvalPages(pageFor: (urlPath: string) => Buffer | null): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const body = pageFor(req.url ?? "/");
    if (!body) return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  process.env.PAGE_TEST_HOSTS = `127.0.0.1:${port}:${port}`;
  return server;
}

/** A page pool whose egress resolves nothing but the `.test` names. */
export function offlinePool(): BrowserPool {
  const notFound = async (host: string): Promise<never> => {
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
  };
  return new BrowserPool({ egress: { lookup: notFound } });
}
