import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium, type Browser, type Page } from "playwright-core";
import { Webhook } from "standardwebhooks";
import { priceOf } from "@/lib/billing/prices";
import { startApp, type App } from "../support/app";
import { startLocalSite, type LocalSite } from "../support/local-site";
import { openPlayground } from "../support/playground";
import { E2E_STEP_TIMEOUT_MS } from "../support/e2e-timeouts";
import { signUpWithKey } from "../support/accounts";

/**
 * Issue 26 §6, §8 and §9 in real Chromium against `next start` (needs `npx next build` first):
 * - history says who sent each request (API and MCP by key name, the Playground by user), gives its
 *   times to the millisecond (queued, processing, total) and shows the request in the API's words;
 * - the Playground at 1280 px (nothing cut off or run together), its cost before sending, bounds
 *   checked by the field from the API's schemas (nothing sent), deep links and "copy link";
 * - the webhook log: test events logged, a failing delivery's next attempt and give-up time, its
 *   payload and signature headers, the status filter, and cancelling a destination's pending ones.
 *
 * Set E2E_SCREENSHOTS=<dir> to save a PNG of each page looked at.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/lib/chromium/chromium";
const SHOTS = process.env.E2E_SCREENSHOTS;
const TIMESTAMP = /\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}:\d{2}\.\d{3} UTC/;
const SECONDS = /(\d+\.\d{3}) s/;

describe("history, Playground form and webhook log end to end", { timeout: 180_000 }, () => {
  let site: LocalSite;
  let app: App;
  let browser: Browser;
  let page: Page;
  let key = "";
  let projectUrl = "";
  let projectId = "";
  const email = `ada+${Date.now()}@example.com`;
  const browserErrors: string[] = [];

  const shot = async (name: string) => {
    if (!SHOTS) return;
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  };
  /** Every POST the Playground sends to run a request (the form's checks must send none). */
  const playgroundPosts: string[] = [];

  beforeAll(async () => {
    site = await startLocalSite();
    [app, browser] = await Promise.all([
      startApp({
        PAGE_TEST_HOSTS: site.hostsEnv,
        RESEND_API_KEY: "",
        EMAIL_DEV_OUTBOX: "1",
        // Long enough that a failing delivery is still pending while the log is looked at.
        WEBHOOK_RETRY_DELAY_SECONDS: "600",
      }),
      chromium.launch({ executablePath: CHROMIUM, args: ["--headless", "--no-sandbox", "--disable-gpu"] }),
    ]);
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
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
    page.on("request", (r) => {
      if (r.method() === "POST" && new URL(r.url()).pathname === "/api/dashboard/playground")
        playgroundPosts.push(r.postData() ?? "");
    });

    ({ key, projectUrl, projectId } = await signUpWithKey(page, app, {
      name: "Ada Lovelace",
      // A long name: at 1280 px the Playground's project choice must still show it whole.
      organization: "Analytical Engines and Difference Machines Ltd",
      email,
    }));
  }, 180_000);

  afterAll(async () => {
    if (process.env.E2E_LOGS) console.log(app?.logs.join(""));
    await browser?.close();
    await app?.stop();
    await site?.close();
  });

  it("history: source and sender of each request, times to the millisecond, the request as sent", async () => {
    // One request from each source: the HTTP API (async, with options), MCP, and the Playground.
    const api = await app.post(
      "/api/scrape",
      {
        url: "http://article.test/history",
        operations: ["markdown", "meta"],
        max_age: 3600,
        page_options: { delay: 50, remove_selectors: [".ad"] },
        labels: { run: "history" },
      },
      key,
    );
    expect(api.status).toBe(200);
    const apiToken = ((await api.json()) as { token: string }).token;
    const mcp = await fetch(`${app.url}/api/mcp`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        authorization: `Bearer ${key}`,
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "html", arguments: { url: "http://article.test/via-mcp" } },
      }),
    });
    expect(mcp.status).toBe(200);
    // A sync cache hit is recorded by the batched INSERT (lib/requests/hit-rows.ts): its sender too.
    const hit = await app.post("/api/html", { url: "http://article.test/via-mcp", sync: true }, key);
    expect(hit.headers.get("x-cache")).toBe("hit");
    const hitToken = hit.headers.get("x-result-token");
    await expect
      .poll(async () =>
        app.sql<{ source: string; key: boolean }>(
          `SELECT source::text AS source, "apiKeyId" IS NOT NULL AS key FROM "Request" WHERE token = $1`,
          [hitToken],
        ),
      )
      .toEqual([{ source: "api", key: true }]);
    await openPlayground(page, app.url);
    await page.selectOption("#endpoint", "html");
    await page.fill("#url", "http://article.test/via-playground");
    const [ran] = await Promise.all([
      page.waitForResponse(
        (r) => new URL(r.url()).pathname === "/api/dashboard/playground" && r.request().method() === "POST",
        { timeout: 120_000 },
      ),
      page.getByRole("button", { name: "Run html" }).click(),
    ]);
    expect(ran.status()).toBe(200);

    const history = `${projectUrl}/requests`;
    const rowOf = (url: string) =>
      page.locator("[data-testid=requests-table] tbody tr", { hasText: url.replace(/^http:\/\//, "") });
    const end = Date.now() + 60_000;
    for (;;) {
      // The async scrape finishes on its own; wait until its row has a total.
      await page.goto(history);
      const times = await rowOf("http://article.test/history")
        .locator("[data-testid=request-times]")
        .textContent();
      if (times && !times.includes("…")) break;
      if (Date.now() > end) throw new Error(`the scrape never finished: ${times}`);
      await page.waitForTimeout(500);
    }
    // The oldest row of a URL (the list is newest first): via-mcp also has the later cache hit.
    const sentBy = async (url: string) =>
      `${await rowOf(url).last().locator("[data-testid=request-source]").textContent()} ${await rowOf(url)
        .last()
        .locator("[data-testid=request-sender]")
        .textContent()}`;
    expect(await sentBy("http://article.test/history")).toBe("API Default key");
    expect(await sentBy("http://article.test/via-mcp")).toBe("MCP Default key");
    expect(await sentBy("http://article.test/via-playground")).toBe("Playground Ada Lovelace");
    const times = (await rowOf("http://article.test/history")
      .locator("[data-testid=request-times]")
      .textContent())!;
    expect(times).toMatch(TIMESTAMP);
    expect(times.match(/\d+\.\d{3} s/g)).toHaveLength(3);
    await shot("history-sources");

    // Filter by source.
    await page.selectOption("#source", "mcp");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/source=mcp/);
    const rows = page.locator("[data-testid=requests-table] tbody tr");
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain("article.test/via-mcp");

    // The detail: the request in the API's words, and where the time went.
    await page.goto(`${history}/${apiToken}`);
    const sent = (await page.locator("[data-testid=request-as-sent]").textContent())!;
    expect(sent).toContain("POST /scrape");
    const body = JSON.parse(sent.slice(sent.indexOf("{"))) as Record<string, unknown>;
    expect(body).toEqual({
      url: "http://article.test/history",
      operations: ["markdown", "meta"],
      max_age: 3600,
      page_options: { delay: 50, remove_selectors: [".ad"] },
      labels: { run: "history" },
    });
    expect(sent).not.toMatch(/pageOptions|maxAgeSeconds|screenshotOptions/);
    const seconds = async (id: string) =>
      Number(SECONDS.exec((await page.locator(`[data-testid=${id}]`).textContent()) ?? "")?.[1]);
    const [queued, processing, total] = [
      await seconds("time-queued"),
      await seconds("time-processing"),
      await seconds("time-total"),
    ];
    expect(Number.isFinite(queued) && Number.isFinite(processing)).toBe(true);
    expect(total).toBeCloseTo(queued + processing, 3);
    const detail = (await page.locator("[data-testid=request-detail]").textContent())!;
    expect(detail).toContain("API");
    expect(detail).toContain("Default key");
    // Read the detail once its times are there (a CI run once read <main> holding none of them).
    await page.locator("main", { hasText: TIMESTAMP }).waitFor();
    expect(
      (await page.locator("main").textContent())!.match(new RegExp(TIMESTAMP, "g"))!.length,
    ).toBeGreaterThanOrEqual(3);
    await shot("history-detail");
  });

  it("Playground at 1280 px: the project name is whole, scrape's checkboxes apart, and the cost before sending", async () => {
    await openPlayground(page, app.url);
    // The selected project's text fits its select (the text's width against the box's inner width).
    const fit = await page.locator("#project").evaluate((el) => {
      const select = el as HTMLSelectElement;
      const style = getComputedStyle(select);
      const probe = document.createElement("span");
      probe.style.font = style.font;
      probe.style.whiteSpace = "pre";
      probe.style.position = "absolute";
      probe.textContent = select.options[select.selectedIndex].text;
      document.body.append(probe);
      const text = probe.getBoundingClientRect().width;
      probe.remove();
      const inner = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text, inner };
    });
    expect(fit.text).toBeLessThanOrEqual(fit.inner);

    await page.selectOption("#endpoint", "scrape");
    const boxes = await page
      .locator("[data-testid=scrape-operations] label")
      .evaluateAll((labels) => labels.map((l) => l.getBoundingClientRect().toJSON() as DOMRect));
    expect(boxes).toHaveLength(8);
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i], boxes[j]];
        const apart =
          a.right + 8 <= b.left || b.right + 8 <= a.left || a.bottom <= b.top || b.bottom <= a.top;
        expect(apart, `labels ${i} and ${j} touch`).toBe(true);
      }

    // The cost, from the price list admission uses, before anything is sent.
    const cost = () => page.locator("[data-testid=request-cost]").textContent();
    await expect(cost()).resolves.toContain(`${priceOf(["markdown", "meta"], false)} credits`);
    await page.check("#op-summarize");
    await expect(cost()).resolves.toContain(`${priceOf(["markdown", "meta", "summarize"], false)} credits`);
    await page
      .locator("[data-testid=options-request]")
      .evaluate((el) => ((el as HTMLDetailsElement).open = true));
    await page.selectOption("#opt-residential", "true");
    const withResidential = priceOf(["markdown", "meta", "summarize"], true);
    await expect(cost()).resolves.toContain(`${withResidential} credits`);
    await expect(cost()).resolves.toContain("residential 25 × 1 visit");
    await shot("playground-1280-scrape-cost");
  });

  it("Playground: documented bounds are checked by the field from the API's schemas, and nothing is sent", async () => {
    await openPlayground(page, app.url);
    await page.selectOption("#endpoint", "screenshot");
    await page.fill("#url", "http://article.test/");
    await page.fill("#opt-screenshot_options-viewport_width", "5000");
    await page
      .locator("[data-testid=options-page_options]")
      .evaluate((el) => ((el as HTMLDetailsElement).open = true));
    await page.fill("#opt-page_options-delay", "20000");
    await page.fill("#idempotency-key", "has space");
    const before = playgroundPosts.length;
    await page.getByRole("button", { name: "Run screenshot" }).click();
    const error = (field: string) => page.locator(`[data-testid=field-error][data-field="${field}"]`);
    await expect(error("screenshot_options.viewport_width").textContent()).resolves.toBe(
      "viewport_width must be at most 1920",
    );
    await expect(error("page_options.delay").textContent()).resolves.toBe("delay must be at most 10000");
    await error("idempotency-key").waitFor();
    await page.locator("[data-testid=form-errors]").waitFor();
    // The field says which message describes it.
    expect(await page.getAttribute("#opt-screenshot_options-viewport_width", "aria-invalid")).toBe("true");
    await shot("playground-bounds");
    expect(playgroundPosts.length).toBe(before);

    // Fixed, the messages go as the fields are edited, and the request is sent.
    await page.fill("#opt-screenshot_options-viewport_width", "800");
    await page.fill("#opt-page_options-delay", "");
    await page.fill("#idempotency-key", "");
    await expect(page.locator("[data-testid=field-error]").count()).resolves.toBe(0);
    await page.getByRole("button", { name: "Run screenshot" }).click();
    await expect.poll(() => playgroundPosts.length).toBe(before + 1);
  });

  it("Playground deep links prefill the form, and 'copy link' gives the prepared request back", async () => {
    const q = new URLSearchParams({
      op: "scrape",
      url: "http://article.test/deep",
      sync: "false",
      operations: "meta,screenshot",
      max_age: "2 hours",
      "page_options.delay": "250",
      "screenshot_options.format": "jpeg",
      labels: "campaign=spring",
    });
    await page.goto(`${app.url}/playground?${q}`);
    await page.locator("[data-playground-ready]").waitFor();
    expect(await page.inputValue("#endpoint")).toBe("scrape");
    expect(await page.inputValue("#url")).toBe("http://article.test/deep");
    expect(await page.isChecked("#sync")).toBe(false);
    expect(await page.isChecked("#op-meta")).toBe(true);
    expect(await page.isChecked("#op-screenshot")).toBe(true);
    expect(await page.isChecked("#op-markdown")).toBe(false);
    expect(await page.inputValue("#opt-screenshot_options-format")).toBe("jpeg");
    const body = JSON.parse((await page.locator("[data-testid=request-body]").textContent())!);
    expect(body).toEqual({
      url: "http://article.test/deep",
      sync: false,
      operations: ["screenshot", "meta"],
      max_age: "2 hours",
      labels: { campaign: "spring" },
      page_options: { delay: 250 },
      screenshot_options: { format: "jpeg" },
    });
    await shot("playground-deep-link");

    // Change something, take the link, open it fresh: the same request.
    await page.fill("#url", "http://article.test/shared");
    const link = await page.inputValue("[data-testid=playground-link]");
    expect(link.startsWith(`${app.url}/playground?`)).toBe(true);
    expect(new URL(link).searchParams.get("project")).toBe(projectId);
    const changed = (await page.locator("[data-testid=request-body]").textContent())!;
    await page.goto(link);
    await page.locator("[data-playground-ready]").waitFor();
    expect(await page.locator("[data-testid=request-body]").textContent()).toBe(changed);
  });

  it("webhook log: test events, next attempt and give-up time, payload and signature, filter, cancel pending", async () => {
    await page.goto(projectUrl);
    await page.getByLabel("Default webhook URL").fill("http://hooks.test/webhook/default");
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByText("Settings saved.").waitFor();
    await page.getByRole("button", { name: "Reveal" }).click();
    const secret = (await page
      .locator("[data-testid=webhook-secret]", { hasText: /^whsec_[A-Za-z0-9+/=]{20,}$/ })
      .textContent())!.trim();
    const webhooksUrl = `${projectUrl}/webhooks`;

    // A test event to a receiver that is down: logged as a failed delivery with its attempt.
    site.webhookStatus = 500;
    site.webhookReply = "receiver is down";
    await page.goto(webhooksUrl);
    await page.getByRole("button", { name: /send test event/i }).click();
    const testEvent = page.locator("[data-testid=delivery][data-event='webhook.test']");
    await testEvent.first().waitFor();
    expect(await testEvent.first().getAttribute("data-state")).toBe("failed");
    await expect(testEvent.first().locator("[data-testid=attempt]").textContent()).resolves.toMatch(
      /500.*receiver is down/,
    );

    // An async request whose delivery fails and waits 10 minutes for its next attempt.
    const res = await app.post("/api/meta", { url: "http://article.test/hooked" }, key);
    const token = ((await res.json()) as { token: string }).token;
    const delivery = page.locator(`[data-testid=delivery][data-token="${token}"]`);
    const end = Date.now() + 90_000;
    for (;;) {
      await page.goto(webhooksUrl);
      if (await delivery.locator("[data-testid=attempt]").count()) break;
      if (Date.now() > end) throw new Error("the delivery was never attempted");
      await page.waitForTimeout(1000);
    }
    expect(await delivery.getAttribute("data-state")).toBe("pending");
    const schedule = (await delivery.locator("[data-testid=delivery-schedule]").textContent())!;
    expect(schedule).toMatch(/Next attempt \(2 of 36\)/);
    const next = Date.parse(
      (await delivery.locator("[data-testid=next-attempt]").textContent())!
        .replace(/, /, " ")
        .replace(" UTC", "Z"),
    );
    const givesUp = Date.parse(
      (await delivery.locator("[data-testid=gives-up]").textContent())!
        .replace(/, /, " ")
        .replace(" UTC", "Z"),
    );
    expect(next).toBeGreaterThan(Date.now() + 8 * 60_000); // ~10 minutes after the first attempt
    expect(givesUp).toBeGreaterThan(next + 24 * 3600_000); // backoff to 1 h over 36 attempts
    await shot("webhooks-pending");

    // Payload and signature headers, as the receiver got them: the signature verifies.
    await delivery.locator("[data-testid=delivery-details] summary").click();
    const headersText = (await delivery.locator("[data-testid=delivery-headers]").textContent())!;
    const header = (name: string) => new RegExp(`${name}: (.+)`).exec(headersText)![1].trim();
    const received = site.webhooks.find((w) => JSON.parse(w.body).data?.token === token)!;
    expect(header("webhook-id")).toBe(String(received.headers["webhook-id"]));
    expect(header("webhook-signature")).toBe(String(received.headers["webhook-signature"]));
    const payload = JSON.parse((await delivery.locator("[data-testid=delivery-payload]").textContent())!);
    expect(payload).toEqual(JSON.parse(received.body));
    expect(() =>
      new Webhook(secret).verify(received.body, {
        "webhook-id": header("webhook-id"),
        "webhook-timestamp": header("webhook-timestamp"),
        "webhook-signature": header("webhook-signature"),
      }),
    ).not.toThrow();
    await shot("webhooks-payload");

    // Filter by status.
    await page.locator("[data-testid=delivery-filter]").getByRole("link", { name: "pending" }).click();
    await page.waitForURL(/state=pending/);
    const states = () =>
      page
        .locator("[data-testid=delivery]")
        .evaluateAll((els) => els.map((e) => e.getAttribute("data-state")));
    expect(await states()).toEqual(["pending"]);
    await page.locator("[data-testid=delivery-filter]").getByRole("link", { name: "failed" }).click();
    await page.waitForURL(/state=failed/);
    expect(new Set(await states())).toEqual(new Set(["failed"]));
    expect(await testEvent.count()).toBe(1);

    // Cancel the destination's pending deliveries: the delivery is cancelled, never attempted again.
    await page.goto(webhooksUrl);
    const pending = page.locator("[data-testid=pending-destinations]");
    await pending.getByText("http://hooks.test/webhook/default").waitFor();
    await pending.getByRole("button", { name: /Cancel 1 pending deliveries/ }).click();
    // The action answers after the click: wait for its message rather than reading at once.
    await page
      .locator("[data-testid=cancel-pending-status]", { hasText: /^Cancelled 1 pending delivery\.$/ })
      .waitFor();
    await page.goto(`${webhooksUrl}?state=cancelled`);
    expect(await delivery.getAttribute("data-state")).toBe("cancelled");
    await page.locator("[data-testid=pending-destinations]").getByText("No delivery is waiting.").waitFor();
    await shot("webhooks-cancelled");
  });

  it("produced no errors in the browser console", () => {
    expect(browserErrors).toEqual([]);
  });
});
