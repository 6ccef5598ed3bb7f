import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Validator } from "@seriousme/openapi-schema-validator";
import { openApiDocument } from "@/lib/openapi/document";
import { contentTypeOf, ENDPOINT_RECORDS, ENDPOINTS } from "@/lib/schemas/operations";
import { appTargets, type App } from "../support/app";
import { startLocalSite, type LocalSite } from "../support/local-site";
import { contractLog, contractViolation, schemaViolations } from "../support/openapi-contract";

type Json = Record<string, unknown>;

async function until<T>(fn: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("the response checker", () => {
  // A checker that cannot fail proves nothing: it must catch each kind of break.
  const ok = {
    method: "POST",
    path: "/api/meta",
    headers: new Headers({ "content-type": "application/json" }),
  };
  it("flags an undocumented status, a wrong media type, a body off the schema and a missing header", () => {
    expect(contractViolation({ ...ok, status: 400, body: "{}" })).toMatch(/status not documented/);
    expect(
      contractViolation({
        ...ok,
        status: 401,
        headers: new Headers({ "content-type": "text/plain" }),
        body: "x",
      }),
    ).toMatch(/Content-Type text\/plain not documented/);
    expect(
      contractViolation({ ...ok, status: 401, body: JSON.stringify({ error: "nope", message: "m" }) }),
    ).toMatch(/does not match the schema/);
    expect(contractViolation({ ...ok, status: 200, body: "{}" })).toMatch(
      /required header X-Result-Token missing/,
    );
    expect(
      contractViolation({
        ...ok,
        status: 401,
        body: JSON.stringify({ error: "invalid_api_key", message: "m" }),
      }),
    ).toBeNull();
    // Paths outside the API are not its business.
    expect(contractViolation({ ...ok, path: "/api/health", status: 500, body: "" })).toBeNull();
  });

  it("checks formats: a meta answer's publication_date must be an ISO 8601 day or date-time, or null", () => {
    const headers = new Headers({
      "content-type": "application/json",
      "x-result-token": "req_1",
      "x-cache": "MISS",
      "x-quota-cost": "1",
      "x-quota-remaining": "99",
      "x-concurrency-limit": "2",
    });
    const answer = (publication_date: string | null) =>
      contractViolation({
        ...ok,
        headers,
        status: 200,
        body: JSON.stringify({
          title: "T",
          description: null,
          language: "en",
          main_image_url: null,
          favicon_url: null,
          author_name: "Jane Doe",
          feed_url: null,
          publication_date,
          additional_author_information: null,
        }),
      });
    for (const good of ["2025-03-04", "2025-03-04T10:00:00Z", "2025-03-04T10:00:00+02:00", null])
      expect(answer(good)).toBeNull();
    // A strings-only check passes all of these: the checker must read `format`.
    for (const bad of ["2016-05-24T05:55%Z", "2025-02-30", "March 4, 2025", "2025-03-04T10:00:00"])
      expect(answer(bad)).toMatch(/publication_date must match format/);
  });
});

describe.each(appTargets())("OpenAPI document ($label)", ({ start }) => {
  let site: LocalSite;
  let app: App;
  let key: string;

  beforeAll(async () => {
    site = await startLocalSite();
    app = await start({ PAGE_TEST_HOSTS: site.hostsEnv });
    key = (await app.admin("org", "create", "--name", "OpenAPI", "--plan", "pro")).apiKey as string;
  });
  afterAll(async () => {
    await app?.stop();
    await site?.close();
  });

  it("/api/openapi.json is a valid OpenAPI 3.1 document, the one generated from the schemas", async () => {
    const res = await app.get("/api/openapi.json");
    expect(res.status).toBe(200);
    const doc = (await res.json()) as Json;
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe("3.1.0");
    expect(doc).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
    const schemas = (doc.components as Json).schemas as Json;
    for (const name of [
      "Accepted",
      "Processing",
      "Metadata",
      "ScrapeResult",
      "ValidationError",
      "OperationFailure",
    ]) {
      expect(schemas, name).toHaveProperty(name);
    }
    expect((doc.webhooks as Json).result).toBeDefined();
    const paths = doc.paths as Record<string, Record<string, Json>>;
    for (const endpoint of ENDPOINTS) {
      const op = paths[`/${endpoint}`].post;
      expect(op.tags, endpoint).toBeDefined();
      const body = (op.requestBody as { content: Record<string, Json> }).content["application/json"];
      expect(body.example, endpoint).toBeDefined();
    }
    // Each operation's sync view (lib/openapi/operations.ts): POST /markdown again (a fragment is
    // not sent), `sync: true` required, its 200 the result alone, every other answer as the
    // operation's; so that client generators type the sync call by itself.
    for (const endpoint of ENDPOINTS) {
      const spec = paths[`/${endpoint}`].post as { requestBody: Json; responses: Record<string, Json> };
      const sync = paths[`/${endpoint}#sync`].post as typeof spec & { operationId: string };
      expect(sync.operationId).toBe(`${endpoint}Sync`);
      const body = (schema: Json) => ((schema.content as Json)["application/json"] as Json).schema as Json;
      expect(body(sync.requestBody).allOf).toEqual([
        body(spec.requestBody),
        expect.objectContaining({
          properties: { sync: expect.objectContaining({ enum: [true] }) },
          required: ["sync"],
        }),
      ]);
      const media = contentTypeOf(endpoint).split(";")[0];
      const ok = sync.responses["200"].content as Record<string, Json>;
      expect(Object.keys(ok)).toEqual([media]);
      expect(ok[media].schema).toEqual({
        $ref: `#/components/schemas/${ENDPOINT_RECORDS[endpoint].resultSchema}`,
      });
      expect(Object.keys(sync.responses)).toEqual(Object.keys(spec.responses));
      for (const status of Object.keys(spec.responses).filter((s) => s !== "200"))
        expect(sync.responses[status], `${endpoint} ${status}`).toEqual(spec.responses[status]);
    }
    // The whole-site extensions (docs/spec-extensions.md) and their deliveries.
    expect(Object.keys(paths["/map"])).toEqual(["post"]);
    for (const kind of ["crawl", "batch"]) {
      expect(Object.keys(paths[`/${kind}`])).toEqual(["post"]);
      expect(Object.keys(paths[`/${kind}/{token}`]).sort()).toEqual(["delete", "get"]);
    }
    for (const name of ["MapResult", "CrawlStatus", "CrawlPage", "CrawlAccepted"])
      expect(schemas, name).toHaveProperty(name);
    expect(Object.keys(doc.webhooks as Json).sort()).toEqual(["crawl.completed", "crawl.page", "result"]);
    // The status table comes from the one error table: 422 lists invalid_body, 429 all three codes.
    const validationCodes = (schemas.ValidationError as { properties: { error: { enum: string[] } } })
      .properties.error.enum;
    expect(validationCodes).toEqual(
      expect.arrayContaining(["invalid_body", "invalid_url", "report_to_port"]),
    );
  });

  it("/llms.txt says what the API is, how to authenticate, and each endpoint with an example", async () => {
    const res = await app.get("/llms.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/markdown/);
    const text = await res.text();
    expect(text).toMatch(/^# page-to-data\n\n> /);
    expect(text).toContain("Authorization: Bearer <API key>");
    for (const endpoint of [...ENDPOINTS, "map", "crawl", "batch"])
      expect(text).toMatch(new RegExp(`^- POST /${endpoint} — .*curl -X POST \\S+/${endpoint} `, "m"));
    expect(text).toContain("- GET /result/{token}");
    expect(text).toContain("/api/openapi.json");
    expect(await (await app.get("/docs")).text()).toContain('href="/llms.txt"');
  });

  it("every kind of response validates against it", async () => {
    const url = "http://article.test/openapi";
    // Sync results of each text and JSON operation (lighthouse runs in tests/lighthouse).
    for (const op of ["html", "markdown", "meta", "keywords", "summarize", "console"]) {
      const r = await app.post(`/api/${op}`, { url, sync: true }, key);
      expect(r.status, op).toBe(200);
    }
    // A page whose meta tags and byline are malformed (tests/support/sites/meta-pages.ts): the
    // answer is well-formed all the same, and the checker reads its formats.
    const malformed = await app.post(
      "/api/meta",
      { url: "http://article.test/meta/labels", sync: true },
      key,
    );
    expect(await malformed.json()).toMatchObject({ publication_date: "2016-05-24", author_name: null });
    const shot = await app.post(
      "/api/screenshot",
      { url, sync: true, screenshot_options: { full_page: false, viewport_width: 400 } },
      key,
    );
    expect(shot.status).toBe(200);
    const scrape = await app.post(
      "/api/scrape",
      { url: "http://article.test/scrape-openapi", sync: true, operations: ["markdown", "meta"] },
      key,
    );
    expect(scrape.status).toBe(200);
    // Async: acknowledgement, 202 (or already 200), 200.
    const ack = await app.post(
      "/api/markdown",
      { url: "http://article.test/async-openapi", labels: { a: "1" } },
      key,
    );
    const { token } = (await ack.json()) as { token: string };
    await app.get(`/api/result/${token}`, key);
    await until(async () => ((await app.get(`/api/result/${token}`, key)).status === 200 ? true : undefined));
    // Failures: sync 422 with the sentence, then the same failure through GET /result.
    const failed = await app.post("/api/markdown", { url: "http://article.test/missing", sync: true }, key);
    expect(failed.status).toBe(422);
    expect(await app.get(`/api/result/${failed.headers.get("x-result-token")}`, key)).toHaveProperty(
      "status",
      422,
    );
    // Client errors: 401, 404, 415, 422 (field, body not JSON, body not an object).
    expect((await app.post("/api/html", { url })).status).toBe(401);
    expect((await app.get("/api/result/req_unknown", key)).status).toBe(404);
    expect((await app.post("/api/html", { url: "ftp://x" }, key)).status).toBe(422);
    expect((await app.post("/api/html", "{not json", key)).status).toBe(422);
    const arr = await app.post("/api/html", "[1, 2]", key);
    expect(arr.status).toBe(422);
    expect(((await arr.json()) as Json).error).toBe("invalid_body");
    expect((await app.post("/api/html", { url, synk: true }, key)).status).toBe(422);

    const log = contractLog();
    await Promise.all(log.pending);
    expect(log.violations).toEqual([]);
    expect(log.checked).toBeGreaterThanOrEqual(20);
  });

  it("a webhook delivery matches the document's webhooks section", async () => {
    const res = await app.post(
      "/api/meta",
      { url: "http://article.test/hook-openapi", report_to: "http://hooks.test/webhook/openapi" },
      key,
    );
    expect(res.status).toBe(200);
    const delivery = await until(async () => site.webhooks.find((w) => w.body.includes("hook-openapi")));
    const payload = JSON.parse(delivery.body) as unknown;
    const pointer = "/webhooks/result/post/requestBody/content/application~1json/schema";
    expect(schemaViolations(pointer, payload)).toEqual([]);
    // …and the checker is not blind: a payload missing its data fails.
    expect(schemaViolations(pointer, { type: "request.completed" }).length).toBeGreaterThan(0);
  });
});
