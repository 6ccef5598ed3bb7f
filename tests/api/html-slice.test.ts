import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appTargets, type App } from "../support/app";
import { startLocalSite, type LocalSite } from "../support/local-site";

/** The first vertical slice (issue: foundation): real HTTP server, database, job engine, Chromium. */
describe.each(appTargets())("POST /api/html end to end ($label)", ({ start }) => {
  let site: LocalSite;
  let app: App;
  let key: string;

  beforeAll(async () => {
    site = await startLocalSite();
    app = await start({ PAGE_TEST_HOSTS: site.hostsEnv });
    const org = await app.admin("org", "create", "--name", "Acme", "--plan", "free", "--verified");
    key = org.apiKey as string;
    expect(key).toMatch(/^ptd_live_/);
  });
  afterAll(async () => {
    await app?.stop();
    await site?.close();
  });

  it("returns the rendered HTML, with text the page's script inserted, and the result token", async () => {
    const res = await app.post("/api/html", { url: "http://article.test/", sync: true }, key);
    const body = await res.text();
    expect(res.status, body).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(body).toContain("Inserted by the page's own script.");
    expect(res.headers.get("x-result-token")).toMatch(/^req_/);
    expect(res.headers.get("x-cache")).toBe("miss");
    expect(res.headers.get("x-quota-cost")).toBe("1");
    expect(site.hits).toContain("article.test/");
  });

  it("the same request again is a cache hit that spends nothing", async () => {
    const res = await app.post("/api/html", { url: "http://article.test/", sync: true }, key);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-cache")).toBe("hit");
    expect(res.headers.get("x-quota-cost")).toBe("0");
    expect(await res.text()).toContain("Inserted by the page's own script.");
  });

  it("answers 401 invalid_api_key without a key, saying the header is missing", async () => {
    const res = await app.post("/api/html", { url: "http://article.test/", sync: true });
    expect(res.status).toBe(401);
    const body = await res.json();
    expect(body.error).toBe("invalid_api_key");
    expect(body.message).toMatch(/missing/i);
  });

  it("answers on the spec's paths without the /api prefix too", async () => {
    const res = await app.post("/html", { url: "http://article.test/", sync: true }, key);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-cache")).toBe("hit");
    const unknown = await app.get("/result/req_unknown", key);
    expect(unknown.status).toBe(404);
  });
});
