import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type App } from "../support/app";
import { startLocalSite, type LocalSite } from "../support/local-site";

/**
 * What a stranger installs, installed as a stranger would: `npm run pack:packages` builds the two
 * npm tarballs and the wheel into dist/packages/ (from the sources: nothing built is committed);
 * each goes into a new project in a temporary folder, far from this repository's node_modules,
 * and works against the real server.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const OUT = path.join(ROOT, "dist/packages");
const NODE_BIN = path.dirname(process.execPath);
const PYTHON = "/usr/bin/python3";
const exec = promisify(execFile);

/** Runs a command without blocking this process (the local site answers from it). */
async function sh(cmd: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await exec(cmd, args, {
      cwd,
      env: { ...process.env, PATH: `${NODE_BIN}:${process.env.PATH}`, ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === "number" ? e.code : 1, stdout: e.stdout ?? "", stderr: e.stderr ?? "" };
  }
}

function duBytes(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

/** A new `npm init -y` project (CommonJS by default) with the given tarballs installed. */
async function project(name: string, tarballs: string[]): Promise<string> {
  const dir = path.join(tmp, name);
  fs.mkdirSync(dir);
  expect((await sh("npm", ["init", "-y"], dir)).code).toBe(0);
  // --offline: the tarballs bring everything they need (the CLI's one dependency is the SDK).
  const install = await sh("npm", ["install", "--offline", "--no-audit", "--no-fund", ...tarballs], dir);
  expect(install.code, install.stderr).toBe(0);
  return dir;
}

let tmp: string;
let sdkTgz: string;
let cliTgz: string;
let wheel: string;

describe("the packages, packed and installed from outside the repository", () => {
  let site: LocalSite;
  let app: App;
  let env: Record<string, string>;
  let sdkProject: string;
  let cliProject: string;

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "ptd-packages-"));
    const pack = await sh("npm", ["run", "--silent", "pack:packages"], ROOT);
    expect(pack.code, pack.stderr).toBe(0);
    const files = fs.readdirSync(OUT);
    sdkTgz = path.join(
      OUT,
      files.find((f) => /^page-to-data-sdk-.*\.tgz$/.test(f))!,
    );
    cliTgz = path.join(
      OUT,
      files.find((f) => /^page-to-data-cli-.*\.tgz$/.test(f))!,
    );
    wheel = path.join(
      OUT,
      files.find((f) => /^page_to_data-.*\.whl$/.test(f))!,
    );
    site = await startLocalSite();
    [app, sdkProject, cliProject] = await Promise.all([
      startApp({ PAGE_TEST_HOSTS: site.hostsEnv }),
      project("sdk", [sdkTgz]),
      project("cli", [sdkTgz, cliTgz]),
    ]);
    const { apiKey } = await app.admin("org", "create", "--name", "Packages", "--plan", "pro");
    env = { PAGE_TO_DATA_API_KEY: apiKey as string, PAGE_TO_DATA_URL: app.url };
  }, 600_000);
  afterAll(async () => {
    await app?.stop();
    await site?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("pack:packages leaves two tarballs and a wheel; the SDK tarball ships its builds, declarations and README", async () => {
    expect(fs.readdirSync(OUT).sort()).toEqual(
      [path.basename(cliTgz), path.basename(sdkTgz), path.basename(wheel)].sort(),
    );
    const listing = await sh("tar", ["-tzf", sdkTgz], tmp);
    for (const file of ["index.js", "index.cjs", "index.d.ts", "index.d.cts", "client.d.ts"])
      expect(listing.stdout).toContain(`package/dist/${file}`);
    expect(listing.stdout).toContain("package/README.md");
    const readme = (await sh("tar", ["-xzOf", sdkTgz, "package/README.md"], tmp)).stdout;
    expect(readme).toMatch(/^# @page-to-data\/sdk/);
  });

  it("the SDK installs alone: no server packages, under 2 MB of node_modules", () => {
    const installed = fs.readdirSync(path.join(sdkProject, "node_modules"));
    expect(installed.filter((n) => !n.startsWith("."))).toEqual(["@page-to-data"]);
    for (const name of ["next", "prisma", "@prisma", "playwright", "playwright-core", "react", "zod"])
      expect(fs.existsSync(path.join(sdkProject, "node_modules", name)), name).toBe(false);
    expect(duBytes(path.join(sdkProject, "node_modules"))).toBeLessThan(2 * 1024 * 1024);
    const pkg = JSON.parse(
      fs.readFileSync(path.join(sdkProject, "node_modules/@page-to-data/sdk/package.json"), "utf8"),
    );
    expect(pkg.dependencies ?? {}).toEqual({});
  });

  it("works with require (the default CommonJS project) and with import", async () => {
    fs.writeFileSync(
      path.join(sdkProject, "cjs.js"),
      `const { PageToData } = require("@page-to-data/sdk");
new PageToData().markdown({ url: "http://article.test/pkg-cjs", sync: true }).then((md) => process.stdout.write(md.result));`,
    );
    fs.writeFileSync(
      path.join(sdkProject, "esm.mjs"),
      `import { PageToData } from "@page-to-data/sdk";
const md = await new PageToData().markdown({ url: "http://article.test/pkg-esm", sync: true });
process.stdout.write(md.result);`,
    );
    const [cjs, esm] = await Promise.all([
      sh(process.execPath, ["cjs.js"], sdkProject, env),
      sh(process.execPath, ["esm.mjs"], sdkProject, env),
    ]);
    expect(cjs.code, cjs.stderr).toBe(0);
    expect(cjs.stdout).toMatch(/^This paragraph is part of the static HTML/);
    expect(esm.code, esm.stderr).toBe(0);
    expect(esm.stdout).toContain("Inserted by the page's own script.");
  });

  it("an unreachable API is a PageToDataError (network_error) after the retries, not a raw TypeError", async () => {
    fs.writeFileSync(
      path.join(sdkProject, "down.js"),
      `const { PageToData, PageToDataError } = require("@page-to-data/sdk");
let calls = 0;
const ptd = new PageToData({ apiKey: "k", baseUrl: "http://127.0.0.1:1", retryDelayMs: 10, maxRetries: 2,
  fetch: (...a) => { calls++; return fetch(...a); } });
ptd.markdown({ url: "http://a.test/", sync: true }).catch((e) =>
  console.log(JSON.stringify({ isError: e instanceof PageToDataError, status: e.status, code: e.code, calls })));`,
    );
    const run = await sh(process.execPath, ["down.js"], sdkProject);
    expect(JSON.parse(run.stdout)).toEqual({ isError: true, status: 0, code: "network_error", calls: 3 });
  });

  it(
    "types: exact options, sync overloads, error codes — snippets that must not compile do not",
    { timeout: 180_000 },
    async () => {
      const dir = path.join(sdkProject, "types");
      fs.mkdirSync(dir);
      const head = `import { PageToData, PageToDataError, type AcceptedResponse, type Completed } from "@page-to-data/sdk";
declare const ptd: PageToData;
declare const flag: boolean;
declare const err: PageToDataError;
export async function main() {
`;
      const snippets: Record<string, string> = {
        "good.mts": `const md: string = (await ptd.markdown({ url: "u", sync: true, markdown_options: { include_title: true } })).result;
  const title: string | null = (await ptd.meta({ url: "u", sync: true, page_options: { delay: 10 } })).result.title;
  const ack: AcceptedResponse = await ptd.html({ url: "u", labels: { a: "1" } });
  const either: Completed<"markdown"> | AcceptedResponse = await ptd.markdown({ url: "u", sync: flag });
  const ran: Completed<"scrape"> = await ptd.run("scrape", { url: "u", sync: true, operations: ["markdown", "meta"] });
  if (err.code === "invalid_url" || err.code === "not_found" || err.code === "network_error" || err.code === "timeout") return;
  return [md, title, ack, either, ran];`,
        "bad-misspelled.mts": `await ptd.markdown({ url: "u", page_optionz: {} }); // ERROR`,
        "bad-nested.mts": `await ptd.screenshot({ url: "u", screenshot_options: { formt: "png" } }); // ERROR`,
        "bad-markdown-options.mts": `await ptd.markdown({ url: "u", markdown_options: { include_titel: true } }); // ERROR`,
        "bad-option-elsewhere.mts": `await ptd.html({ url: "u", markdown_options: {} }); // ERROR`,
        "bad-scrape-op.mts": `await ptd.scrape({ url: "u", operations: ["markdwn"] }); // ERROR`,
        "bad-run.mts": `await ptd.run("meta", { url: "u", sync: true, screenshot_options: {} }); // ERROR`,
        "bad-sync-variable.mts": `const r: Completed<"markdown"> = await ptd.markdown({ url: "u", sync: flag }); // ERROR
  return r;`,
        "bad-async-result.mts": `const r = await ptd.markdown({ url: "u" });
  return r.result; // ERROR`,
        "bad-error-code.mts": `if (err.code === "invalid_urll") return; // ERROR`,
      };
      for (const [name, body] of Object.entries(snippets))
        fs.writeFileSync(path.join(dir, name), `${head}  ${body}\n}\n`);
      // CommonJS consumers get the .d.cts declarations through "require".
      fs.writeFileSync(
        path.join(dir, "good-cjs.cts"),
        `import sdk = require("@page-to-data/sdk");\nexport const client: sdk.PageToData = new sdk.PageToData({ apiKey: "k", timeoutMs: 1000 });\n`,
      );
      const tsc = await sh(
        process.execPath,
        [
          path.join(ROOT, "node_modules/typescript/bin/tsc"),
          "--noEmit",
          "--strict",
          "--module",
          "nodenext",
          "--moduleResolution",
          "nodenext",
          "--target",
          "es2022",
          "--types",
          "node",
          "--typeRoots",
          path.join(ROOT, "node_modules/@types"),
          ...fs.readdirSync(dir),
        ],
        dir,
      );
      const errors = new Map<string, number[]>();
      for (const m of tsc.stdout.matchAll(/^([\w.-]+)\((\d+),\d+\): error/gm)) {
        errors.set(m[1], [...(errors.get(m[1]) ?? []), Number(m[2])]);
      }
      expect(errors.get("good.mts"), tsc.stdout).toBeUndefined();
      expect(errors.get("good-cjs.cts"), tsc.stdout).toBeUndefined();
      for (const [name, body] of Object.entries(snippets)) {
        if (!name.startsWith("bad-")) continue;
        // The error is reported on the line marked ERROR, and only there.
        const marked =
          head.split("\n").length - 1 + body.split("\n").findIndex((l) => l.includes("// ERROR")) + 1;
        expect(errors.get(name), `${name}: ${tsc.stdout}`).toEqual([marked]);
      }
    },
  );

  it("the CLI tarball: npx --no-install page-to-data --version, and a working markdown", async () => {
    const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, "packages/cli/package.json"), "utf8"));
    const v = await sh("npx", ["--no-install", "page-to-data", "--version"], cliProject);
    expect(v.code, v.stderr).toBe(0);
    expect(v.stdout.trim()).toBe(version);
    const md = await sh(
      "npx",
      ["--no-install", "page-to-data", "markdown", "http://article.test/pkg-cli"],
      cliProject,
      env,
    );
    expect(md.code, md.stderr).toBe(0);
    expect(md.stdout).toMatch(/^This paragraph is part of the static HTML/);
    // Its dependencies: the SDK alone (zod and the MCP server are bundled).
    const installed = fs.readdirSync(path.join(cliProject, "node_modules")).filter((n) => !n.startsWith("."));
    expect(installed).toEqual(["@page-to-data"]);
  });

  it("the wheel installs offline into a venv of Debian's python3 and its markdown works", async () => {
    const venv = path.join(tmp, "venv");
    expect((await sh(PYTHON, ["-m", "venv", "--system-site-packages", venv], tmp)).code).toBe(0);
    const pip = await sh(path.join(venv, "bin/pip"), ["install", "--no-index", "--no-deps", wheel], tmp);
    expect(pip.code, pip.stderr).toBe(0);
    const script = `from page_to_data import PageToData
import os
ptd = PageToData(api_key=os.environ["PAGE_TO_DATA_API_KEY"], base_url=os.environ["PAGE_TO_DATA_URL"])
print(ptd.markdown(url="http://article.test/pkg-py", sync=True).result, end="")`;
    const md = await sh(path.join(venv, "bin/python"), ["-c", script], tmp, env);
    expect(md.code, md.stderr).toBe(0);
    expect(md.stdout).toMatch(/^This paragraph is part of the static HTML/);
  }, 180_000);

  it("the Python package's pytest suite passes against the same server, with the installed wheel", async () => {
    const venv = path.join(tmp, "venv");
    const tests = path.join(tmp, "py-tests");
    fs.cpSync(path.join(ROOT, "packages/python/tests"), tests, { recursive: true });
    const pytest = await sh(
      path.join(venv, "bin/python"),
      ["-m", "pytest", "-q", "-p", "no:cacheprovider", tests],
      tmp,
      {
        PTD_TEST_URL: app.url,
        PTD_TEST_KEY: env.PAGE_TO_DATA_API_KEY,
        PTD_TEST_PAGE: "http://article.test/",
      },
    );
    expect(pytest.code, pytest.stdout + pytest.stderr).toBe(0);
    expect(pytest.stdout).toMatch(/\d+ passed/);
    expect(pytest.stdout).not.toMatch(/skipped|failed/);
  }, 300_000);
});
