/**
 * Builds the SDK (page-to-data/sdk) and the CLI (bin page-to-data) into dist/: one ESM bundle
 * each, npm packages left as imports, plus the SDK's type declarations. Runs after npm install
 * (postinstall) and before next build, so `npx page-to-data` works from a fresh checkout.
 */
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
// Chunk names carry hashes: start clean so old chunks do not pile up (or ship in the tarball).
fs.rmSync(path.join(root, "dist"), { recursive: true, force: true });
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
execFileSync(
  process.execPath,
  [path.join(root, "node_modules/typescript/bin/tsc"), "-p", "lib/sdk/tsconfig.json"],
  {
    cwd: root,
    stdio: "inherit",
  },
);

// Consumers on moduleResolution node16/nodenext need explicit extensions in relative imports.
for (const file of fs.readdirSync(path.join(root, "dist/types"), { recursive: true })) {
  if (!String(file).endsWith(".d.ts")) continue;
  const full = path.join(root, "dist/types", String(file));
  const text = fs.readFileSync(full, "utf8");
  fs.writeFileSync(
    full,
    text.replace(/(from\s+["'])(\.{1,2}\/[^"']+?)(["'])/g, (_, a, p, b) => `${a}${p}.js${b}`),
  );
}
