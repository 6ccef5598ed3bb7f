import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EgressBlockedError, SafeFetchError } from "@/lib/net/errors";
import type { LookupAllFn } from "@/lib/net/resolve";
import { safeFetch } from "@/lib/net/safe-fetch";
import { startCanary, startSite, type Canary, type Site } from "./helpers";
import { reloadConfig } from "@/lib/config";

let site: Site;
let canary: Canary;
const savedEnv = process.env.PAGE_TEST_HOSTS;

const hostileLookup: LookupAllFn = async (host) => {
  if (host === "rebind.example.com") return [{ address: "127.0.0.1", family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
};

function handler(req: http.IncomingMessage, res: http.ServerResponse): void {
  const url = new URL(req.url ?? "/", "http://x");
  const to = url.searchParams.get("to");
  if (url.pathname === "/robots.txt") return void res.end("User-agent: *\nDisallow: /private\n");
  if (url.pathname === "/redirect" && to) return void res.writeHead(302, { Location: to }).end();
  if (url.pathname === "/see-other") return void res.writeHead(303, { Location: "/echo" }).end();
  if (url.pathname === "/chain") {
    const n = Number(url.searchParams.get("n"));
    return void res.writeHead(301, { Location: n > 0 ? `/chain?n=${n - 1}` : "/robots.txt" }).end();
  }
  if (url.pathname === "/loop") return void res.writeHead(302, { Location: "/loop" }).end();
  if (url.pathname === "/big") return void res.end("x".repeat(100_000));
  if (url.pathname === "/hang") return; // never answers
  if (url.pathname === "/echo") {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () =>
      res.writeHead(200, { "Content-Type": "application/json" }).end(
        JSON.stringify({
          method: req.method,
          host: req.headers.host,
          auth: req.headers.authorization ?? null,
          body,
        }),
      ),
    );
    return;
  }
  res.writeHead(404).end("nope");
}

beforeAll(async () => {
  canary = await startCanary();
  site = await startSite(handler);
  process.env.PAGE_TEST_HOSTS = `127.0.0.1:${site.httpPort}:${site.httpsPort}`;
  reloadConfig();
});

afterAll(async () => {
  await Promise.all([site?.close(), canary?.close()]);
  if (savedEnv === undefined) delete process.env.PAGE_TEST_HOSTS;
  else process.env.PAGE_TEST_HOSTS = savedEnv;
  reloadConfig();
});

async function refused(p: Promise<unknown>): Promise<EgressBlockedError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(EgressBlockedError);
  return err as EgressBlockedError;
}

describe("safeFetch", () => {
  it("fetches a .test page over http with the original Host header", async () => {
    const r = await safeFetch("http://site.test/robots.txt");
    expect(r.status).toBe(200);
    expect(r.body).toContain("Disallow: /private");
    expect(r.url).toBe("http://site.test/robots.txt");
    const echo = await safeFetch("http://www.site.test/echo");
    expect(JSON.parse(echo.body).host).toBe("www.site.test");
  });

  it("fetches https on the mapped port with SNI and certificate checked against the name", async () => {
    const r = await safeFetch("https://www.site.test/echo", { ca: site.cert });
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body).host).toBe("www.site.test");
    expect(site.servernames).toContain("www.site.test");
    // Without trusting the self-signed certificate, TLS verification fails: it is really checked.
    await expect(safeFetch("https://site.test/robots.txt")).rejects.toBeInstanceOf(SafeFetchError);
  });

  it.each([
    ["http://127.0.0.1:PORT/", "not_public"],
    ["http://localhost:PORT/", "not_public"],
    ["http://[::1]:PORT/", "not_public"],
    ["http://2130706433:PORT/", "not_public"],
    ["http://10.0.0.1/", "not_public"],
    ["http://169.254.169.254/latest/meta-data/", "not_public"],
    ["http://192.168.1.1/", "not_public"],
    ["http://site.test:PORT/", "port"],
    ["ftp://site.test/", "url_policy"],
  ])("refuses a redirect to %s (%s)", async (target, reason) => {
    const to = target.replace("PORT", String(canary.port));
    const e = await refused(safeFetch(`http://site.test/redirect?to=${encodeURIComponent(to)}`));
    expect(e.reason).toBe(reason);
    expect(canary.tcp).toBe(0);
  });

  it("refuses a redirect to a name that resolves to loopback, and a refused first URL", async () => {
    const e = await refused(
      safeFetch(`http://site.test/redirect?to=${encodeURIComponent("http://rebind.example.com/")}`, {
        lookup: hostileLookup,
      }),
    );
    expect(e).toMatchObject({ host: "rebind.example.com", address: "127.0.0.1", reason: "not_public" });
    await refused(safeFetch(`http://127.0.0.1:${canary.port}/`));
    expect(canary.tcp).toBe(0);
  });

  it("follows up to 5 redirects, not 6, and stops loops", async () => {
    const ok = await safeFetch("http://site.test/chain?n=4");
    expect(ok.redirects).toBe(5);
    expect(ok.body).toContain("Disallow");
    await expect(safeFetch("http://site.test/chain?n=5")).rejects.toMatchObject({
      code: "too_many_redirects",
    });
    await expect(safeFetch("http://site.test/loop")).rejects.toMatchObject({ code: "too_many_redirects" });
    const raw = await safeFetch("http://site.test/loop", { maxRedirects: 0 });
    expect(raw.status).toBe(302);
  });

  it("turns a POST into a GET on 303 and drops credentials across origins", async () => {
    const r = await safeFetch("http://site.test/see-other", {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    expect(JSON.parse(r.body)).toMatchObject({ method: "GET", body: "" });
    const to = encodeURIComponent("http://other.site.test/echo");
    const x = await safeFetch(`http://site.test/redirect?to=${to}`, {
      headers: { authorization: "Bearer s3cret" },
    });
    expect(JSON.parse(x.body)).toMatchObject({ host: "other.site.test", auth: null });
  });

  it("posts a body", async () => {
    const r = await safeFetch("http://site.test/echo", { method: "POST", body: "hello" });
    expect(JSON.parse(r.body)).toMatchObject({ method: "POST", body: "hello" });
  });

  it("caps the body and times out", async () => {
    const big = await safeFetch("http://site.test/big", { maxBytes: 1000 });
    expect(big.body.length).toBe(1000);
    expect(big.truncated).toBe(true);
    await expect(safeFetch("http://site.test/hang", { timeoutMs: 300 })).rejects.toMatchObject({
      code: "timeout",
    });
  });
});
