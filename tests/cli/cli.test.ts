import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startProgress } from "@/packages/cli/src/progress";
import { startApp, type App } from "../support/app";
import { startLocalSite, type LocalSite } from "../support/local-site";

/** `npx page-to-data …` (the @page-to-data/cli workspace's bin) inside the project, against the real server. */
const ROOT = path.resolve(import.meta.dirname, "../..");
const NODE_BIN = path.dirname(process.execPath);

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function npx(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      "npx",
      ["--no-install", "page-to-data", ...args],
      {
        cwd: ROOT,
        env: { ...process.env, PATH: `${NODE_BIN}:${process.env.PATH}`, ...env },
        encoding: "buffer",
        maxBuffer: 64 * 1024 * 1024,
      },
      (err, stdout, stderr) =>
        resolve({
          code: err ? ((err as { code?: number }).code ?? 1) : 0,
          stdout: stdout.toString("utf8"),
          stderr: stderr.toString("utf8"),
        }),
    );
  });
}

describe("CLI (npx page-to-data) against the real server", () => {
  let site: LocalSite;
  let app: App;
  let env: Record<string, string>;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "ptd-cli-"));

  beforeAll(async () => {
    // packages/*/dist: built by ensure_build (the test command), which always rebuilds them.
    site = await startLocalSite();
    app = await startApp({ PAGE_TEST_HOSTS: site.hostsEnv });
    const { apiKey } = await app.admin("org", "create", "--name", "CLI", "--plan", "pro");
    env = { PAGE_TO_DATA_API_KEY: apiKey as string, PAGE_TO_DATA_URL: app.url };
  }, 300_000);
  afterAll(async () => {
    await app?.stop();
    await site?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("`npx page-to-data markdown http://article.test/` prints the article's Markdown", async () => {
    const run = await npx(["markdown", "http://article.test/"], env);
    expect(run.stderr.replace(/npm warn.*\n/g, "")).toBe(""); // no spinner when stderr is not a terminal
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^This paragraph is part of the static HTML/); // the main content, no title line
    expect(run.stdout).toContain("Inserted by the page's own script.");
  });

  it("JSON results as JSON; options from flags; the key and URL from flags too", async () => {
    const run = await npx([
      "scrape",
      "http://article.test/cli-scrape",
      "--operations",
      "meta,keywords",
      "--block-ads",
      "--remove-selectors",
      "script",
      "--labels",
      "x=1",
      "--api-key",
      env.PAGE_TO_DATA_API_KEY,
      "--base-url",
      app.url,
    ]);
    expect(run.code, run.stderr).toBe(0);
    const body = JSON.parse(run.stdout);
    expect(Object.keys(body.operations)).toEqual(["meta", "keywords"]);
    expect(body.operations.meta.result.title).toBe("A local article");
  });

  it("a screenshot is written to --out as the image", async () => {
    const out = path.join(tmp, "shot.jpg");
    const run = await npx(
      ["screenshot", "http://article.test/cli-shot", "--format", "jpeg", "--no-full-page", "--out", out],
      env,
    );
    expect(run.code, run.stderr).toBe(0);
    const image = fs.readFileSync(out);
    expect(image.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff])); // JPEG magic
  });

  it("--async prints the token; `result <token>` collects it", async () => {
    const ack = await npx(["html", "http://article.test/cli-async", "--async"], env);
    expect(ack.code, ack.stderr).toBe(0);
    const { token, status } = JSON.parse(ack.stdout);
    expect(status).toBe("accepted");
    const got = await npx(["result", token], env);
    expect(got.code, got.stderr).toBe(0);
    expect(got.stdout).toContain("Inserted by the page's own script.");
  });

  it("--version, and --help describes every option from the schemas", async () => {
    const version = await npx(["--version"]);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    const help = await npx(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/--wait-for-selector <text>\s+Wait \(at most 10 s\) for an element/);
    expect(help.stdout).toMatch(/--include-title\s+Start the Markdown with the page's title/);
    for (const line of help.stdout.split("\n").filter((l) => /^ {2}--[a-z-]+/.test(l))) {
      expect(line, "an option without a description").toMatch(/^ {2}--\S+( <[^>]+>)?\s{2,}\S/);
    }
  });

  it("--markdown-options as JSON or --include-title; --labels comma-separated or repeated", async () => {
    const json = await npx(
      ["markdown", "http://article.test/cli-title", "--markdown-options", '{"include_title":true}'],
      env,
    );
    expect(json.code, json.stderr).toBe(0);
    expect(json.stdout).toMatch(/^# A local article/);
    const flag = await npx(["markdown", "http://article.test/cli-title2", "--include-title"], env);
    expect(flag.stdout).toMatch(/^# A local article/);
    const ack = await npx(
      ["html", "http://article.test/cli-labels", "--async", "--labels", "a=1,b=2", "--labels", "c=x,y"],
      env,
    );
    expect(ack.code, ack.stderr).toBe(0);
    expect(JSON.parse(ack.stdout).labels).toEqual({ a: "1", b: "2", c: "x,y" });
  });

  it("several URLs: one result each; exit 1 when any failed, the others still printed", async () => {
    const run = await npx(
      [
        "markdown",
        "http://article.test/cli-multi-1",
        "http://article.test/missing",
        "http://article.test/cli-multi-2",
      ],
      env,
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("==> http://article.test/cli-multi-1 <==\nThis paragraph");
    expect(run.stdout).toContain("==> http://article.test/cli-multi-2 <==\nThis paragraph");
    expect(run.stderr).toContain("http://article.test/missing: The requested page was not found.");
    const dir = path.join(tmp, "multi");
    const both = await npx(
      ["meta", "http://article.test/cli-m1", "http://article.test/cli-m2", "--out", dir],
      env,
    );
    expect(both.code, both.stderr).toBe(0);
    expect(fs.readdirSync(dir).sort()).toEqual(["article.test_cli-m1.json", "article.test_cli-m2.json"]);
  });

  it("`result <token>` of a screenshot writes the image bytes to a pipe, never Base64", async () => {
    const ack = await npx(
      ["screenshot", "http://article.test/cli-shot-async", "--no-full-page", "--async"],
      env,
    );
    const { token } = JSON.parse(ack.stdout);
    const got = await new Promise<Buffer>((resolve) =>
      execFile(
        "npx",
        ["--no-install", "page-to-data", "result", token],
        {
          cwd: ROOT,
          env: { ...process.env, PATH: `${NODE_BIN}:${process.env.PATH}`, ...env },
          encoding: "buffer",
        },
        (_err, stdout) => resolve(stdout),
      ),
    );
    expect(got.subarray(0, 4)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47])); // PNG magic
  });

  it("batch: many URLs in one job, one file each, with progress lines on stderr", async () => {
    const dir = path.join(tmp, "batch");
    const run = await npx(
      ["batch", "http://article.test/cli-b1", "http://article.test/cli-b2", "--out", dir],
      env,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Wrote 2 pages to .* \(batch batch_\S+: complete, 0 failed, 2 credits\)/);
    expect(run.stderr).toMatch(/batch batch_\S+: 2\/2 pages/);
    expect(fs.readdirSync(dir).sort()).toEqual(["cli-b1.md", "cli-b2.md"]);
  });

  it("failures exit non-zero with the API's message", async () => {
    const missing = await npx(["markdown", "http://article.test/missing"], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("The requested page was not found.");
    expect(missing.stderr).toContain("not_found");
    const badOption = await npx(
      ["screenshot", "http://article.test/", "--viewport-width", "5", "--out", "x.png"],
      env,
    );
    expect(badOption.code).toBe(1);
    expect(badOption.stderr).toContain("viewport_width");
    const noKey = await npx(["markdown", "http://article.test/"], {
      PAGE_TO_DATA_URL: app.url,
      PAGE_TO_DATA_API_KEY: "",
    });
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain("PAGE_TO_DATA_API_KEY");
    const wrongKey = await npx(["markdown", "http://article.test/"], {
      ...env,
      PAGE_TO_DATA_API_KEY: "ptd_live_x",
    });
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stderr).toContain("invalid_api_key");
    const unknown = await npx(["markdown", "http://article.test/", "--wait-for"], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Unknown option --wait-for");
  });
});

describe("progress line", () => {
  const fakeStream = (isTTY: boolean) => {
    const writes: string[] = [];
    return {
      writes,
      stream: { isTTY, write: (s: string) => writes.push(s) } as unknown as NodeJS.WriteStream,
    };
  };
  it("draws a spinner on a terminal and clears it when done", () => {
    const { writes, stream } = fakeStream(true);
    const p = startProgress("markdown http://a.test/", stream);
    p.stop();
    expect(writes[0]).toContain("markdown http://a.test/");
    expect(writes.at(-1)).toBe("\r\x1b[2K");
  });
  it("writes nothing when stderr is not a terminal", () => {
    const { writes, stream } = fakeStream(false);
    startProgress("x", stream).stop();
    expect(writes).toEqual([]);
  });
});
