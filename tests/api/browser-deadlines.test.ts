/**
 * Issue 27 through the real server and its Chromium: a browser that stops answering (here: its
 * process stopped with SIGSTOP, the most wedged a browser can be) holds no visit forever. The call
 * that finds it wedged misses its deadline, the browser takes no new work, and the visit is served
 * by a fresh browser.
 */
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type App } from "../support/app";
import { startLocalSite, type LocalSite } from "../support/local-site";

/** Chromium main processes started by the server (direct children: the launcher execs Chromium). */
function browsersOf(pid: number): number[] {
  return fs
    .readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const stat = fs.readFileSync(`/proc/${d}/stat`, "utf8");
        const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
        const cmdline = fs.readFileSync(`/proc/${d}/cmdline`, "utf8");
        return ppid === pid && cmdline.includes("chromium") && !cmdline.includes("--type=");
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

describe("deadlines on browser calls", () => {
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

  it("a browser that stops answering is replaced: another organization's visit gets its page from a fresh browser", async () => {
    const keyA = (await app.admin("org", "create", "--name", "A", "--plan", "pro")).apiKey as string;
    const keyB = (await app.admin("org", "create", "--name", "B", "--plan", "pro")).apiKey as string;
    const warm = await app.post("/api/html", { url: "http://article.test/?for=a", sync: true }, keyA);
    expect(warm.status).toBe(200);
    const [browser] = browsersOf(app.pid);
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
    const now = browsersOf(app.pid);
    expect(now.filter((pid) => pid !== browser)).toHaveLength(1);

    // And A, whose warm context was in the stopped browser, is served by the fresh one too.
    const again = await app.post("/api/html", { url: "http://article.test/?for=a2", sync: true }, keyA);
    expect(again.status).toBe(200);
  }, 120_000);
});
