/**
 * Tenant isolation through the real HTTP server (issue 7, browser half): two organizations made
 * by the admin command, local sites on loopback, the server's own Chromium.
 */
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type App } from "../support/app";
import { startLocalSite, type LocalSite } from "../support/local-site";
import { descendantsOf, userNamespaceOf } from "../support/processes";

/**
 * The server's resident-memory ceiling for these tests. An idle server with its database holds a
 * few hundred MB; a 60 MB or 500 MB document reaching Node would add several times its size
 * (pipe buffer, string, JSON parse) and break through it.
 */
const SERVER_RSS_LIMIT_MB = 1024;

function memoryMb(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(status)![1]);
  return { rss: Math.round(kb("VmRSS") / 1024), peak: Math.round(kb("VmHWM") / 1024) };
}

describe("tenant isolation in the browser", () => {
  let site: LocalSite;
  let app: App;
  let keyA: string;
  let keyB: string;

  beforeAll(async () => {
    site = await startLocalSite();
    app = await startApp({ PAGE_TEST_HOSTS: site.hostsEnv });
    keyA = (await app.admin("org", "create", "--name", "Org A", "--plan", "pro")).apiKey as string;
    keyB = (await app.admin("org", "create", "--name", "Org B", "--plan", "pro")).apiKey as string;
  });
  afterAll(async () => {
    await app?.stop();
    await site?.close();
  });

  it("(b) A logs in on a site while another A visit is open; B's visit to the same site carries no trace of A's session", async () => {
    // A's other visit, still loading while the next two run.
    const open = app.post("/api/html", { url: "http://busy.test/open-a-while", sync: true }, keyA);
    const login = await app.post("/api/html", { url: "http://shop.test/login-link", sync: true }, keyA);
    expect(login.status).toBe(200);
    // The browser kept A's session cookie: had it crossed over, B would see it.
    expect(await login.text()).toContain("js-cookie=[session=org-a-secret-session]");

    const b = await app.post("/api/html", { url: "http://shop.test/account", sync: true, max_age: 0 }, keyB);
    expect(b.status).toBe(200);
    const html = await b.text();
    expect(html).toContain("server-cookie=[]");
    expect(html).toContain("js-cookie=[]");
    expect(html).not.toContain("org-a-secret-session");
    expect(site.hits).toContain("shop.test/account"); // B's visit really loaded the page
    expect((await open).status).toBe(200);
  });

  it("(e) pages that build a 60 MB and a 500 MB DOM fail as too big (or not loadable), charge nothing, and the server's memory stays bounded", async () => {
    // Start the peak (VmHWM) from here: the server's start-up (database, migrations) has its own.
    fs.writeFileSync(`/proc/${app.pid}/clear_refs`, "5");
    console.log(
      `[isolation] before: server RSS ${memoryMb(app.pid).rss} MB, peak reset to ${memoryMb(app.pid).peak} MB`,
    );
    for (const mb of [60, 500]) {
      const res = await app.post(
        "/api/html",
        { url: `http://huge.test/huge-dom?mb=${mb}`, sync: true },
        keyA,
      );
      expect(res.status, `${mb} MB`).toBe(422);
      const body = await res.json();
      // Too big, measured in the page; or Chromium itself gave up on the page (renderer out of memory).
      expect(["The page is too big to be processed.", "The page could not be loaded."]).toContain(body.error);
      const row = await app.sql<{ cost: number }>(`SELECT cost FROM "Request" WHERE token = $1`, [
        body.token,
      ]);
      expect(row[0]!.cost).toBe(0);
      const mem = memoryMb(app.pid);
      console.log(
        `[isolation] after the ${mb} MB page: ${body.error} server RSS ${mem.rss} MB, peak ${mem.peak} MB`,
      );
    }
    // VmHWM: the highest resident memory the server process ever had, not a sample.
    expect(memoryMb(app.pid).peak).toBeLessThan(SERVER_RSS_LIMIT_MB);
  });

  it("(f) no Chromium process of the server runs as root, none has --no-sandbox, its renderers are sandboxed", async () => {
    const res = await app.post("/api/html", { url: "http://article.test/", sync: true, max_age: 0 }, keyB);
    expect(res.status).toBe(200);
    const chromium = descendantsOf(app.pid).filter((p) => p.exe === "/usr/lib/chromium/chromium");
    expect(chromium.length).toBeGreaterThan(1);
    for (const p of chromium) {
      expect(p.args, `pid ${p.pid}`).not.toContain("--no-sandbox");
      if (process.getuid?.() === 0)
        expect(
          p.uids.every((uid) => uid !== 0),
          `pid ${p.pid}`,
        ).toBe(true);
    }
    const sandboxed = chromium.filter((p) => p.seccomp === 2 && p.userNamespace !== userNamespaceOf(app.pid));
    expect(sandboxed.length).toBeGreaterThan(0);
  });
});
