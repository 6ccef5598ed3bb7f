/**
 * Bounded request bodies: a 200 MB body is refused while it is still being sent, and the server's
 * memory does not grow by anything like it, on an API route and on the Playground route (where a
 * caller without a session is refused before a byte of the body is read).
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type App } from "../support/app";
import { allProcesses } from "../support/processes";

const TOTAL = 200 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, "a");

/** Resident memory (bytes) of every process in the server's process group. */
function serverRss(app: App): number {
  const total = allProcesses()
    .filter((p) => p.pgrp === app.pid)
    .reduce((sum, p) => sum + p.rssBytes, 0);
  if (!total) throw new Error("server process not found");
  return total;
}

/**
 * POSTs up to 200 MB, chunked (no Content-Length) or declared, and stops sending the moment an
 * answer arrives. Resolves with the status, the answer, and how many bytes had been sent by then.
 */
function postHuge(app: App, path: string, headers: Record<string, string>, declare: boolean) {
  return new Promise<{ status: number; body: string; sentWhenAnswered: number }>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request({
      host: "127.0.0.1",
      port: app.port,
      method: "POST",
      path,
      headers: {
        "content-type": "application/json",
        ...headers,
        ...(declare && { "content-length": TOTAL }),
      },
    });
    req.on("response", (res) => {
      answered = true;
      const sentWhenAnswered = sent;
      let body = "";
      res.on("data", (d) => (body += d));
      res.on("end", () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body, sentWhenAnswered });
      });
    });
    req.on("error", (err) => (answered ? undefined : reject(err)));
    const pump = () => {
      while (!answered && sent < TOTAL) {
        sent += CHUNK.length;
        if (!req.write(CHUNK)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    req.write('{"url":"http://site.test/","pad":"');
    pump();
  });
}

describe("request bodies are read with a cap", () => {
  let app: App;
  let key: string;

  beforeAll(async () => {
    app = await startApp();
    const org = await app.admin("org", "create", "--name", "Big", "--plan", "pro");
    key = org.apiKey as string;
  });
  afterAll(async () => {
    await app?.stop();
  });

  it.each([
    ["chunked", false],
    ["with Content-Length", true],
  ])(
    "a 200 MB body (%s) to an API route: 413 before it is all sent, no 200 MB in memory",
    async (_n, declare) => {
      const before = serverRss(app);
      const r = await postHuge(app, "/api/html", { authorization: `Bearer ${key}` }, declare);
      const grew = serverRss(app) - before;
      console.log(`[body-limit] api ${_n}: ${r.status} after ${r.sentWhenAnswered} bytes sent; RSS +${grew}`);
      expect(r.status).toBe(413);
      expect(JSON.parse(r.body)).toMatchObject({ error: "payload_too_large" });
      expect(r.sentWhenAnswered).toBeLessThan(TOTAL / 2);
      expect(grew).toBeLessThan(100 * 1024 * 1024);
      // The server is fine afterwards.
      expect((await app.post("/api/html", { url: "ftp://x" }, key)).status).toBe(422);
    },
  );

  it("a 200 MB body to the Playground without a session: 401 before it is read", async () => {
    const before = serverRss(app);
    const r = await postHuge(app, "/api/dashboard/playground", {}, false);
    const grew = serverRss(app) - before;
    console.log(`[body-limit] playground: ${r.status} after ${r.sentWhenAnswered} bytes sent; RSS +${grew}`);
    expect(r.status).toBe(401);
    expect(JSON.parse(r.body)).toMatchObject({ error: "not_signed_in" });
    expect(r.sentWhenAnswered).toBeLessThan(TOTAL / 2);
    expect(grew).toBeLessThan(100 * 1024 * 1024);
  });

  it("a body just under the cap is still read and validated", async () => {
    const res = await app.post(
      "/api/html",
      JSON.stringify({ url: "ftp://example.com/", labels: { a: "x".repeat(200 * 1024) } }),
      key,
    );
    expect(res.status).toBe(422);
    expect((await res.json()).error).toBe("invalid_url");
  });
});
