/**
 * Local servers for the lib/net tests: a canary that counts every connection
 * (if an attack ever reaches it, the count shows it), a "public" test site
 * reached as `*.site.test` through PAGE_TEST_HOSTS, and a self-signed
 * certificate for its HTTPS side.
 */
import { execFileSync } from "node:child_process";
import dgram from "node:dgram";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import type net from "node:net";
import os from "node:os";
import path from "node:path";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/lib/chromium/chromium";

function listen(server: net.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve((server.address() as net.AddressInfo).port);
    });
  });
}

function closeServer(server: net.Server): Promise<void> {
  return new Promise((resolve) => {
    if ("closeAllConnections" in server) (server as http.Server).closeAllConnections();
    server.close(() => resolve());
  });
}

export interface Canary {
  port: number;
  /** TCP connections accepted on 127.0.0.1 or [::1]. */
  tcp: number;
  /** UDP datagrams received on 127.0.0.1 or [::1]. */
  udp: number;
  requests: string[];
  close(): Promise<void>;
}

/** A server on 127.0.0.1 AND [::1] (same port, TCP and UDP) that counts everything that reaches it. */
export async function startCanary(): Promise<Canary> {
  const state = { tcp: 0, udp: 0, requests: [] as string[] };
  const handler: http.RequestListener = (req, res) => {
    state.requests.push(`${req.method} ${req.url}`);
    res.end("canary");
  };
  const v4 = http.createServer(handler);
  v4.on("connection", () => state.tcp++);
  const port = await listen(v4, 0, "127.0.0.1");
  const servers: net.Server[] = [v4];
  const v6 = http.createServer(handler);
  v6.on("connection", () => state.tcp++);
  try {
    await listen(v6, port, "::1");
    servers.push(v6);
  } catch {
    // No IPv6 loopback on this machine: [::1] cannot leak anywhere then.
  }
  const sockets: dgram.Socket[] = [];
  for (const [type, host] of [
    ["udp4", "127.0.0.1"],
    ["udp6", "::1"],
  ] as const) {
    const s = dgram.createSocket(type);
    s.on("message", () => state.udp++);
    s.on("error", () => undefined);
    await new Promise<void>((resolve) => {
      s.once("error", () => resolve());
      s.bind(port, host, () => resolve());
    });
    sockets.push(s);
  }
  return {
    port,
    get tcp() {
      return state.tcp;
    },
    get udp() {
      return state.udp;
    },
    requests: state.requests,
    async close() {
      await Promise.all(servers.map(closeServer));
      for (const s of sockets) {
        try {
          s.close();
        } catch {
          // already closed
        }
      }
    },
  };
}

/** A throwaway self-signed certificate for `site.test` and `*.site.test`. */
export function makeTestCert(): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "net-cert-"));
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-keyout",
        path.join(dir, "key.pem"),
        "-out",
        path.join(dir, "cert.pem"),
        "-days",
        "2",
        "-subj",
        "/CN=site.test",
        "-addext",
        "subjectAltName=DNS:site.test,DNS:*.site.test",
      ],
      { stdio: "ignore" },
    );
    return {
      key: fs.readFileSync(path.join(dir, "key.pem"), "utf8"),
      cert: fs.readFileSync(path.join(dir, "cert.pem"), "utf8"),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export interface Site {
  httpPort: number;
  httpsPort: number;
  cert: string;
  /** "METHOD host path" of every request the site served. */
  hits: string[];
  /** SNI names seen on TLS connections. */
  servernames: string[];
  close(): Promise<void>;
}

/**
 * The "public" site: serves `handler` on loopback over http and https. Tests
 * reach it only as `*.site.test` via PAGE_TEST_HOSTS.
 */
export async function startSite(handler: http.RequestListener): Promise<Site> {
  const hits: string[] = [];
  const servernames: string[] = [];
  const wrapped: http.RequestListener = (req, res) => {
    hits.push(`${req.method} ${req.headers.host} ${req.url}`);
    handler(req, res);
  };
  const { key, cert } = makeTestCert();
  const plain = http.createServer(wrapped);
  const secure = https.createServer({ key, cert }, wrapped);
  secure.on("secureConnection", (s) =>
    servernames.push(String((s as { servername?: string | false }).servername)),
  );
  const httpPort = await listen(plain, 0, "127.0.0.1");
  const httpsPort = await listen(secure, 0, "127.0.0.1");
  return {
    httpPort,
    httpsPort,
    cert,
    hits,
    servernames,
    close: async () => {
      await Promise.all([closeServer(plain), closeServer(secure)]);
    },
  };
}

/** Poll until `check` returns a truthy value or `timeoutMs` passes. */
export async function waitFor<T>(
  check: () => T | undefined | null | false,
  timeoutMs = 5000,
): Promise<T | undefined> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = check();
    if (v) return v;
    if (Date.now() > end) return undefined;
    await new Promise((r) => setTimeout(r, 25));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Tiny 1x1 PNG. */
export const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
  "base64",
);
