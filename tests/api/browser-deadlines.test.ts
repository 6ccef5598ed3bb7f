/**
 * Issue 27 through the real server and its Chromium. Lighthouse's browser is driven over a pipe,
 * with no DevTools port any local user could connect to. A browser that stops answering (here: its
 * process stopped with SIGSTOP, the most wedged a browser can be) holds no visit forever. The call
 * that finds it wedged misses its deadline, the browser takes no new work, and the visit is served
 * by a fresh browser.
 */
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type App } from "../support/app";
import { startLocalSite, type LocalSite } from "../support/local-site";
import { browsersOf, listeningSocketsOf } from "../support/processes";

function statusOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return "";
  }
}

/** Lighthouse's own browser (its profile folder says so), not the page pool's. */
function isLighthouse(pid: number): boolean {
  return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("lighthouse-chromium-");
}

describe("the server's browsers", () => {
  let site: LocalSite;
  let app: App;
  const stopped: number[] = [];

  beforeAll(async () => {
    site = await startLocalSite();
    app = await startApp({
      PAGE_TEST_HOSTS: site.hostsEnv,
      PAGE_BROWSER_CALL_TIMEOUT_MS: "3s",
      // Without the deadlines the visit would wait until here: well inside the test's own timeout.
      SYNC_TIMEOUT_MS: "45s",
    });
  });
  afterAll(async () => {
    for (const pid of stopped) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        /* already gone */
      }
    }
    await app?.stop();
    await site?.close();
  });

  it("Lighthouse through the server runs over its DevTools pipe: no browser of the server listens on a port", async () => {
    const key = (await app.admin("org", "create", "--name", "L", "--plan", "pro")).apiKey as string;
    const res = await app.post("/api/lighthouse", { url: "http://article.test/?lh=1", sync: true }, key);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { categories: Record<string, unknown> };
    expect(Object.keys(body.categories)).toContain("performance");
    const browsers = browsersOf(app.pid);
    const lighthouse = browsers.filter(isLighthouse);
    expect(lighthouse.length).toBeGreaterThan(0);
    for (const pid of lighthouse)
      expect(fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")).toContain(
        "--remote-debugging-pipe",
      );
    for (const pid of browsers) expect(listeningSocketsOf(pid)).toEqual([]);
  }, 120_000);

  it("a browser that stops answering is replaced: another organization's visit gets its page from a fresh browser", async () => {
    const keyA = (await app.admin("org", "create", "--name", "A", "--plan", "pro")).apiKey as string;
    const keyB = (await app.admin("org", "create", "--name", "B", "--plan", "pro")).apiKey as string;
    const warm = await app.post("/api/html", { url: "http://article.test/?for=a", sync: true }, keyA);
    expect(warm.status).toBe(200);
    const [browser] = browsersOf(app.pid).filter((pid) => !isLighthouse(pid));
    expect(browser).toBeGreaterThan(0);

    process.kill(browser!, "SIGSTOP");
    stopped.push(browser!);
    // B has no context yet: opening one is a call into the stopped browser.
    const started = Date.now();
    const res = await app.post("/api/html", { url: "http://article.test/?for=b", sync: true }, keyB);
    console.info(`[deadlines] B answered ${res.status} after ${Date.now() - started} ms`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("A local article");
    expect(app.logs.join("")).toContain("[browser-pool] a browser call missed its deadline");
    const now = browsersOf(app.pid).filter((pid) => !isLighthouse(pid));
    expect(now.filter((pid) => pid !== browser)).toHaveLength(1);

    // The stopped browser does not close within its deadline either: it is killed by its process id.
    const gone = () => !fs.existsSync(`/proc/${browser}`) || /^State:\s+Z/m.test(statusOf(browser!));
    for (let i = 0; i < 300 && !gone(); i++) await new Promise((r) => setTimeout(r, 200));
    if (!gone()) console.info(app.logs.join("").slice(-3000), statusOf(browser!).slice(0, 200));
    expect(gone()).toBe(true);

    // And A, whose warm context was in the stopped browser, is served by the fresh one too.
    const again = await app.post("/api/html", { url: "http://article.test/?for=a2", sync: true }, keyA);
    expect(again.status).toBe(200);
  }, 120_000);
});
