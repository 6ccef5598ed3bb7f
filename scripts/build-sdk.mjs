/**
 * Builds the SDK (page-to-data/sdk) and the CLI (bin page-to-data) into dist/: one ESM bundle
 * each, npm packages left as imports, plus the SDK's type declarations. Runs after npm install
 * (postinstall) and before next build, so `npx page-to-data` works from a fresh checkout.
 */
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
await build({
  absWorkingDir: root,
  entryPoints: { "sdk/index": "lib/sdk/index.ts", "cli/main": "lib/cli/main.ts" },
  outdir: "dist",
  bundle: true,
  splitting: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  logLevel: "warning",
});
execFileSync(process.execPath, [path.join(root, "node_modules/typescript/bin/tsc"), "-p", "lib/sdk/tsconfig.json"], {
  cwd: root,
  stdio: "inherit",
});
