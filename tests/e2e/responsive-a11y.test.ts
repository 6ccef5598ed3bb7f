import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { startApp, type App } from "../support/app";
import { startCrawlSite, type CrawlSite } from "../support/sites/crawl-site";
import { openPlayground } from "../support/playground";
import { E2E_STEP_TIMEOUT_MS } from "../support/e2e-timeouts";
import { mailedLink, signUpConfirmed } from "../support/accounts";
import { storeLighthouseFixture } from "../support/lighthouse-fixture";

/**
 * Issue 26 point 4: every page at a phone's width (390×844) and a laptop's (1280×900), in light and
 * dark mode, in real Chromium against `next start` (needs `npx next build` first):
 * - the page itself never scrolls sideways (wide tables and code scroll inside their own box);
 * - axe-core finds no serious or critical violation;
 * - the first elements reached with Tab show where the focus is.
 * One navigation per page; the four variants are the same document re-laid out (viewport size and
 * emulated colour scheme change live), so the suite stays fast.
 *
 * Set E2E_SCREENSHOTS=<dir> (docs/screenshots) to save each page at both widths in light mode, and
 * at 390 px in dark mode.
 *
 * To check a new page, add an entry to SIGNED_OUT or SIGNED_IN below: a name and either a path or
 * an `open` step (navigate, click, run something) that leaves the page ready.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/lib/chromium/chromium";
const SHOTS = process.env.E2E_SCREENSHOTS;
const AXE_SOURCE = fs.readFileSync(path.resolve(__dirname, "../../node_modules/axe-core/axe.min.js"), "utf8");
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
] as const;
const SCHEMES = ["light", "dark"] as const;
/** How many elements Tab visits on each page and variant to check that the focus shows. */
const TAB_STOPS = 15;

interface PageCase {
  name: string;
  /** Path to open, or a step that opens the page (and runs what the case is about). */
  path?: string | (() => string);
  open?: (page: Page) => Promise<void>;
  /** A selector to wait for before checking (the page's content, not its loading state). */
  ready?: string;
  /** False for a page already pictured under another name. */
  screenshot?: boolean;
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

describe(
  "every page at 390 and 1280 px, light and dark: no sideways scroll, axe clean, visible focus",
  {
    timeout: 180_000,
  },
  () => {
    let site: CrawlSite;
    let app: App;
    let browser: Browser;
    let signedOut: BrowserContext;
    let signedIn: BrowserContext;
    let outPage: Page;
    let inPage: Page;
    let projectUrl = "";
    let confirmUrl = "";
    let invitationUrl = "";
    const email = `grace+${Date.now()}@example.com`;
    const browserErrors: string[] = [];

    const watch = (page: Page) => {
      page.setDefaultTimeout(E2E_STEP_TIMEOUT_MS);
      page.on("pageerror", (e) => browserErrors.push(e.message));
    };

    /**
     * Waits until the browser has laid out and painted the current state, and until colour
     * transitions started by the scheme change have ended (axe would read a colour halfway).
     */
    const settle = (page: Page) =>
      page.evaluate(async () => {
        await new Promise<void>((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
        );
        const transitions = document.getAnimations().filter((a) => a instanceof CSSTransition);
        await Promise.all(transitions.map((a) => a.finished.catch(() => undefined)));
      });

    const axe = async (page: Page): Promise<AxeViolation[]> => {
      if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ content: AXE_SOURCE });
      return page.evaluate(async () => {
        const result = await (
          window as unknown as { axe: { run(ctx: Document): Promise<{ violations: AxeViolation[] }> } }
        ).axe.run(document);
        return result.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => ({
            id: v.id,
            impact: v.impact,
            help: v.help,
            nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
          }));
      });
    };

    /**
     * Tabs through the first few focusable elements and says which one shows no focus indicator (an
     * outline, or a ring drawn as a box shadow).
     */
    const invisibleFocus = async (page: Page): Promise<string[]> => {
      await page.evaluate(() => {
        (document.activeElement as HTMLElement | null)?.blur();
        window.scrollTo(0, 0);
      });
      const problems: string[] = [];
      let reached = 0;
      for (let i = 0; i < TAB_STOPS; i++) {
        await page.keyboard.press("Tab");
        const seen = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body) return null;
          const style = getComputedStyle(el);
          const outline =
            style.outlineStyle !== "none" &&
            parseFloat(style.outlineWidth) > 0 &&
            style.outlineColor !== "rgba(0, 0, 0, 0)";
          const ring = style.boxShadow !== "none" && !/^rgba\(0, 0, 0, 0\)[^,]*$/.test(style.boxShadow);
          const label = `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}"`;
          return { label, visible: outline || ring };
        });
        if (!seen) continue;
        reached++;
        if (!seen.visible) problems.push(`no visible focus on ${seen.label}`);
      }
      if (!reached) problems.push("Tab reached no element");
      return problems;
    };

    /** Checks the page as it stands at every width and colour scheme; returns what failed. */
    const check = async (page: Page, name: string, shoot: boolean): Promise<string[]> => {
      const problems: string[] = [];
      for (const viewport of VIEWPORTS) {
        for (const scheme of SCHEMES) {
          const variant = `${name} @${viewport.width} ${scheme}`;
          await page.setViewportSize(viewport);
          await page.emulateMedia({ colorScheme: scheme });
          await settle(page);
          const overflow = await page.evaluate(() => ({
            scrollWidth: document.documentElement.scrollWidth,
            innerWidth: window.innerWidth,
            clientWidth: document.documentElement.clientWidth,
            // The outermost elements sticking out (not ones inside a box that scrolls or clips them).
            widest: [...document.querySelectorAll("body *")]
              .filter((el) => {
                if (el.getBoundingClientRect().right <= document.documentElement.clientWidth + 1)
                  return false;
                for (let up = el.parentElement; up && up !== document.body; up = up.parentElement)
                  if (getComputedStyle(up).overflowX !== "visible") return false;
                return true;
              })
              .slice(0, 3)
              .map(
                (el) =>
                  `${el.tagName.toLowerCase()}.${String(el.getAttribute("class")).split(" ").slice(0, 3).join(".")}`,
              ),
          }));
          if (overflow.scrollWidth > overflow.clientWidth)
            problems.push(
              `${variant}: lays out ${overflow.scrollWidth} px wide in ${overflow.clientWidth} px (${overflow.widest.join(", ")})`,
            );
          for (const v of await axe(page))
            problems.push(
              `${variant}: axe ${v.impact} ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`,
            );
          for (const p of await invisibleFocus(page)) problems.push(`${variant}: ${p}`);
          if (shoot && (scheme === "light" || viewport.width === 390)) {
            fs.mkdirSync(SHOTS!, { recursive: true });
            // As a visitor first sees it: the focus check above tabbed and scrolled boxes sideways.
            await page.evaluate(() => {
              (document.activeElement as HTMLElement | null)?.blur();
              window.scrollTo(0, 0);
              for (const el of document.querySelectorAll("*")) if (el.scrollLeft) el.scrollLeft = 0;
            });
            const file = `${name}-${viewport.width}${scheme === "dark" ? "-dark" : ""}.png`;
            // The whole page, up to a few screens (the API reference is 30,000 px long).
            const height = Math.min(await page.evaluate(() => document.documentElement.scrollHeight), 3600);
            await page.screenshot({
              path: path.join(SHOTS!, file),
              fullPage: true,
              clip: { x: 0, y: 0, width: viewport.width, height },
            });
          }
        }
      }
      return problems;
    };

    const runCase = async (page: Page, c: PageCase) => {
      await page.setViewportSize(VIEWPORTS[1]);
      await page.emulateMedia({ colorScheme: "light" });
      if (c.open) await c.open(page);
      else {
        const target = typeof c.path === "function" ? c.path() : c.path!;
        await page.goto(target.startsWith("http") ? target : app.url + target);
      }
      // Past the streamed loading state (app/(dashboard)/loading.tsx), then the page's own content.
      await page.locator("[data-testid=page-loading]").waitFor({ state: "detached" });
      if (c.ready) await page.locator(c.ready).first().waitFor();
      // A refresh after an action (router.refresh() once an invitation is sent) renders the page's
      // metadata again, and its <title> is back a moment after the content: check the page settled.
      await page.waitForFunction(() => document.title !== "");
      expect(await check(page, c.name, Boolean(SHOTS) && c.screenshot !== false)).toEqual([]);
    };

    /** Presses Run on the Playground's one-page tab and waits for the answer's preview. */
    const runOperation = async (page: Page, endpoint: string, url: string, preview: string) => {
      await page.selectOption("#endpoint", endpoint);
      await page.fill("#url", url);
      await page.getByRole("button", { name: `Run ${endpoint}` }).click();
      await page.locator(preview).first().waitFor({ timeout: 120_000 });
    };

    const SIGNED_OUT: PageCase[] = [
      { name: "home", path: "/" },
      { name: "sign-in", path: "/login", ready: "form" },
      { name: "sign-up", path: "/signup", ready: "form" },
      { name: "forgot-password", path: "/forgot-password", ready: "form" },
      // Development mode (issue 26 point 5): the signed-out outbox, empty, then with the reset mail.
      { name: "dev-outbox-empty", path: "/dev-outbox", ready: "[data-testid=dev-outbox]" },
      {
        name: "dev-outbox",
        open: async (p) => {
          await p.goto(`${app.url}/forgot-password`);
          await p.fill("#email", email);
          await p.getByRole("button", { name: "Email me a reset link" }).click();
          await p.getByTestId("dev-outbox-link").click();
          await p.waitForURL(/\/dev-outbox$/);
        },
        ready: "[data-testid=dev-outbox] [data-testid=outbox-link]",
      },
      { name: "reset-password", path: "/reset-password?token=not-a-real-token" },
      { name: "invitation", path: () => invitationUrl },
      { name: "invitation-unknown", path: "/invite?token=not-a-real-token" },
      { name: "unknown-address", path: "/no/such/page" },
      { name: "confirm-email", path: () => confirmUrl, ready: "[data-testid=confirm-result]" },
      // The same page as signed in, minus the account footer: checked, not pictured again.
      { name: "docs-signed-out", path: "/docs", screenshot: false },
    ];

    const SIGNED_IN: PageCase[] = [
      { name: "playground", open: (p) => openPlayground(p, app.url) },
      {
        name: "playground-markdown-result",
        // Run on a phone: the Run button is reachable and the result comes into view by itself.
        open: async (p) => {
          await p.setViewportSize(VIEWPORTS[0]);
          await runOperation(p, "markdown", "http://docs.test/guide/1", "[data-testid=markdown-preview]");
          const top = await p
            .getByTestId("playground-results")
            .evaluate((el) => el.getBoundingClientRect().top / window.innerHeight);
          expect(top).toBeGreaterThanOrEqual(0);
          expect(top).toBeLessThan(0.5);
        },
      },
      {
        name: "playground-meta-result",
        // Async: the job status follows it, and its webhook delivery fills the log checked below.
        open: async (p) => {
          await p.uncheck("#sync");
          await runOperation(
            p,
            "meta",
            "http://docs.test/guide/2",
            "[data-testid=job-status][data-phase=complete]",
          );
          await p.locator("[data-testid=meta-card]").waitFor();
          await p.check("#sync");
        },
      },
      {
        name: "playground-screenshot-result",
        open: (p) =>
          runOperation(p, "screenshot", "http://docs.test/guide/3", "img[data-testid=screenshot-preview]"),
      },
      {
        // Every structured view at once (issue 26 point 7): meta card, keyword chips, console table, screenshot.
        name: "playground-scrape-result",
        open: async (p) => {
          await p.selectOption("#endpoint", "scrape");
          for (const op of ["keywords", "console", "screenshot"]) await p.check(`#op-${op}`);
          await runOperation(p, "scrape", "http://docs.test/guide/4", "[data-testid=screenshot-view]");
          await p.locator("[data-testid=keyword-chips]").waitFor();
          for (const op of ["keywords", "console", "screenshot"]) await p.uncheck(`#op-${op}`);
        },
      },
      {
        name: "playground-error",
        open: (p) => runOperation(p, "html", "http://localhost/", "[data-testid=playground-error]"),
      },
      { name: "playground-map", open: (p) => openPlayground(p, app.url, "map") },
      {
        name: "playground-map-result",
        open: async (p) => {
          await p.fill("#site-url", "http://docs.test/");
          await p.fill("#site-limit", "10");
          await p.getByRole("button", { name: "Run map" }).click();
          await p.getByRole("heading", { name: "10 links" }).waitFor({ timeout: 120_000 });
        },
      },
      { name: "playground-crawl", open: (p) => openPlayground(p, app.url, "crawl") },
      {
        name: "playground-crawl-result",
        open: async (p) => {
          await p.fill("#site-url", "http://docs.test/");
          await p.fill("#site-limit", "3");
          await p.getByRole("button", { name: "Run crawl" }).click();
          await p.locator("[data-testid=crawl-progress][data-status=complete]").waitFor({ timeout: 120_000 });
          await p.locator("[data-testid=crawl-page]").first().click();
          await p.locator("[data-testid=markdown-preview]").waitFor();
        },
      },
      { name: "playground-batch", open: (p) => openPlayground(p, app.url, "batch") },
      {
        name: "playground-batch-result",
        open: async (p) => {
          await p.fill("#site-urls", "http://docs.test/guide/5\nhttp://docs.test/blog/2");
          await p.getByRole("button", { name: "Run batch" }).click();
          await p.locator("[data-testid=crawl-progress][data-status=complete]").waitFor({ timeout: 120_000 });
        },
      },
      { name: "dashboard", path: "/dashboard" },
      { name: "projects", path: "/dashboard/projects", ready: "[data-testid=project-list]" },
      { name: "project", path: () => projectUrl },
      {
        name: "webhooks",
        open: async (p) => {
          for (let tries = 0; ; tries++) {
            await p.goto(`${projectUrl}/webhooks`);
            if (await p.locator("[data-testid=attempt]").count()) return;
            if (tries > 60) throw new Error("the async run's webhook delivery never showed in the log");
            await p.waitForTimeout(1000);
          }
        },
      },
      { name: "history", path: () => `${projectUrl}/requests`, ready: "[data-testid=requests-table]" },
      {
        name: "request-detail",
        open: async (p) => {
          await p.goto(`${projectUrl}/requests?operation=markdown`);
          await p.locator("[data-testid=request-link]").first().click();
          await p.waitForURL(/\/requests\/[^/?]+$/);
        },
        ready: "[data-testid=request-detail]",
      },
      {
        // The stored scrape previewed with the Playground's views (issue 26 point 6).
        name: "request-detail-scrape",
        open: async (p) => {
          await p.goto(`${projectUrl}/requests?operation=scrape`);
          await p.locator("[data-testid=request-link]").first().click();
          await p.waitForURL(/\/requests\/[^/?]+$/);
        },
        ready: "[data-testid=request-result] [data-testid=meta-card]",
      },
      {
        // A Lighthouse report with failing audits (a stored fixture: a real run takes minutes).
        name: "request-detail-lighthouse",
        open: async (p) => void (await p.goto(app.url + (await storeLighthouseFixture(app)))),
        ready: "[data-testid=lighthouse-failing]",
      },
      { name: "crawls", path: () => `${projectUrl}/crawls`, ready: "[data-testid=crawl-row]" },
      {
        name: "crawl-detail",
        open: async (p) => {
          await p.goto(`${projectUrl}/crawls`);
          await p.locator("[data-testid=crawl-link]").last().click();
          await p.waitForURL(/\/crawls\/crawl_/);
        },
        ready: "[data-testid=crawl-detail-pages]",
      },
      { name: "settings", path: "/dashboard/settings" },
      {
        // Members and a pending invitation (issue 26 points 1-2); its link is the signed-out case below.
        name: "settings-invitation",
        open: async (p) => {
          await p.goto(`${app.url}/dashboard/settings`);
          await p.getByLabel("Email", { exact: true }).fill("lin@example.com");
          await p.getByRole("button", { name: "Invite" }).click();
          await p.locator("[data-testid=pending-invitations]", { hasText: "lin@example.com" }).waitFor();
          const [mail] = await app.sql<{ text: string }>(
            `SELECT text FROM "OutboxEmail" WHERE "to" = $1 AND subject LIKE 'Join%'`,
            ["lin@example.com"],
          );
          invitationUrl = /http\S+\/invite\?token=[\w-]+/.exec(mail.text)![0];
        },
      },
      { name: "docs", path: "/docs" },
      {
        name: "not-found",
        path: "/dashboard/projects/no-such-project",
        ready: "[data-testid=page-not-found]",
      },
    ];

    beforeAll(async () => {
      site = await startCrawlSite();
      [app, browser] = await Promise.all([
        startApp({ PAGE_TEST_HOSTS: site.hostsEnv, RESEND_API_KEY: "", EMAIL_DEV_OUTBOX: "1" }),
        chromium.launch({ executablePath: CHROMIUM, args: ["--headless", "--no-sandbox", "--disable-gpu"] }),
      ]);
      signedIn = await browser.newContext({ viewport: VIEWPORTS[1] });
      signedOut = await browser.newContext({ viewport: VIEWPORTS[1] });
      inPage = await signedIn.newPage();
      outPage = await signedOut.newPage();
      watch(inPage);
      watch(outPage);

      await signUpConfirmed(inPage, app, { name: "Grace Hopper", organization: "Compilers Inc", email });
      confirmUrl = await mailedLink(app, email, "confirm");
      // The unconfirmed-email banner is a page part to check too: it now shows only to a session
      // of an account signed in before sign-in needed a confirmed address, made here.
      await app.sql(`UPDATE "User" SET "emailVerified" = NULL WHERE email = $1`, [email]);
      await inPage.goto(`${app.url}/dashboard/projects`);
      await inPage.locator("[data-testid=project-list] a").first().click();
      await inPage.waitForURL(/\/dashboard\/projects\/[^/]+$/);
      projectUrl = inPage.url();
      // Deliveries for the webhook log (the Playground's async run below sends one).
      await inPage.getByLabel("Default webhook URL").fill("http://docs.test/webhook");
      await inPage.getByRole("button", { name: "Save settings" }).click();
      await inPage.getByText("Settings saved.").waitFor();
    });

    afterAll(async () => {
      if (process.env.E2E_LOGS) console.log(app?.logs.join(""));
      await browser?.close();
      await app?.stop();
      await site?.close();
    });

    // The unconfirmed-email banner is itself a page part to check: the signed-in pages run first,
    // then the (already used) confirmation link is opened signed out.
    for (const c of SIGNED_IN) it(`signed in: ${c.name}`, () => runCase(inPage, c), 300_000);
    for (const c of SIGNED_OUT) it(`signed out: ${c.name}`, () => runCase(outPage, c));

    it("polish: favicon, sign-up from home, docs without raw Markdown or '(s)', a link to sign in", async () => {
      const icon = await fetch(`${app.url}/icon.svg`);
      expect(icon.status).toBe(200);
      expect(icon.headers.get("content-type")).toContain("image/svg+xml");
      await outPage.goto(app.url);
      expect(await outPage.locator("link[rel=icon]").getAttribute("href")).toMatch(/^\/icon\.svg/);
      await outPage.getByRole("link", { name: "Sign up free" }).click();
      await outPage.waitForURL(/\/signup$/);

      // The same address again: the answer every sign-up gets, with a link to sign in.
      await outPage.locator("form[data-form-ready]").waitFor();
      await outPage.fill("#email", email);
      await outPage.fill("#password", "correct horse battery");
      await outPage.click("button[type=submit]");
      await outPage.getByTestId("signup-done").getByRole("link", { name: "Sign in" }).click();
      await outPage.waitForURL(/\/login$/);

      await outPage.goto(`${app.url}/docs`);
      await outPage.locator("#markdown").waitFor(); // past the streamed loading state
      const text = (await outPage.locator("main").textContent()) ?? "";
      expect(text).not.toMatch(/credit\(s\)|\b1 credits\b/);
      expect(text).toContain("Costs 1 credit when successful");
      // Inline code from the OpenAPI descriptions is code, not backticks (curl examples are code blocks).
      const prose = await outPage
        .locator("[data-testid=endpoint] p, [data-testid=endpoint] td")
        .evaluateAll((els) => els.map((e) => e.textContent ?? "").filter((t) => t.includes("`")));
      expect(prose).toEqual([]);
      expect(await outPage.locator("#markdown header code", { hasText: "residential" }).count()).toBe(1);
    });

    it("raised no uncaught error in any page", () => {
      expect(browserErrors).toEqual([]);
    });
  },
);
