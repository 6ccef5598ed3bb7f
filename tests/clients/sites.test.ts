import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { startApp, type App } from "../support/app";
import { SITE, startCrawlSite, type CrawlSite } from "../support/sites/crawl-site";

/**
 * The client surfaces of crawl and map (issue 24) against the real server, the job engine and
 * Chromium, on the local 201-page site: the SDK as a user imports it (@page-to-data/sdk, the
 * built bundle), `npx page-to-data crawl|map`, and the MCP tools over Streamable HTTP. One server
 * for the three, small limits, few pages per GET answer so that the cursor is exercised.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const NODE_BIN = path.dirname(process.execPath);
const PER_ANSWER = 3;
type Sdk = typeof import("../../packages/sdk/src");

function npx(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      "npx",
      ["--no-install", "page-to-data", ...args],
      { cwd: ROOT, env: { ...process.env, PATH: `${NODE_BIN}:${process.env.PATH}`, ...env } },
      (err, stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const textOf = (r: CallToolResult) => r.content.map((c) => (c.type === "text" ? c.text : "")).join("");

describe("crawl and map from the SDK, the CLI and MCP", () => {
  let site: CrawlSite;
  let app: App;
  let key: string;
  let sdk: Sdk;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "ptd-sites-"));

  beforeAll(async () => {
    // packages/*/dist: built by ensure_build (the test command), which always rebuilds them.
    const specifier = "@page-to-data/sdk";
    sdk = (await import(/* @vite-ignore */ specifier)) as Sdk;
    site = await startCrawlSite();
    app = await startApp({
      PAGE_TEST_HOSTS: site.hostsEnv,
      PAGE_CONCURRENCY: "2",
      CRAWL_RESPONSE_PAGES: String(PER_ANSWER),
    });
    key = (await app.admin("org", "create", "--name", "Sites", "--plan", "pro", "--concurrency", "4"))
      .apiKey as string;
  }, 180_000);
  afterAll(async () => {
    await app?.stop();
    await site?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("SDK: map, crawl with progress, each page once through the iterator, waitForCrawl, typed errors", async () => {
    const ptd = new sdk.PageToData({ apiKey: key, baseUrl: app.url });
    const map = await ptd.map({ url: `${SITE}/`, limit: 10 });
    expect(map.links).toHaveLength(10);
    for (const link of map.links) expect(site.publicPages).toContain(link);
    expect(map.cost).toBe(1);

    const { token, status } = await ptd.crawl({ url: `${SITE}/`, limit: 7 });
    expect(status).toBe("accepted");
    expect(token).toMatch(/^crawl_/);
    const progress: number[] = [];
    const urls: string[] = [];
    for await (const page of ptd.crawlPages(token, {
      pollIntervalMs: 250,
      onProgress: (p) => progress.push(p.completed),
    })) {
      expect(page.status).toBe("complete");
      expect(typeof page.operations.markdown?.result).toBe("string");
      urls.push(page.url);
    }
    expect(urls).toHaveLength(7);
    expect(new Set(urls).size).toBe(7);
    for (const url of urls) expect(site.publicPages).toContain(url);
    // More than one answer (3 pages each), and the counts only grow.
    expect(progress.length).toBeGreaterThan(2);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(7);

    // The same crawl read again, all at once: the same pages, and the final counts.
    const seen: number[] = [];
    const done = await ptd.waitForCrawl(token, { onProgress: (p) => seen.push(p.completed) });
    expect(done).toMatchObject({ status: "complete", completed: 7, failed: 0, credits_used: 7, next: null });
    expect(done.data.map((p) => p.url).sort()).toEqual([...urls].sort());
    expect(seen.length).toBeGreaterThan(0);

    const one = await ptd.crawlStatus(token);
    expect(one.data.length).toBeLessThanOrEqual(PER_ANSWER);
    expect(one.next).not.toBeNull();

    const batch = await ptd.batch({ urls: [`${SITE}/guide/1`, `${SITE}/guide/2`], operations: ["html"] });
    const finished = await ptd.waitForBatch(batch.token, { pollIntervalMs: 250 });
    expect(finished.data.map((p) => [p.index, p.url])).toEqual([
      [0, `${SITE}/guide/1`],
      [1, `${SITE}/guide/2`],
    ]);

    const tooMany = await ptd.crawl({ url: `${SITE}/`, limit: 10_001 }).catch((e: unknown) => e);
    expect(tooMany).toBeInstanceOf(sdk.PageToDataError);
    expect(tooMany).toMatchObject({ status: 422 });
    await expect(ptd.crawlStatus("crawl_nothing")).rejects.toMatchObject({ status: 404 });
    await expect(ptd.cancelCrawl(token)).resolves.toEqual({ token, status: "complete" });
  });

  it("CLI: `crawl URL --limit N --out DIR` writes N Markdown files; `map` prints one URL a line", async () => {
    const env = { PAGE_TO_DATA_API_KEY: key, PAGE_TO_DATA_URL: app.url };
    const out = path.join(tmp, "site");
    const run = await npx(
      ["crawl", `${SITE}/guide/1`, "--limit", "5", "--include-paths", "^/guide/", "--out", out],
      env,
    );
    expect(run.code, run.stderr).toBe(0);
    const files = fs.readdirSync(out).sort();
    expect(files).toHaveLength(5);
    for (const file of files) expect(file).toMatch(/^guide_\d+\.md$/);
    expect(fs.readFileSync(path.join(out, "guide_1.md"), "utf8").length).toBeGreaterThan(0);
    expect(run.stdout).toMatch(/^Wrote 5 pages to .*complete, 0 failed, \d+ credits\)/); // cached pages of the SDK's crawl cost 0
    // Not a terminal: plain progress lines, no bar.
    expect(run.stderr).toMatch(/crawl crawl_\S+: 5\/5 pages/);
    expect(run.stderr).not.toContain("█");

    const map = await npx(["map", `${SITE}/`, "--limit", "4"], env);
    expect(map.code, map.stderr).toBe(0);
    const lines = map.stdout.trim().split("\n");
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(site.publicPages).toContain(line);

    const noOut = await npx(["crawl", `${SITE}/`], env);
    expect(noOut.code).toBe(2);
    expect(noOut.stderr).toContain("--out DIR");
    const help = await npx(["--help"], env);
    expect(help.stdout).toContain("page-to-data crawl <url> --out DIR");
  });

  it("MCP: map, crawl answers the token, crawl_status answers bounded text", async () => {
    const client = new Client({ name: "test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${app.url}/api/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${key}` } },
      }),
    );
    const { tools } = await client.listTools();
    for (const name of ["map", "crawl", "crawl_status"]) {
      expect(tools.find((t) => t.name === name)?.description).toMatch(/credit|Free/);
    }

    const map = (await client.callTool({
      name: "map",
      arguments: { url: `${SITE}/`, limit: 3 },
    })) as CallToolResult;
    expect(map.isError).toBeFalsy();
    expect(textOf(map).split("\n")).toHaveLength(3);

    const started = (await client.callTool({
      name: "crawl",
      arguments: { url: `${SITE}/blog/1`, limit: 4, include_paths: ["^/blog/"] },
    })) as CallToolResult;
    expect(started.isError, textOf(started)).toBeFalsy();
    const token = /token (crawl_\S+)\./.exec(textOf(started))?.[1];
    expect(token).toBeTruthy();

    let text = "";
    for (let i = 0; i < 240 && !text.includes(": complete."); i++) {
      const status = (await client.callTool({
        name: "crawl_status",
        arguments: { token },
      })) as CallToolResult;
      expect(status.isError, textOf(status)).toBeFalsy();
      text = textOf(status);
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(text).toContain(`Crawl ${token}: complete.`);
    expect(text).toContain("4 of 4 pages done, 0 failed, 4 credits used.");
    // The first answer's URLs only (3 per answer here), and a cursor for the rest; no page content.
    expect(text.match(/^- http:\/\/docs\.test\/blog\/\d+$/gm)).toHaveLength(PER_ANSWER);
    expect(text).toMatch(/call crawl_status again with cursor "/);
    expect(text.length).toBeLessThan(2000);

    const unknown = (await client.callTool({
      name: "crawl_status",
      arguments: { token: "crawl_nothing" },
    })) as CallToolResult;
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toContain("Error 404");
    await client.close();
  });
});
