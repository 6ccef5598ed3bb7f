/**
 * Issue 27 through the real server and its Chromium: a page that lies to our size checks, a page
 * styled wider than any screen, a capture that would need gigabytes, and a malformed Host header.
 */
import fs from "node:fs";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type App } from "../support/app";
import { startLocalSite, type LocalSite } from "../support/local-site";

const TOO_BIG = "The page is too big to be processed.";
const TOO_LARGE =
  "The screenshot is too large to return. Lower full_page_max_height, or use format jpeg or webp.";

/** Resident memory of one process, now and at its peak since the last reset, in MB (read from /proc). */
function memoryMb(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(status)![1]);
  return { rss: Math.round(kb("VmRSS") / 1024), peak: Math.round(kb("VmHWM") / 1024) };
}

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(base64: string): { width: number; height: number } {
  const png = Buffer.from(base64, "base64");
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** Send a raw HTTP/1.1 request with the given Host line; resolves with the status line's code. */
function rawStatus(app: App, method: string, path: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(app.port, "127.0.0.1", () => {
      const body = method === "POST" ? '{"url":"http://article.test/"}' : "";
      socket.write(
        `${method} ${path} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      );
    });
    let answer = "";
    socket.on("data", (d) => (answer += String(d)));
    socket.on("end", () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)));
    socket.on("error", reject);
  });
}

describe("hostile pages and requests", () => {
  let site: LocalSite;
  let app: App;
  let key: string;

  beforeAll(async () => {
    site = await startLocalSite();
    app = await startApp({ PAGE_TEST_HOSTS: site.hostsEnv });
    key = (await app.admin("org", "create", "--name", "Hostile", "--plan", "pro")).apiKey as string;
  });
  afterAll(async () => {
    await app?.stop();
    await site?.close();
  });

  it("a page that overrides XMLSerializer, outerHTML and document.contentType and builds 200 MB → 422 too big; the server grows < 150 MB; two at once leave /api/health 200", async () => {
    // Warm the same path first (browser launched, modules loaded): the measurement is the visit's own.
    const warm = await app.post("/api/html", { url: "http://lying.test/lying-dom?mb=1", sync: true }, key);
    expect(warm.status).toBe(200);
    fs.writeFileSync(`/proc/${app.pid}/clear_refs`, "5"); // VmHWM starts again from here
    const before = memoryMb(app.pid).rss;

    const one = await app.post("/api/html", { url: "http://lying.test/lying-dom?mb=200", sync: true }, key);
    expect(one.status).toBe(422);
    const body = (await one.json()) as { error: string; token: string };
    expect(body.error).toBe(TOO_BIG);
    const [row] = await app.sql<{ cost: number }>(`SELECT cost FROM "Request" WHERE token = $1`, [
      body.token,
    ]);
    expect(row!.cost).toBe(0);
    const afterOne = memoryMb(app.pid);

    let health = true;
    let polls = 0;
    let done = false;
    const poll = (async () => {
      while (!done) {
        const res = await fetch(`${app.url}/api/health`).catch(() => null);
        health &&= res?.status === 200;
        polls++;
        await new Promise((r) => setTimeout(r, 250));
      }
    })();
    const both = await Promise.all(
      [1, 2].map((i) =>
        app.post("/api/html", { url: `http://lying${i}.test/lying-dom?mb=200`, sync: true }, key),
      ),
    );
    done = true;
    await poll;
    const afterTwo = memoryMb(app.pid);
    console.log(
      `[hostile] server RSS before ${before} MB; after one 200 MB lying page: RSS ${afterOne.rss} MB, peak ${afterOne.peak} MB; ` +
        `after two at once: RSS ${afterTwo.rss} MB, peak ${afterTwo.peak} MB; /api/health polled ${polls}×`,
    );
    for (const res of both) {
      expect(res.status).toBe(422);
      expect(((await res.json()) as { error: string }).error).toBe(TOO_BIG);
    }
    expect(health).toBe(true);
    expect(polls).toBeGreaterThan(0);
    expect(afterTwo.peak - before).toBeLessThan(150);
  }, 180_000);

  /** The server's peak memory growth (MB) while `visit` runs, the same path warmed first. */
  async function peakGrowth(visit: () => Promise<void>): Promise<number> {
    fs.writeFileSync(`/proc/${app.pid}/clear_refs`, "5");
    const before = memoryMb(app.pid).rss;
    await visit();
    return memoryMb(app.pid).peak - before;
  }

  it("50 MB logged through a console the init script does not wrap (console.context()) never reaches the server: 200, later entries kept, the server grows < 60 MB", async () => {
    const warm = await app.post(
      "/api/console",
      { url: "http://flood.test/devtools-flood?via=console&mb=1", sync: true },
      key,
    );
    expect(warm.status).toBe(200);
    let entries: { type: string; text: string }[] = [];
    const growth = await peakGrowth(async () => {
      const res = await app.post(
        "/api/console",
        { url: "http://flood.test/devtools-flood?via=console&mb=50", sync: true, max_age: 0 },
        key,
      );
      expect(res.status).toBe(200);
      entries = (await res.json()) as typeof entries;
    });
    console.log(
      `[hostile] 50 MB through a console event: server peak +${growth} MB; entries ${entries.length}`,
    );
    expect(entries.map((e) => e.text)).toContain("small after the flood");
    for (const e of entries) expect(e.text.length).toBeLessThanOrEqual(10_001);
    expect(growth).toBeLessThan(60);
  }, 120_000);

  /**
   * A visit that blocks cookie banners to the flood page sending `mb` MB `via` the banner channel,
   * after the same path warmed with 1 MB: the server's peak growth, and the page's HTML answer.
   */
  async function bannerFlood(via: "binding" | "eval", mb: number): Promise<{ growth: number; html: string }> {
    const body = { sync: true, page_options: { block_cookie_banners: true } };
    const url = (size: number) => `http://flood.test/devtools-flood?via=${via}&mb=${size}`;
    expect((await app.post("/api/html", { ...body, url: url(1) }, key)).status).toBe(200);
    let html = "";
    const growth = await peakGrowth(async () => {
      const res = await app.post("/api/html", { ...body, url: url(mb), max_age: 0 }, key);
      expect(res.status).toBe(200);
      html = await res.text();
    });
    return { growth, html };
  }

  it("100 MB sent through the cookie-banner script's binding never reaches the server: 200, the server grows < 60 MB", async () => {
    const { growth, html } = await bannerFlood("binding", 100);
    console.log(`[hostile] 100 MB through the banner binding: server peak +${growth} MB`);
    expect(html).toContain("flooding");
    expect(growth).toBeLessThan(60);
  }, 120_000);

  it("ten requests through the cookie-banner channel to evaluate code worth 20 MB each bring back one bit each: 200, the server grows < 60 MB", async () => {
    const { growth } = await bannerFlood("eval", 20);
    console.log(
      `[hostile] 10 × 20 MB evaluations asked through the banner channel: server peak +${growth} MB`,
    );
    expect(growth).toBeLessThan(60);
  }, 120_000);

  it("a full-page PNG of noise (1920 × 16,000 px, ~90 MB) is refused as too large without its bytes reaching the server: 422, nothing spent, the server grows < 60 MB", async () => {
    const small = await app.post(
      "/api/screenshot",
      {
        url: "http://noise.test/noise-canvas?w=200&h=200",
        sync: true,
        screenshot_options: { full_page: true },
      },
      key,
    );
    expect(small.status).toBe(200);
    let token = "";
    const growth = await peakGrowth(async () => {
      const res = await app.post(
        "/api/screenshot",
        {
          url: "http://noise.test/noise-canvas?w=1920&h=16000",
          sync: true,
          screenshot_options: { full_page: true, viewport_width: 1920 },
        },
        key,
      );
      expect(res.status).toBe(422);
      const answer = (await res.json()) as { error: string; token: string };
      expect(answer.error).toBe(TOO_LARGE);
      token = answer.token;
    });
    console.log(`[hostile] ~90 MB noise screenshot: server peak +${growth} MB`);
    const [row] = await app.sql<{ cost: number }>(`SELECT cost FROM "Request" WHERE token = $1`, [token]);
    expect(row!.cost).toBe(0);
    expect(growth).toBeLessThan(60);
  }, 120_000);

  it("a page styled min-width: 20000px gives a capture no wider than its viewport", async () => {
    const res = await app.post(
      "/api/screenshot",
      {
        url: "http://wide.test/",
        sync: true,
        max_age: 0,
        screenshot_options: { viewport_width: 800, styles: "html, body { min-width: 20000px; }" },
      },
      key,
    );
    expect(res.status).toBe(200);
    const size = pngSize(await res.text());
    expect(size.width).toBe(800);
  }, 60_000);

  it("a capture over the pixel budget (1920 px wide, 16,384 px tall, scale 3) is refused before capture, nothing spent", async () => {
    const res = await app.post(
      "/api/screenshot",
      {
        url: "http://tall.test/",
        sync: true,
        max_age: 0,
        screenshot_options: {
          viewport_width: 1920,
          device_scale_factor: 3,
          styles: "body { min-height: 20000px; }",
        },
      },
      key,
    );
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: string; token: string };
    expect(body.error).toBe(TOO_LARGE);
    const [row] = await app.sql<{ cost: number }>(`SELECT cost FROM "Request" WHERE token = $1`, [
      body.token,
    ]);
    expect(row!.cost).toBe(0);
  }, 60_000);

  it("a malformed Host header gets a 4xx, never a 500, on API and page routes", async () => {
    for (const host of ["[", "a b", "exa%mple.com", "example.com:99999", "x/y?z"])
      for (const [method, path] of [
        ["GET", "/api/health"],
        ["POST", "/api/html"],
        ["GET", "/login"],
      ] as const) {
        const status = await rawStatus(app, method, path, host);
        expect(status, `${method} ${path} with Host ${host}`).toBeGreaterThanOrEqual(400);
        expect(status, `${method} ${path} with Host ${host}`).toBeLessThan(500);
      }
    expect(app.logs.join("")).not.toMatch(/unanswered request|Invalid URL/);
  }, 60_000);
});
