/**
 * The front door's request body (lib/server/request-body.ts) on a real HTTP server and real
 * sockets: a body under the cap is read whole; a client answered 413 while still sending reads the
 * answer (a CI run once saw EPIPE/ECONNRESET there instead); the connection stays usable if the
 * client then finishes its body, and is closed after the linger if it never does.
 */
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readCappedText } from "@/lib/api/read-body";
import { requestBody } from "@/lib/server/request-body";

const CAP = 256 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, "a");

/** What front-door.ts does around a handler, with readCappedText as the handler. */
function startServer(): Promise<http.Server> {
  const server = http.createServer(async (req, res) => {
    const body = requestBody(req);
    const request = new Request("http://local/", {
      method: "POST",
      headers: { "content-length": req.headers["content-length"] ?? "" },
      body: body.stream,
      // @ts-expect-error Node's fetch needs `duplex` for a streamed body; the DOM type lacks it.
      duplex: "half",
    });
    let status = 200;
    let text: string;
    try {
      text = `read ${(await readCappedText(request, CAP)).length} bytes`;
    } catch {
      [status, text] = [413, "too large"];
    }
    res.writeHead(status, { "content-length": Buffer.byteLength(text) }).end(text);
    body.lingerAfterAnswer();
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/** POSTs up to `total` bytes and stops sending the moment the answer arrives, as a sane client does. */
function post(port: number, total: number, declare: boolean) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request({
      host: "127.0.0.1",
      port,
      method: "POST",
      agent: false,
      headers: declare ? { "content-length": total } : {},
    });
    req.on("response", (res) => {
      answered = true;
      let text = "";
      res.on("data", (d) => (text += d));
      res.on("end", () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, text });
      });
    });
    req.on("error", (err) => (answered ? undefined : reject(err)));
    const pump = () => {
      while (!answered && sent < total) {
        const chunk = CHUNK.subarray(0, Math.min(CHUNK.length, total - sent));
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

/** A raw connection that collects everything the server sends, and notes when it closes. */
function connect(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  const state = { received: "", closed: false };
  socket.on("data", (d) => (state.received += d));
  socket.on("error", () => {}); // a reset after the linger is the point of one test
  socket.on("close", () => (state.closed = true));
  const until = async (done: () => boolean) => {
    while (!done()) await new Promise((r) => setTimeout(r, 10));
  };
  return { socket, state, until };
}

describe("request bodies at the front door", () => {
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    server = await startServer();
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it.each([
    ["chunked", false],
    ["with Content-Length", true],
  ])("reads a body under the cap whole (%s)", async (_name, declare) => {
    expect(await post(port, CAP - 10, declare)).toEqual({ status: 200, text: `read ${CAP - 10} bytes` });
  });

  it.each([
    ["chunked", false],
    ["with Content-Length", true],
  ])("a client still sending 50 MB reads its 413, every time of 20 (%s)", async (_name, declare) => {
    for (let i = 0; i < 20; i++) {
      expect(await post(port, 50 * 1024 * 1024, declare)).toEqual({ status: 413, text: "too large" });
    }
  });

  it("a client that finishes its body after the 413 keeps its connection for the next request", async () => {
    const { socket, state, until } = connect(port);
    const total = 1024 * 1024;
    socket.write(`POST / HTTP/1.1\r\nHost: local\r\nContent-Length: ${total}\r\n\r\n`);
    socket.write(Buffer.alloc(CAP + 1, "a")); // over the cap: answered before the rest is sent
    await until(() => state.received.includes("too large"));
    expect(state.received).toMatch(/^HTTP\/1\.1 413 /);
    socket.write(Buffer.alloc(total - CAP - 1, "a")); // the rest of the first body, dropped
    socket.write("POST / HTTP/1.1\r\nHost: local\r\nContent-Length: 2\r\n\r\nhi");
    await until(() => state.received.includes("read 2 bytes") || state.closed);
    expect(state.received).toMatch(/HTTP\/1\.1 200 [\s\S]*read 2 bytes$/);
    expect(state.closed).toBe(false);
    socket.destroy();
  });

  it("a client that never stops sending is disconnected after the linger, having had its 413", async () => {
    const { socket, state, until } = connect(port);
    socket.write(`POST / HTTP/1.1\r\nHost: local\r\nContent-Length: ${10 * 1024 ** 3}\r\n\r\n`);
    const drip = setInterval(() => socket.writable && socket.write(CHUNK), 20);
    try {
      await until(() => state.closed);
    } finally {
      clearInterval(drip);
    }
    expect(state.received).toMatch(/^HTTP\/1\.1 413 [\s\S]*too large$/);
  }, 30_000);
});
