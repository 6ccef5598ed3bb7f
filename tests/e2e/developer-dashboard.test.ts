import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium, type Browser, type Page } from "playwright-core";
import { Webhook } from "standardwebhooks";
import { startApp, type App } from "../support/app";
import { startLocalSite, type LocalSite } from "../support/local-site";
import { openPlayground } from "../support/playground";
import { E2E_STEP_TIMEOUT_MS } from "../support/e2e-timeouts";
import { signUpWithKey } from "../support/accounts";

/**
 * Issue 10 §5–7 in real Chromium against `next start` (needs `npx next build` first): Playground
 * options built from the schemas, the copy-as snippets run for real (curl, python3, tsx) and
 * compared with the Playground's answer, Lighthouse score cards, the webhook delivery log with a
 * redelivery, signing-secret rotation with both signatures, request history, 404 and dark mode.
 *
 * Set E2E_SCREENSHOTS=<dir> to save a PNG of each page looked at.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/lib/chromium/chromium";
const SHOTS = process.env.E2E_SCREENSHOTS;
const ROOT = path.resolve(__dirname, "../..");
const run = promisify(execFile);

// Several steps of up to E2E_STEP_TIMEOUT_MS each: more than the suite's 60 s per test.
describe("developer dashboard end to end", { timeout: 180_000 }, () => {
  let site: LocalSite;
  let app: App;
  let browser: Browser;
  let page: Page;
  let key = "";
  let projectUrl = "";
  const email = `grace+${Date.now()}@example.com`;
  const browserErrors: string[] = [];
  // Inside the package, so the TypeScript snippet resolves `@page-to-data/sdk` as an installed copy would.
  const tmp = fs.mkdtempSync(path.join(ROOT, ".snippets-"));

  const shot = async (name: string, fullPage = true) => {
    if (!SHOTS) return;
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
  };
  const openGroup = (group: string) =>
    page.locator(`[data-testid=options-${group}]`).evaluate((el) => ((el as HTMLDetailsElement).open = true));
  /** Presses Run and returns the Playground's POST answer (the API pipeline's own response). */
  const runPlayground = async (endpoint: string) => {
    const [res] = await Promise.all([
      page.waitForResponse(
        (r) => new URL(r.url()).pathname === "/api/dashboard/playground" && r.request().method() === "POST",
        { timeout: 120_000 },
      ),
      page.getByRole("button", { name: `Run ${endpoint}` }).click(),
    ]);
    return { status: res.status(), headers: res.headers(), body: await res.body() };
  };
  const requestBody = async () =>
    JSON.parse((await page.locator("[data-testid=request-body]").textContent()) ?? "{}") as Record<
      string,
      unknown
    >;

  beforeAll(async () => {
    site = await startLocalSite();
    [app, browser] = await Promise.all([
      startApp({
        PAGE_TEST_HOSTS: site.hostsEnv,
        RESEND_API_KEY: "",
        EMAIL_DEV_OUTBOX: "1",
        WEBHOOK_RETRY_DELAY_SECONDS: "1",
      }),
      chromium.launch({ executablePath: CHROMIUM, args: ["--headless", "--no-sandbox", "--disable-gpu"] }),
    ]);
    page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
    page.setDefaultTimeout(E2E_STEP_TIMEOUT_MS);
    page.on("console", (m) => {
      const text = m.text();
      if (
        m.type() === "error" &&
        !text.startsWith("Failed to load resource") &&
        !/frame is sandboxed/.test(text)
      )
        browserErrors.push(text);
    });
    page.on("pageerror", (e) => browserErrors.push(e.message));
    page.on("response", (r) => {
      if (r.status() >= 400) browserErrors.push(`${r.status()} ${new URL(r.url()).pathname}`);
    });

    // A confirmed account with its first key (the key is what the snippets run with).
    ({ key, projectUrl } = await signUpWithKey(page, app, {
      name: "Grace Hopper",
      organization: "Compilers Inc",
      email,
    }));
  }, 180_000);

  afterAll(async () => {
    if (process.env.E2E_LOGS) console.log(app?.logs.join(""));
    await browser?.close();
    await app?.stop();
    await site?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("Playground: screenshot options built from the schema reach the API (jpeg, viewport, scale, hide)", async () => {
    await openPlayground(page, app.url);
    await page.selectOption("#endpoint", "screenshot");
    await page.fill("#url", "http://article.test/");
    await page.selectOption("#opt-screenshot_options-format", "jpeg");
    await page.fill("#opt-screenshot_options-quality", "60");
    await page.selectOption("#opt-screenshot_options-full_page", "false");
    await page.fill("#opt-screenshot_options-viewport_width", "800");
    await page.fill("#opt-screenshot_options-viewport_height", "600");
    await page.fill("#opt-screenshot_options-device_scale_factor", "2");
    await page.fill("#opt-screenshot_options-hide_selectors", "#dynamic");
    expect(await requestBody()).toEqual({
      url: "http://article.test/",
      sync: true,
      screenshot_options: {
        format: "jpeg",
        quality: 60,
        full_page: false,
        viewport_width: 800,
        viewport_height: 600,
        device_scale_factor: 2,
        hide_selectors: ["#dynamic"],
      },
    });
    // Every option of the screenshot schema has an input (the form is derived, not hand-listed).
    for (const name of ["full_page_max_height", "selector", "omit_background", "dark_mode", "styles"])
      await page.locator(`#opt-screenshot_options-${name}`).waitFor({ state: "attached" });
    const res = await runPlayground("screenshot");
    expect(res.status).toBe(200);
    const img = page.locator("img[data-testid=screenshot-preview]");
    await img.waitFor({ timeout: 60_000 });
    expect(await img.getAttribute("src")).toMatch(/^data:image\/jpeg;base64,\/9j\//);
    const size = await img.evaluate((el) => [
      (el as HTMLImageElement).naturalWidth,
      (el as HTMLImageElement).naturalHeight,
    ]);
    expect(size).toEqual([1600, 1200]);
    await shot("20-playground-screenshot-options");
  });

  it("Playground: labels, page options and Idempotency-Key; the same key replays the same token", async () => {
    await page.selectOption("#endpoint", "html");
    await openGroup("request");
    await openGroup("page_options");
    await page.fill("#opt-labels", "job=7\nteam=growth");
    await page.selectOption("#opt-page_options-block_ads", "true");
    await page.selectOption("#opt-page_options-block_cookie_banners", "true");
    await page.fill("#opt-page_options-remove_selectors", "#dynamic");
    await page.fill("#idempotency-key", `e2e-${Date.now()}`);
    for (const id of [
      "#opt-report_to",
      "#opt-max_age",
      "#opt-residential",
      "#opt-page_options-wait_for_selector",
      "#opt-page_options-delay",
    ])
      await page.locator(id).waitFor({ state: "attached" });
    expect(await requestBody()).toMatchObject({
      labels: { job: "7", team: "growth" },
      page_options: { block_ads: true, block_cookie_banners: true, remove_selectors: ["#dynamic"] },
    });
    const first = await runPlayground("html");
    expect(first.status).toBe(200);
    await page.frameLocator("[data-testid=html-preview]").getByText("A local article").first().waitFor();
    expect(first.body.toString()).toContain("A local article");
    expect(first.body.toString()).not.toContain('id="dynamic"'); // removed before processing
    const again = await runPlayground("html");
    expect(again.headers["x-result-token"]).toBe(first.headers["x-result-token"]);
    await shot("21-playground-options-idempotency");
    await page.fill("#idempotency-key", "");
  });

  it("copy as curl, TypeScript and Python: each, run for real, prints what the Playground showed", async () => {
    await page.selectOption("#endpoint", "markdown");
    const shown = await runPlayground("markdown");
    expect(shown.status).toBe(200);
    await page
      .locator("[data-testid=markdown-preview]", { hasText: "This paragraph is part of the static HTML" })
      .waitFor();
    const env = { ...process.env, PTD_API_KEY: key };
    const outputs: Record<string, string> = {};
    for (const [tab, file] of [
      ["curl", "snippet.sh"],
      ["TypeScript", "snippet.mts"],
      ["Python", "snippet.py"],
    ] as const) {
      await page.getByRole("tab", { name: tab, exact: true }).click();
      const code = (await page.locator("[data-testid=snippet]").textContent()) ?? "";
      expect(code).toContain(app.url);
      // The TypeScript snippet calls the SDK's method; the others name the endpoint's URL.
      expect(code).toContain(tab === "TypeScript" ? "client.markdown(" : `${app.url}/markdown`);
      expect(code).not.toContain(key);
      const target = path.join(tmp, file);
      fs.writeFileSync(target, code);
      const [cmd, args] =
        tab === "curl"
          ? ["bash", [target]]
          : tab === "Python"
            ? [process.env.PYTHON ?? "python3", [target]]
            : [path.join(ROOT, "node_modules/.bin/tsx"), [target]];
      const { stdout } = await run(cmd, args, { env, timeout: 120_000, maxBuffer: 8 * 1024 * 1024 });
      outputs[tab] = stdout;
      await shot(`22-snippet-${tab.toLowerCase()}`, false);
    }
    const expected = shown.body.toString();
    expect(expected).toContain("This paragraph is part of the static HTML");
    expect(outputs).toEqual({ curl: expected, TypeScript: expected, Python: expected });
  });

  it("Lighthouse results are score cards and metric tiles, with the audits asked for", async () => {
    await page.selectOption("#endpoint", "lighthouse");
    await page.uncheck("#sync");
    await page.selectOption("#opt-device", "desktop");
    await page.fill("#opt-include_audits", "largest-contentful-paint,speed-index");
    await runPlayground("lighthouse");
    await page.locator("[data-testid=job-status][data-phase=complete]").waitFor({ timeout: 180_000 });
    await page.locator("[data-testid=lighthouse-view]").waitFor();
    expect(await page.locator("[data-testid=lighthouse-score]").count()).toBe(4);
    expect(await page.locator("[data-testid=lighthouse-metric]").count()).toBe(7);
    expect(await page.locator("[data-testid=lighthouse-audits] li").count()).toBe(2);
    await shot("23-playground-lighthouse");
    await page.check("#sync");
  }, 240_000);

  it("webhook log: a failed attempt, the retry that succeeds, and a redelivery", async () => {
    await page.goto(projectUrl);
    await page.getByLabel("Default webhook URL").fill("http://hooks.test/webhook/default");
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByText("Settings saved.").waitFor();
    await page.getByRole("button", { name: "Reveal" }).click();
    const secret = (await page
      .locator("[data-testid=webhook-secret]", { hasText: /^whsec_[A-Za-z0-9+/=]{20,}$/ })
      .textContent())!.trim();

    site.webhookStatus = 500;
    site.webhookReply = "receiver is down";
    await openPlayground(page, app.url);
    await page.selectOption("#endpoint", "meta");
    await page.fill("#url", "http://article.test/hook");
    await page.uncheck("#sync");
    const accepted = await runPlayground("meta");
    const token = accepted.headers["x-result-token"];
    expect(token).toBeTruthy();

    const delivery = `[data-testid=delivery][data-token="${token}"]`;
    const webhooksUrl = `${projectUrl}/webhooks`;
    const reloadUntil = async (selector: string) => {
      const end = Date.now() + 90_000;
      for (;;) {
        await page.goto(webhooksUrl);
        if (await page.locator(selector).count()) return;
        if (Date.now() > end) throw new Error(`never saw ${selector}`);
        await page.waitForTimeout(1000);
      }
    };
    await reloadUntil(`${delivery} [data-testid=attempt]`);
    await expect(page.locator(`${delivery} [data-testid=attempt]`).first().textContent()).resolves.toMatch(
      /500.*receiver is down/,
    );
    await shot("24-webhooks-failed-attempt");
    site.webhookStatus = 200;
    site.webhookReply = "thanks";
    await reloadUntil(`${delivery}[data-state=delivered]`);
    const attempts = page.locator(`${delivery}[data-state=delivered] [data-testid=attempt]`);
    expect(await attempts.count()).toBeGreaterThanOrEqual(2);
    await expect(attempts.last().textContent()).resolves.toMatch(/200.*thanks/);

    const received = () => site.webhooks.filter((w) => JSON.parse(w.body).data?.token === token);
    const before = received().length;
    await page
      .locator(`${delivery}[data-state=delivered]`)
      .getByRole("button", { name: "Redeliver" })
      .click();
    const until = Date.now() + 60_000;
    while ((await page.locator(`${delivery}[data-state=delivered]`).count()) < 2) {
      if (Date.now() > until) throw new Error("the redelivery was never delivered");
      await page.waitForTimeout(1000);
      await page.goto(webhooksUrl);
    }
    const after = received();
    expect(after.length).toBeGreaterThan(before);
    const last = after[after.length - 1];
    expect(new Set(after.map((w) => w.headers["webhook-id"])).size).toBeGreaterThanOrEqual(2);
    expect(() =>
      new Webhook(secret).verify(last.body, {
        "webhook-id": String(last.headers["webhook-id"]),
        "webhook-timestamp": String(last.headers["webhook-timestamp"]),
        "webhook-signature": String(last.headers["webhook-signature"]),
      }),
    ).not.toThrow();
    await shot("25-webhooks-redelivered");
  }, 240_000);

  it("secret rotation: during the grace window both secrets sign; stopping the old one leaves only the new", async () => {
    const webhooksUrl = `${projectUrl}/webhooks`;
    await page.goto(projectUrl);
    await page.getByRole("button", { name: "Reveal" }).click();
    const oldSecret = (await page
      .locator("[data-testid=webhook-secret]", { hasText: /^whsec_[A-Za-z0-9+/=]{20,}$/ })
      .textContent())!.trim();
    await page.goto(webhooksUrl);
    await page.getByRole("button", { name: "Rotate secret" }).click();
    const newSecret = (await page.locator("[data-testid=new-webhook-secret]").textContent())!.trim();
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(oldSecret);
    await page.locator("[data-testid=secret-grace]").waitFor();

    const testEvent = async () => {
      const count = site.webhooks.length;
      await page.getByRole("button", { name: "Send test event" }).click();
      await page.locator("[data-testid=test-event-result]", { hasText: "200" }).waitFor();
      await expect.poll(() => site.webhooks.length).toBe(count + 1);
      const w = site.webhooks[site.webhooks.length - 1];
      expect(JSON.parse(w.body).type).toBe("webhook.test");
      const headers = {
        "webhook-id": String(w.headers["webhook-id"]),
        "webhook-timestamp": String(w.headers["webhook-timestamp"]),
        "webhook-signature": String(w.headers["webhook-signature"]),
      };
      const verifies = (s: string) => {
        try {
          new Webhook(s).verify(w.body, headers);
          return true;
        } catch {
          return false;
        }
      };
      return {
        signatures: headers["webhook-signature"].split(" ").length,
        old: verifies(oldSecret),
        new: verifies(newSecret),
      };
    };
    expect(await testEvent()).toEqual({ signatures: 2, old: true, new: true });
    await page.locator("[data-testid=test-event-result]").getByText("thanks").waitFor();
    await shot("26-webhooks-rotated-grace");

    await page.getByRole("button", { name: "Stop signing with the old secret" }).click();
    await page.locator("[data-testid=secret-grace]").waitFor({ state: "detached" });
    expect(await testEvent()).toEqual({ signatures: 1, old: false, new: true });
  });

  it("request history: filters, search by URL and label, paging, and a detail view; usage by operation", async () => {
    // 26 more requests so there is a second page (cache hits after the first: no credits).
    for (let i = 0; i < 26; i++) {
      const res = await app.post("/api/html", { url: "http://article.test/", sync: true }, key);
      expect(res.status).toBe(200);
    }
    const history = `${projectUrl}/requests`;
    await page.goto(history);
    expect(await page.locator("[data-testid=requests-table] tbody tr").count()).toBe(25);
    await page.locator("[data-testid=usage-by-operation] [data-operation=screenshot]").waitFor();
    await page.locator("[data-testid=usage-by-operation] [data-operation=lighthouse]").waitFor();
    await shot("27-history");
    await page.getByRole("link", { name: "Older" }).click();
    await page.waitForURL(/page=2/);
    expect(await page.locator("[data-testid=requests-table] tbody tr").count()).toBeGreaterThan(0);

    await page.goto(history);
    await page.selectOption("#operation", "screenshot");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/operation=screenshot/);
    const ops = await page.locator("[data-testid=requests-table] tbody tr td:nth-child(2)").allTextContents();
    expect(ops.length).toBeGreaterThan(0);
    expect(ops.every((o) => o.startsWith("screenshot"))).toBe(true);

    await page.goto(`${history}?q=${encodeURIComponent("job=7")}`);
    const labelled = page.locator("[data-testid=requests-table] tbody tr");
    expect(await labelled.count()).toBeGreaterThanOrEqual(2);
    await page.goto(`${history}?q=article.test%2Fhook`);
    expect(await page.locator("[data-testid=requests-table] tbody tr").count()).toBe(1);
    const tomorrow = new Date(Date.now() + 36 * 3600 * 1000).toISOString().slice(0, 10);
    await page.goto(`${history}?from=${tomorrow}`);
    await page.getByText("No request matches these filters.").waitFor();

    await page.goto(`${history}?q=${encodeURIComponent("job=7")}&operation=html`);
    await page.locator("[data-testid=request-link]").first().click();
    await page.waitForURL(/\/requests\/[^/?]+$/);
    const detail = page.locator("[data-testid=request-detail]");
    await detail.getByText("job=7").waitFor();
    await detail.getByText("team=growth").waitFor();
    await detail.getByText("remove_selectors").waitFor();
    await shot("28-request-detail");

    await page.goto(`${app.url}/dashboard`);
    const overview = page.locator("[data-testid=usage-by-operation]");
    await overview.locator("[data-operation=lighthouse]", { hasText: "2 credits · 1 request" }).waitFor();
    await overview.locator("[data-operation=screenshot]").waitFor();
    await shot("28-overview-usage-by-operation");
  });

  it("not-found pages: an unknown project, an unknown request and an unknown address", async () => {
    // Under the streamed loading boundary Next.js has sent 200 before a page can call notFound()
    // (it adds robots noindex instead); an address no route matches is a real 404.
    await page.goto(`${app.url}/dashboard/projects/no-such-project`);
    await page.locator("[data-testid=page-not-found]").waitFor();
    expect(await page.locator("meta[name=robots][content=noindex]").count()).toBeGreaterThan(0);
    await shot("29-not-found");
    await page.goto(`${projectUrl}/requests/no-such-token`);
    await page.locator("[data-testid=page-not-found]").waitFor();
    const res = await page.goto(`${app.url}/no/such/page`);
    expect(res?.status()).toBe(404);
    await page.locator("[data-testid=page-not-found]").waitFor();
  });

  it("dark mode follows the system", async () => {
    const background = () =>
      page.evaluate(() => {
        const main = document.querySelector("section") ?? document.body;
        return getComputedStyle(main).backgroundColor;
      });
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto(`${projectUrl}/webhooks`);
    const light = await background();
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto(`${projectUrl}/webhooks`);
    const dark = await background();
    expect(dark).not.toBe(light);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe("dark");
    await shot("30-dark-webhooks");
    await page.goto(`${projectUrl}/requests`);
    await shot("31-dark-history");
    await openPlayground(page, app.url);
    await shot("32-dark-playground");
    await page.emulateMedia({ colorScheme: "light" });
  });

  it("produced no errors in the browser console but the 404s asked for", () => {
    expect(browserErrors).toEqual(["404 /no/such/page"]);
  });
});
