import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startProgress } from "@/packages/cli/src/progress";
import { startApp, type App } from "../support/app";
import { startLocalSite, type LocalSite } from "../support/local-site";

/** `npx page-to-data …` as a user runs it inside the project, against the real server. */
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
    execFileSync(process.execPath, ["scripts/build-packages.mjs"], { cwd: ROOT, stdio: "inherit" });
    site = await startLocalSite();
    app = await startApp({ PAGE_TEST_HOSTS: site.hostsEnv });
    const { apiKey } = await app.admin("org", "create", "--name", "CLI", "--plan", "pro");
    env = { PAGE_TO_DATA_API_KEY: apiKey as string, PAGE_TO_DATA_URL: app.url };
  });
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
