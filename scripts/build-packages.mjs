/**
 * Builds the npm packages under packages/ into their own dist/ folders:
 * - @page-to-data/sdk: an ESM bundle (index.js), a CommonJS bundle (index.cjs) and type
 *   declarations for both (index.d.ts, index.d.cts; tsc), from packages/sdk/src, no dependencies.
 * - @page-to-data/cli: one ESM file (main.js) with the schemas, zod and the MCP server bundled in;
 *   @page-to-data/sdk stays an import (its one dependency).
 * Runs after npm install (postinstall), in ensure_build and in `npm run pack:packages`.
 */
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const sdk = path.join(root, "packages/sdk");
const cli = path.join(root, "packages/cli");

/**
 * Built beside, then put in place: a test running the CLI meanwhile (or a second build) never sees
 * a half-written dist/, and old files never linger.
 */
function swap(built, dist) {
  fs.rmSync(dist, { recursive: true, force: true });
  fs.renameSync(built, dist);
}

async function buildSdk() {
  const out = path.join(sdk, `.dist-${process.pid}`);
  const common = {
    absWorkingDir: root,
    entryPoints: ["packages/sdk/src/index.ts"],
    bundle: true,
    platform: "node",
    target: "node20",
    logLevel: "warning",
  };
  await build({ ...common, format: "esm", outfile: path.join(out, "index.js") });
  await build({ ...common, format: "cjs", outfile: path.join(out, "index.cjs") });
  execFileSync(
    process.execPath,
    [path.join(root, "node_modules/typescript/bin/tsc"), "-p", "packages/sdk/tsconfig.json", "--outDir", out],
    {
      cwd: root,
      stdio: "inherit",
    },
  );
  // Relative imports get explicit extensions (nodenext consumers need them); each .d.ts gets a
  // .d.cts twin pointing at .cjs, the declarations `require` resolves to.
  for (const file of fs.readdirSync(out)) {
    if (!file.endsWith(".d.ts")) continue;
    const text = fs.readFileSync(path.join(out, file), "utf8");
    const withExt = (ext) =>
      text.replace(/(from\s+["'])(\.{1,2}\/[^"']+?)(["'])/g, (_, a, p, b) => `${a}${p}${ext}${b}`);
    fs.writeFileSync(path.join(out, file), withExt(".js"));
    fs.writeFileSync(path.join(out, file.replace(/\.d\.ts$/, ".d.cts")), withExt(".cjs"));
  }
  swap(out, path.join(sdk, "dist"));
}

async function buildCli() {
  const out = path.join(cli, `.dist-${process.pid}`);
  const { version } = JSON.parse(fs.readFileSync(path.join(cli, "package.json"), "utf8"));
  await build({
    absWorkingDir: root,
    entryPoints: ["packages/cli/src/main.ts"],
    outfile: path.join(out, "main.js"),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: ["@page-to-data/sdk"],
    define: { __CLI_VERSION__: JSON.stringify(version) },
    // Bundled CommonJS modules (ajv, …) may require() Node's built-ins: give them a require.
    banner: {
      js: 'import { createRequire as __ptdRequire } from "node:module"; const require = __ptdRequire(import.meta.url);',
    },
    legalComments: "none",
    logLevel: "warning",
  });
  fs.chmodSync(path.join(out, "main.js"), 0o755);
  swap(out, path.join(cli, "dist"));
}

await buildSdk();
await buildCli();
