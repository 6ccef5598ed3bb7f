/**
 * SSRF table at browser level: real Chromium, every connection through the
 * egress proxy. A canary server on loopback counts every TCP connection and
 * UDP datagram; no attack may reach it, and the proxy must report each block.
 * The same-site page must still load through the proxy, so the setup can fail.
 */
import { sandboxedLaunchOptions } from "@/lib/page/sandbox";
import http from "node:http";
import net from "node:net";
import { chromium, type Browser, type BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  egressChromiumArgs,
  startEgressProxy,
  type EgressBlockedEvent,
  type EgressProxy,
} from "@/lib/net/egress-proxy";
import type { LookupAllFn } from "@/lib/net/resolve";
import {
  CHROMIUM_PATH,
  PNG_1X1,
  sleep,
  startCanary,
  startSite,
  waitFor,
  type Canary,
  type Site,
} from "./helpers";
import { reloadConfig } from "@/lib/config";

let canary: Canary;
let site: Site;
let proxy: EgressProxy;
let browser: Browser;
let context: BrowserContext;
let upstream: { port: number; connects: string[]; close(): Promise<void> };
const events: EgressBlockedEvent[] = [];
const savedEnv = process.env.PAGE_TEST_HOSTS;

/** A hostile DNS: names under example.com answer loopback or a private/public mix. */
const hostileLookup: LookupAllFn = async (host) => {
  if (host === "rebind.example.com") return [{ address: "127.0.0.1", family: 4 }];
  if (host === "mixed.example.com")
    return [
      { address: "93.184.216.34", family: 4 },
      { address: "::1", family: 6 },
    ];
  if (host === "metadata.example.com") return [{ address: "169.254.169.254", family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
};

/** HTML of an attack page whose one job is to make the browser contact `t`. */
function attackHtml(kind: string, t: string): string {
  const js = JSON.stringify(t);
  const body: Record<string, string> = {
    img: `<img src="${t}">`,
    script: `<script src="${t}"></script>`,
    iframe: `<iframe src="${t}"></iframe>`,
    fetch: `<script>fetch(${js}, { mode: "no-cors" }).catch(() => {});</script>`,
    websocket: `<script>try { new WebSocket(${js}); } catch (e) {}</script>`,
    eventsource: `<script>new EventSource(${js});</script>`,
    beacon: `<script>navigator.sendBeacon(${js}, "x");</script>`,
    worker: `<script>new Worker("/worker.js?t=" + encodeURIComponent(${js}));</script>`,
    css: `<div style="width:20px;height:20px;background-image:url('${t}')"></div>`,
    prefetch: `<link rel="prefetch" href="${t}">`,
    form: `<form method="post" action="${t}"><input name="a" value="b"></form><script>document.forms[0].submit();</script>`,
  };
  return `<!doctype html><html><body>${body[kind] ?? ""}</body></html>`;
}

/** The RTC attack: ICE servers on the canary; reports when gathering ends. */
function rtcHtml(port: number): string {
  return `<!doctype html><script>
    window.done = (async () => {
      const pc = new RTCPeerConnection({ iceServers: [
        { urls: "stun:127.0.0.1:${port}" },
        { urls: "turn:127.0.0.1:${port}?transport=udp", username: "u", credential: "p" },
        { urls: "turn:127.0.0.1:${port}?transport=tcp", username: "u", credential: "p" },
      ] });
      const candidates = [];
      pc.onicecandidate = (e) => e.candidate && candidates.push(e.candidate.candidate);
      pc.createDataChannel("x");
      await pc.setLocalDescription(await pc.createOffer());
      await new Promise((r) => { pc.onicegatheringstatechange = () => pc.iceGatheringState === "complete" && r(); setTimeout(r, 4000); });
      return candidates;
    })();
  </script>`;
}

function siteHandler(req: http.IncomingMessage, res: http.ServerResponse): void {
  const url = new URL(req.url ?? "/", "http://site.test");
  const html = (s: string): void => void res.writeHead(200, { "Content-Type": "text/html" }).end(s);
  if (url.pathname === "/")
    return html(
      `<!doctype html><html><head><link rel="stylesheet" href="/style.css"><script src="/app.js"></script></head>` +
        `<body><img id="logo" src="/img.png"><p id="p">hello</p></body></html>`,
    );
  if (url.pathname === "/style.css")
    return void res.writeHead(200, { "Content-Type": "text/css" }).end("#p{color:rgb(1, 2, 3)}");
  if (url.pathname === "/app.js")
    return void res.writeHead(200, { "Content-Type": "text/javascript" }).end("window.appRan = true;");
  if (url.pathname === "/img.png")
    return void res.writeHead(200, { "Content-Type": "image/png" }).end(PNG_1X1);
  if (url.pathname === "/worker.js")
    return void res
      .writeHead(200, { "Content-Type": "text/javascript" })
      .end(`fetch(${JSON.stringify(url.searchParams.get("t"))}, { mode: "no-cors" }).catch(() => {});`);
  if (url.pathname === "/redirect")
    return void res.writeHead(302, { Location: url.searchParams.get("to") ?? "/" }).end();
  if (url.pathname === "/rtc") return html(rtcHtml(Number(url.searchParams.get("port"))));
  const m = /^\/attack\/(\w+)$/.exec(url.pathname);
  if (m) return html(attackHtml(m[1]!, url.searchParams.get("t") ?? ""));
  res.writeHead(404).end();
}

/** A minimal upstream proxy standing in for a residential exit: CONNECT only, records targets. */
async function startUpstream(): Promise<typeof upstream> {
  const connects: string[] = [];
  const server = http.createServer((_req, res) => res.writeHead(405).end());
  const sockets = new Set<net.Socket>();
  server.on("connect", (req, client: net.Socket) => {
    connects.push(req.url ?? "");
    const [host, port] = [
      req.url!.slice(0, req.url!.lastIndexOf(":")),
      Number(req.url!.slice(req.url!.lastIndexOf(":") + 1)),
    ];
    const out = net.connect({ host: host.replace(/^\[|\]$/g, ""), port }, () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      out.pipe(client);
      client.pipe(out);
    });
    for (const s of [out, client]) {
      sockets.add(s);
      s.on("error", () => s.destroy());
      s.on("close", () => (out.destroy(), client.destroy()));
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    port: (server.address() as net.AddressInfo).port,
    connects,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise((r) => server.close(() => r()));
    },
  };
}

beforeAll(async () => {
  canary = await startCanary();
  site = await startSite(siteHandler);
  process.env.PAGE_TEST_HOSTS = `127.0.0.1:${site.httpPort}:${site.httpsPort}`;
  reloadConfig();
  upstream = await startUpstream();
  const realLookup = (await import("@/lib/net/resolve")).systemLookup;
  proxy = await startEgressProxy({
    upstreams: { "exit-a": { host: "127.0.0.1", port: upstream.port } },
    lookup: (h) => (h.endsWith(".example.com") ? hostileLookup(h) : realLookup(h)),
  });
  proxy.onBlocked((e) => events.push(e));
  browser = await chromium.launch(sandboxedLaunchOptions(CHROMIUM_PATH, egressChromiumArgs(proxy.url)));
  context = await browser.newContext({ ignoreHTTPSErrors: true });
});

afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await Promise.all([canary?.close(), site?.close(), upstream?.close()]);
  if (savedEnv === undefined) delete process.env.PAGE_TEST_HOSTS;
  else process.env.PAGE_TEST_HOSTS = savedEnv;
  reloadConfig();
});

/** Run `action`, then wait for the proxy to report a block matching `match`. */
async function expectBlocked(
  action: () => Promise<unknown>,
  match: (e: EgressBlockedEvent) => boolean,
): Promise<EgressBlockedEvent> {
  const from = events.length;
  await action().catch(() => undefined);
  const hit = await waitFor(() => events.slice(from).find(match), 6000);
  // Give a leaking request time to arrive before judging the canary.
  await sleep(100);
  expect(canary.tcp, `canary got: ${canary.requests.join(", ")}`).toBe(0);
  expect(hit, `no block reported; saw ${JSON.stringify(events.slice(from))}`).toBeDefined();
  return hit!;
}

/** A refusal of a connection to the canary, whatever spelling of loopback the page used. */
const isCanary = (e: EgressBlockedEvent) => e.port === canary.port && e.reason === "not_public";

describe("egress proxy with real Chromium", () => {
  it("loads the normal .test page and its same-site subresources through the proxy", async () => {
    const page = await context.newPage();
    const allowedBefore = proxy.stats.allowed;
    const res = await page.goto("http://site.test/");
    expect(res?.status()).toBe(200);
    await page.waitForFunction(() => (document.getElementById("logo") as HTMLImageElement | null)?.complete);
    expect(
      await page.evaluate(() => (document.getElementById("logo") as HTMLImageElement).naturalWidth),
    ).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { appRan?: boolean }).appRan)).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.getElementById("p")!).color)).toBe(
      "rgb(1, 2, 3)",
    );
    for (const p of ["/", "/style.css", "/app.js", "/img.png"])
      expect(site.hits).toContain(`GET site.test ${p}`);
    expect(proxy.stats.allowed).toBeGreaterThan(allowedBefore);

    // HTTPS goes through a CONNECT tunnel to the mapped port; TLS stays end to end with SNI site.test.
    const tls = await page.goto("https://www.site.test/");
    expect(tls?.status()).toBe(200);
    expect(site.servernames).toContain("www.site.test");
    await page.close();
  });

  const C = () => canary.port;
  const NAV: Array<[string, () => string]> = [
    ["http://127.0.0.1", () => `http://127.0.0.1:${C()}/`],
    ["http://[::1]", () => `http://[::1]:${C()}/`],
    ["http://localhost", () => `http://localhost:${C()}/`],
    ["https://127.0.0.1 (CONNECT)", () => `https://127.0.0.1:${C()}/`],
    ["http://2130706433", () => `http://2130706433:${C()}/`],
    [
      "a .test page redirecting to http://127.0.0.1",
      () => `http://site.test/redirect?to=${encodeURIComponent(`http://127.0.0.1:${C()}/`)}`,
    ],
  ];
  it.each(NAV)("page.goto %s is blocked", async (_name, target) => {
    const page = await context.newPage();
    await expectBlocked(() => page.goto(target(), { timeout: 10_000 }), isCanary);
    await page.close();
  });

  const SUBRESOURCE: Array<[string, () => string]> = [
    ["img", () => `http://127.0.0.1:${C()}/x.png`],
    ["script", () => `http://localhost:${C()}/x.js`],
    ["iframe", () => `http://[::1]:${C()}/`],
    ["fetch", () => `http://2130706433:${C()}/`],
    ["websocket", () => `ws://127.0.0.1:${C()}/`],
    ["eventsource", () => `http://0x7f000001:${C()}/`],
    ["beacon", () => `http://127.0.0.1:${C()}/beacon`],
    ["worker", () => `http://localhost:${C()}/from-worker`],
    ["css", () => `http://[::1]:${C()}/bg.png`],
    ["prefetch", () => `http://127.0.0.1:${C()}/prefetched`],
    ["form", () => `http://0x7f000001:${C()}/submit`],
    ["img", () => `http://[::ffff:127.0.0.1]:${C()}/mapped.png`],
  ];
  it.each(SUBRESOURCE)("a .test page's %s pointing at the canary is blocked", async (kind, target) => {
    const page = await context.newPage();
    await expectBlocked(
      () => page.goto(`http://site.test/attack/${kind}?t=${encodeURIComponent(target())}`),
      isCanary,
    );
    await page.close();
  });

  it("a name whose DNS answer is loopback, private, or mixed is blocked (rebinding)", async () => {
    const page = await context.newPage();
    for (const host of ["rebind.example.com", "mixed.example.com", "metadata.example.com"]) {
      const e = await expectBlocked(
        () => page.goto(`http://${host}/`),
        (e) => e.host === host,
      );
      expect(e.reason).toBe("not_public");
      expect(e.address).toMatch(/^(127\.0\.0\.1|::1|169\.254\.169\.254)$/);
    }
    // The plain-http refusal is visible to the page engine in the response, too.
    const res = await page.goto("http://rebind.example.com/x");
    expect(res?.status()).toBe(403);
    expect(res?.headers()["x-egress-blocked"]).toBe("not_public");
    expect(proxy.blockedFor("rebind.example.com")?.reason).toBe("not_public");
    await page.close();
  });

  it("non-default ports on .test names are blocked", async () => {
    const page = await context.newPage();
    const e = await expectBlocked(
      () =>
        page.goto(
          `http://site.test/attack/img?t=${encodeURIComponent(`http://site.test:${site.httpPort}/img.png`)}`,
        ),
      (e) => e.host === "site.test" && e.port === site.httpPort,
    );
    expect(e.reason).toBe("port");
    await page.close();
  });

  it("WebTransport (HTTP/3 over UDP) to loopback sends nothing", async () => {
    const page = await context.newPage();
    await page.goto("http://site.test/");
    const errors = await page.evaluate(async (port) => {
      const out: string[] = [];
      for (const u of [
        `https://127.0.0.1:${port}/`,
        `https://[::1]:${port}/`,
        `https://localhost:${port}/`,
      ]) {
        try {
          const wt = new WebTransport(u);
          await Promise.race([
            wt.ready,
            new Promise((_, rej) => setTimeout(() => rej(new Error("timeout")), 1500)),
          ]);
          out.push(`${u}: connected`);
        } catch (e) {
          out.push(`${u}: ${String(e)}`);
        }
      }
      return out;
    }, canary.port);
    expect(errors.join("\n")).not.toContain("connected");
    await sleep(200);
    expect(canary.udp).toBe(0);
    expect(canary.tcp).toBe(0);
    await page.close();
  });

  it("WebRTC sends no UDP (or TCP) to an ICE server on loopback", async () => {
    const page = await context.newPage();
    await page.goto(`http://site.test/rtc?port=${canary.port}`);
    await page.evaluate(() => (window as unknown as { done: Promise<string[]> }).done);
    await sleep(300);
    expect(canary.udp).toBe(0);
    expect(canary.tcp).toBe(0);
    await page.close();

    // Control: the same page in a browser without the WebRTC policy does reach
    // the UDP canary, so the zero above is the flag's doing.
    const unguarded = await chromium.launch(
      sandboxedLaunchOptions(
        CHROMIUM_PATH,
        egressChromiumArgs(proxy.url).filter((a) => !a.includes("webrtc")),
      ),
    );
    const p2 = await unguarded.newPage();
    await p2.goto(`http://site.test/rtc?port=${canary.port}`);
    await p2.evaluate(() => (window as unknown as { done: Promise<string[]> }).done);
    expect(await waitFor(() => canary.udp > 0, 3000)).toBe(true);
    await unguarded.close();
  });

  it("refuses Chromium's background hosts quietly", async () => {
    const before = { ...proxy.stats };
    const eventsBefore = events.length;
    const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .get(
          { host: "127.0.0.1", port: proxy.port, path: "http://update.googleapis.com/service/update2" },
          resolve,
        )
        .on("error", reject),
    );
    res.resume();
    expect(res.statusCode).toBe(403);
    expect(res.headers["x-egress-blocked"]).toBe("background");
    expect(proxy.stats.background).toBe(before.background + 1);
    expect(events.length).toBe(eventsBefore);
  });

  it("a residential exit context is chained through its upstream, pinned to the checked address", async () => {
    expect(proxy.exitUrl).toBeTruthy();
    const exitContext = await browser.newContext({
      proxy: { server: proxy.exitUrl!, username: "exit-a", password: "secret" },
    });
    const page = await exitContext.newPage();
    const res = await page.goto("http://site.test/");
    expect(res?.status()).toBe(200);
    // The upstream was asked for the address we checked, never for the name.
    expect(upstream.connects).toContain(`127.0.0.1:${site.httpPort}`);
    expect(upstream.connects.some((c) => c.includes("site.test"))).toBe(false);

    // Attacks are refused before the upstream ever hears of them.
    const before = upstream.connects.length;
    await expectBlocked(
      () => page.goto(`http://127.0.0.1:${canary.port}/`),
      (e) => isCanary(e) && e.exit === "exit-a",
    );
    expect(upstream.connects.length).toBe(before);
    await exitContext.close();

    // An unknown exit name is refused, not silently sent out on the standard network.
    const unknown = await browser.newContext({
      proxy: { server: proxy.exitUrl!, username: "exit-zz", password: "x" },
    });
    const p2 = await unknown.newPage();
    const e = await expectBlocked(
      () => p2.goto("http://site.test/"),
      (e) => e.reason === "unknown_exit",
    );
    expect(e.exit).toBe("exit-zz");
    await unknown.close();
  });

  it("the canary really counts connections (so zero above means something)", async () => {
    const s = net.connect({ host: "127.0.0.1", port: canary.port });
    await new Promise((r) => s.once("connect", r));
    s.destroy();
    expect(await waitFor(() => canary.tcp === 1, 2000)).toBe(true);
  });
});
