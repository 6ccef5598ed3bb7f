/**
 * What the quality and latency benches share: the eval pages served on loopback as `*.test`
 * hosts, and a page pool for this offline machine, where every other name fails at once (as a
 * DNS "not found") rather than letting each page's third-party requests wait for resolver time-outs.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { reloadConfig } from "@/lib/config";
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
  reloadConfig();
  return server;
}

/** Readability's test pages (../shared/eval/readability/<name>/source.html). */
export const READABILITY_DIR = path.resolve(import.meta.dirname, "../../shared/eval/readability");

/** Serves the Readability test pages `names` as http://<any>.test/<name>/. */
export function serveReadabilityPages(names: string[]): Promise<http.Server> {
  return serveEvalPages((urlPath) => {
    const name = urlPath.split("/")[1] ?? "";
    const file = path.join(READABILITY_DIR, name, "source.html");
    return names.includes(name) && fs.existsSync(file) ? fs.readFileSync(file) : null;
  });
}

/** A page pool whose egress resolves nothing but the `.test` names. */
export function offlinePool(): BrowserPool {
  const notFound = async (host: string): Promise<never> => {
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
  };
  return new BrowserPool({ egress: { lookup: notFound } });
}
