import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appTargets, type App } from "../support/app";
import { startLocalSite, type LocalSite } from "../support/local-site";

/** docs/spec.md §7.3: every validation code, with a message naming the field, spending nothing. */
describe.each(appTargets())("§7.3 validation errors ($label)", ({ start }) => {
  let site: LocalSite;
  let app: App;
  let key: string;
  const url = "http://article.test/";

  beforeAll(async () => {
    site = await startLocalSite();
    app = await start({ PAGE_TEST_HOSTS: site.hostsEnv });
    key = (await app.admin("org", "create", "--name", "Validate", "--plan", "free", "--verified"))
      .apiKey as string;
  });
  afterAll(async () => {
    await app?.stop();
    await site?.close();
  });

  const cases: Array<[string, string, unknown, string | RegExp, Record<string, string>?]> = [
    ["invalid_url: missing", "/api/html", {}, "invalid_url"],
    ["invalid_url: localhost", "/api/html", { url: "http://localhost/" }, "invalid_url"],
    ["invalid_url: IP address", "/api/html", { url: "http://93.184.216.34/" }, "invalid_url"],
    ["invalid_url: decimal IP", "/api/html", { url: "http://2130706433/" }, "invalid_url"],
    ["invalid_url: non-default port", "/api/html", { url: "http://article.test:8080/" }, "invalid_url"],
    ["invalid_url: credentials", "/api/html", { url: "http://user:pw@article.test/" }, "invalid_url"],
    ["invalid_url: ftp", "/api/html", { url: "ftp://article.test/" }, "invalid_url"],
    ["invalid_url: internal name", "/api/html", { url: "http://intranet/" }, "invalid_url"],
    ["invalid_url: not a string", "/api/html", { url: 42 }, "invalid_url"],
    ["invalid_max_age: unparseable", "/api/html", { url, max_age: "3 dayz" }, "invalid_max_age"],
    ["invalid_max_age: over 30 days", "/api/html", { url, max_age: "31 days" }, "invalid_max_age"],
    ["invalid_max_age: negative", "/api/html", { url, max_age: -1 }, "invalid_max_age"],
    [
      "invalid_options: delay out of range",
      "/api/html",
      { url, page_options: { delay: 10001 } },
      "invalid_options",
    ],
    [
      "invalid_options: unknown page option",
      "/api/html",
      { url, page_options: { wait_for: "#x" } },
      "invalid_options",
    ],
    [
      "invalid_options: remove_selectors over 50",
      "/api/html",
      { url, page_options: { remove_selectors: Array(51).fill("p") } },
      "invalid_options",
    ],
    [
      "invalid_options: viewport too narrow",
      "/api/screenshot",
      { url, screenshot_options: { viewport_width: 100 } },
      "invalid_options",
    ],
    [
      "invalid_options: bad format",
      "/api/screenshot",
      { url, screenshot_options: { format: "gif" } },
      "invalid_options",
    ],
    [
      "invalid_options: styles too long",
      "/api/screenshot",
      { url, screenshot_options: { styles: "a".repeat(20001) } },
      "invalid_options",
    ],
    [
      "invalid_options: screenshot options on html",
      "/api/html",
      { url, screenshot_options: {} },
      "invalid_options",
    ],
    ["invalid_options: unknown top-level field", "/api/html", { url, synk: true }, "invalid_options"],
    ["invalid_options: sync not boolean", "/api/html", { url, sync: "yes" }, "invalid_options"],
    ["invalid_options: device", "/api/lighthouse", { url, device: "tablet" }, "invalid_options"],
    ["invalid_options: scrape without operations", "/api/scrape", { url, operations: [] }, "invalid_options"],
    [
      "invalid_options: scrape unknown operation",
      "/api/scrape",
      { url, operations: ["pdf"] },
      "invalid_options",
    ],
    [
      "invalid_labels: 17 keys",
      "/api/html",
      { url, labels: Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, "v"])) },
      "invalid_labels",
    ],
    ["invalid_labels: value not a string", "/api/html", { url, labels: { order: 42 } }, "invalid_labels"],
    [
      "invalid_labels: value too long",
      "/api/html",
      { url, labels: { note: "x".repeat(257) } },
      "invalid_labels",
    ],
    ["invalid_labels: not an object", "/api/html", { url, labels: ["a"] }, "invalid_labels"],
    ["report_to: loopback", "/api/html", { url, report_to: "http://127.0.0.1/hook" }, /^report_to_/],
    ["report_to: port", "/api/html", { url, report_to: "https://hooks.test:8443/" }, /^report_to_/],
    ["report_to: scheme", "/api/html", { url, report_to: "ftp://hooks.test/" }, /^report_to_/],
    [
      "invalid_idempotency_key: space",
      "/api/html",
      { url },
      "invalid_idempotency_key",
      { "idempotency-key": "has space" },
    ],
    [
      "invalid_idempotency_key: too long",
      "/api/html",
      { url },
      "invalid_idempotency_key",
      { "idempotency-key": "k".repeat(256) },
    ],
  ];

  it.each(cases)("%s", async (_name, path, body, code, headers) => {
    const res = await app.post(path, body, key, headers);
    const json = await res.json();
    expect(res.status, JSON.stringify(json)).toBe(422);
    if (typeof code === "string") expect(json.error).toBe(code);
    else expect(json.error).toMatch(code);
    expect(typeof json.message).toBe("string");
    expect(json.message.length).toBeGreaterThan(10);
  });

  it("messages name the field and what to change", async () => {
    const res = await app.post("/api/screenshot", { url, screenshot_options: { viewport_width: 100 } }, key);
    const { message } = await res.json();
    expect(message).toContain("viewport_width");
    expect(message).toContain("320");
  });

  it("malformed JSON is 422 invalid_body (the spec has no 400), a wrong Content-Type 415, never a 500", async () => {
    const bad = await app.post("/api/html", "{not json", key);
    expect(bad.status).toBe(422);
    expect((await bad.json()).error).toBe("invalid_body");
    const res = await fetch(`${app.url}/api/html`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "text/plain" },
      body: JSON.stringify({ url }),
    });
    expect(res.status).toBe(415);
    expect((await res.json()).error).toBe("unsupported_media_type");
  });

  it("§1 rule 2: a 422 spends nothing and runs nothing", async () => {
    const before = await app.post("/api/html", { url: "http://article.test/?probe=1", sync: true }, key);
    const remaining = Number(before.headers.get("x-quota-remaining"));
    const hits = site.hits.length;
    for (const [, path, body, , headers] of cases) await app.post(path, body, key, headers);
    const after = await app.post("/api/html", { url: "http://article.test/?probe=1", sync: true }, key);
    expect(after.headers.get("x-cache")).toBe("hit");
    expect(Number(after.headers.get("x-quota-remaining"))).toBe(remaining);
    expect(site.hits.length).toBe(hits);
  });

  it("§7.3 idempotency_key_reused: the same key with a different request within 24 hours runs nothing", async () => {
    const first = await app.post("/api/html", { url: "http://article.test/?idem=a", sync: true }, key, {
      "idempotency-key": "order-1",
    });
    expect(first.status).toBe(200);
    const hits = site.hits.length;
    const reuse = await app.post("/api/html", { url: "http://article.test/?idem=b", sync: true }, key, {
      "idempotency-key": "order-1",
    });
    expect(reuse.status).toBe(422);
    expect((await reuse.json()).error).toBe("idempotency_key_reused");
    expect(site.hits.length).toBe(hits);
  });
});
