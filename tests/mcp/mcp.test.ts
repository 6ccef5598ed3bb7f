import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ENDPOINTS } from "@/lib/schemas/operations";
import { toolCallCount } from "@/lib/mcp/tool-content";
import { startApp, type App } from "../support/app";
import { startLocalSite, type LocalSite } from "../support/local-site";

/** The MCP server, driven by the official MCP client over Streamable HTTP (/api/mcp) and stdio. */
const ROOT = path.resolve(import.meta.dirname, "../..");

async function httpClient(app: App, key: string): Promise<Client> {
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${app.url}/api/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${key}` } },
    }),
  );
  return client;
}

const textOf = (r: CallToolResult) => r.content.map((c) => (c.type === "text" ? c.text : "")).join("");

describe("MCP server against the real server", () => {
  let site: LocalSite;
  let app: App;
  let key: string;
  let projectId: string;

  beforeAll(async () => {
    site = await startLocalSite();
    app = await startApp({ PAGE_TEST_HOSTS: site.hostsEnv });
    const org = await app.admin("org", "create", "--name", "MCP", "--plan", "pro");
    key = org.apiKey as string;
    projectId = org.projectId as string;
  });
  afterAll(async () => {
    await app?.stop();
    await site?.close();
  });

  it("lists a tool per operation, with input schemas from the request schemas", async () => {
    const client = await httpClient(app, key);
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    for (const op of ENDPOINTS) expect(names).toContain(op);
    expect(names).toContain("get_result");
    const screenshot = tools.find((t) => t.name === "screenshot")!;
    const props = screenshot.inputSchema.properties as Record<string, Record<string, unknown>>;
    expect(props.url).toBeDefined();
    expect(props.screenshot_options).toBeDefined();
    expect(props.sync).toBeUndefined(); // tools always run synchronously
    await client.close();
  });

  it("markdown comes back as text, a screenshot as image content, billed like the HTTP API", async () => {
    const client = await httpClient(app, key);
    const md = (await client.callTool({
      name: "markdown",
      arguments: { url: "http://article.test/mcp" },
    })) as CallToolResult;
    expect(md.isError).toBeFalsy();
    expect(textOf(md)).toMatch(/^This paragraph is part of the static HTML/); // the main content, no title line

    const shot = (await client.callTool({
      name: "screenshot",
      arguments: { url: "http://article.test/mcp", screenshot_options: { full_page: false, format: "jpeg" } },
    })) as CallToolResult;
    const image = shot.content[0];
    expect(image.type).toBe("image");
    if (image.type !== "image") throw new Error("not an image");
    expect(image.mimeType).toBe("image/jpeg");
    expect(Buffer.from(image.data, "base64").subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    const meta = (await client.callTool({
      name: "meta",
      arguments: { url: "http://article.test/mcp" },
    })) as CallToolResult;
    expect(meta.structuredContent).toMatchObject({ title: "A local article" });

    // The other page tools answer through the same path (lighthouse: tests/lighthouse, slow).
    for (const name of ["html", "summarize", "keywords", "console"]) {
      const r = (await client.callTool({
        name,
        arguments: { url: "http://article.test/mcp" },
      })) as CallToolResult;
      expect(r.isError, `${name}: ${textOf(r)}`).toBeFalsy();
      expect(textOf(r).length, name).toBeGreaterThan(0);
    }
    const scrape = (await client.callTool({
      name: "scrape",
      arguments: { url: "http://article.test/mcp", operations: ["markdown", "keywords"] },
    })) as CallToolResult;
    expect(scrape.structuredContent).toMatchObject({ operations: { markdown: { success: true } } });

    // The one pipeline: each call is a request of the project, charged the operation's price.
    const rows = await app.sql<{ operation: string; cost: number }>(
      `SELECT operation, cost FROM "Request" WHERE "projectId" = $1 ORDER BY "createdAt"`,
      [projectId],
    );
    expect(rows.map((r) => [r.operation, Number(r.cost)])).toEqual([
      ["markdown", 1],
      ["screenshot", 1],
      ["meta", 5],
      ["html", 1],
      ["summarize", 17],
      ["keywords", 15],
      ["console", 1],
      // markdown and keywords of this page are cached by now: the scrape costs 0, as over HTTP.
      ["scrape", 0],
    ]);
    await client.close();
  });

  it("instructions and tool descriptions name what each call costs", async () => {
    const client = await httpClient(app, key);
    const instructions = client.getInstructions() ?? "";
    expect(instructions).toMatch(/markdown: 1 credit\b/);
    expect(instructions).toMatch(/summarize: 17 credits/);
    expect(instructions).toContain("Prefer markdown");
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t.description ?? ""]));
    expect(byName.get("markdown")).toContain("Costs 1 credit");
    expect(byName.get("meta")).toContain("Costs 5 credits");
    expect(byName.get("keywords")).toContain("Costs 15 credits");
    expect(byName.get("scrape")).toContain("sum of the listed operations");
    for (const name of ["get_result", "crawl_status", "batch_status", "crawl_cancel", "batch_cancel"])
      expect(byName.get(name), name).toContain("Free");
    for (const name of ["map", "crawl", "batch"]) expect(byName.get(name), name).toMatch(/credit/);
    await client.close();
  });

  it("a scrape with a screenshot: image content, and text held to max_chars with the rest by get_result", async () => {
    const client = await httpClient(app, key);
    const maxChars = 1000;
    const scrape = (await client.callTool({
      name: "scrape",
      arguments: {
        url: "http://article.test/mcp-bounded",
        operations: ["screenshot", "html", "meta"],
        screenshot_options: { full_page: false },
        max_chars: maxChars,
      },
    })) as CallToolResult;
    expect(scrape.isError, textOf(scrape)).toBeFalsy();
    const images = scrape.content.filter((c) => c.type === "image");
    expect(images).toHaveLength(1);
    expect(images[0]).toMatchObject({ mimeType: "image/png" });
    const texts = scrape.content.filter((c) => c.type === "text");
    expect(texts).toHaveLength(1);
    const first = textOf(scrape);
    expect(first.length).toBeLessThanOrEqual(maxChars);
    expect(first).not.toMatch(/iVBORw0KGgo/); // no Base64 image in the text
    const next = /get_result with token "(req_[^"]+)" and offset (\d+)/.exec(first);
    expect(next, first).not.toBeNull();
    const rest = (await client.callTool({
      name: "get_result",
      arguments: { token: next![1], offset: Number(next![2]), max_chars: 200_000 },
    })) as CallToolResult;
    const whole =
      first.slice(0, first.lastIndexOf("\n\n[Truncated")) +
      textOf(rest).replace(/\n\n\[Characters \d+–\d+ of \d+: the end\.\]$/, "");
    const parsed = JSON.parse(whole);
    expect(parsed.operations.meta.result.title).toBe("A local article");
    expect(parsed.operations.screenshot.result).toBe("(the image is attached as image content)");
    // get_result of the scrape gives the image as image content too.
    expect(rest.content.some((c) => c.type === "image")).toBe(true);
    await client.close();
  });

  it("get_result of a screenshot answers image content, not Base64 text", async () => {
    const res = await app.post(
      "/screenshot",
      { url: "http://article.test/mcp-get-shot", screenshot_options: { full_page: false, format: "webp" } },
      key,
    );
    const { token } = await res.json();
    const client = await httpClient(app, key);
    let got: CallToolResult;
    for (;;) {
      got = (await client.callTool({ name: "get_result", arguments: { token } })) as CallToolResult;
      if (!textOf(got).includes("still being processed")) break;
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(got.content).toHaveLength(1);
    expect(got.content[0]).toMatchObject({ type: "image", mimeType: "image/webp" });
    await client.close();
  });

  it("the 256 KB body cap, and one rate-limit point per tool call of a JSON-RPC batch", async () => {
    const big = await fetch(`${app.url}/api/mcp`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        authorization: `Bearer ${key}`,
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/list",
        params: { pad: "x".repeat(300 * 1024) },
      }),
    });
    expect(big.status).toBe(413);
    expect((await big.json()).error).toBe("payload_too_large");
    const call = (id: number) => ({
      jsonrpc: "2.0",
      id,
      method: "tools/call",
      params: { name: "get_result", arguments: { token: "req_x" } },
    });
    expect(
      toolCallCount([call(1), call(2), call(3), { jsonrpc: "2.0", method: "notifications/initialized" }]),
    ).toBe(3);
    expect(toolCallCount(call(1))).toBe(1);
    expect(toolCallCount({ jsonrpc: "2.0", id: 1, method: "tools/list" })).toBe(0);
  });

  it("batch, batch_status and crawl_cancel beside map, crawl and crawl_status", async () => {
    const client = await httpClient(app, key);
    const started = (await client.callTool({
      name: "batch",
      arguments: {
        urls: ["http://article.test/mcp-b1", "http://article.test/mcp-b2"],
        operations: ["markdown"],
      },
    })) as CallToolResult;
    expect(started.isError, textOf(started)).toBeFalsy();
    const token = (started.structuredContent as { token: string }).token;
    expect(token).toMatch(/^batch_/);
    let status = "";
    for (let i = 0; i < 200 && !/: complete\./.test(status); i++) {
      status = textOf(
        (await client.callTool({ name: "batch_status", arguments: { token } })) as CallToolResult,
      );
      if (!/: complete\./.test(status)) await new Promise((r) => setTimeout(r, 300));
    }
    expect(status).toContain("2 of 2 pages done");
    const crawl = (await client.callTool({
      name: "crawl",
      arguments: { url: "http://article.test/", limit: 5 },
    })) as CallToolResult;
    const crawlToken = (crawl.structuredContent as { token: string }).token;
    const cancelled = (await client.callTool({
      name: "crawl_cancel",
      arguments: { token: crawlToken },
    })) as CallToolResult;
    expect(cancelled.isError, textOf(cancelled)).toBeFalsy();
    expect(textOf(cancelled)).toMatch(new RegExp(`Crawl ${crawlToken}: (cancelled|complete)`));
    await client.close();
  });

  it("failures are tool errors with the API's message; a bad key is refused with 401", async () => {
    const client = await httpClient(app, key);
    const failed = (await client.callTool({
      name: "markdown",
      arguments: { url: "http://article.test/missing" },
    })) as CallToolResult;
    expect(failed.isError).toBe(true);
    expect(textOf(failed)).toContain("The requested page was not found.");
    const invalid = (await client.callTool({
      name: "html",
      arguments: { url: "ftp://example.com/" },
    })) as CallToolResult;
    expect(invalid.isError).toBe(true);
    expect(textOf(invalid)).toContain("invalid_url");
    await client.close();

    const res = await fetch(`${app.url}/api/mcp`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        authorization: "Bearer ptd_live_nope",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(res.status).toBe(401);
    expect((await res.json()).error).toBe("invalid_api_key");
    await expect(httpClient(app, "ptd_live_nope")).rejects.toThrow();
  });

  it("stdio: `page-to-data mcp` serves the same tools through the HTTP API", async () => {
    // Async: the local site answers from this process.
    const client = new Client({ name: "test", version: "1.0.0" });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [path.join(ROOT, "packages/cli/dist/main.js"), "mcp"],
        env: { PATH: process.env.PATH ?? "", PAGE_TO_DATA_API_KEY: key, PAGE_TO_DATA_URL: app.url },
        stderr: "pipe",
      }),
    );
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain("markdown");
    const md = (await client.callTool({
      name: "markdown",
      arguments: { url: "http://article.test/mcp-stdio" },
    })) as CallToolResult;
    expect(textOf(md)).toContain("Inserted by the page's own script.");
    const shot = (await client.callTool({
      name: "screenshot",
      arguments: { url: "http://article.test/mcp-stdio", screenshot_options: { full_page: false } },
    })) as CallToolResult;
    expect(shot.content[0]).toMatchObject({ type: "image", mimeType: "image/png" });
    // The same bounds and costs as over HTTP.
    expect(tools.find((t) => t.name === "markdown")?.description).toContain("Costs 1 credit");
    expect(client.getInstructions()).toMatch(/summarize: 17 credits/);
    const scrape = (await client.callTool({
      name: "scrape",
      arguments: {
        url: "http://article.test/mcp-stdio",
        operations: ["screenshot", "html", "meta"],
        screenshot_options: { full_page: false },
        max_chars: 1000,
      },
    })) as CallToolResult;
    expect(scrape.content.filter((c) => c.type === "image")).toHaveLength(1);
    for (const block of scrape.content.filter((c) => c.type === "text"))
      expect(block.type === "text" && block.text.length).toBeLessThanOrEqual(1000);
    await client.close();
  });
});
