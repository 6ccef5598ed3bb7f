/**
 * `npm run pack:packages`: builds every package from the sources and leaves what a stranger
 * installs in dist/packages/: the npm tarballs of @page-to-data/sdk and @page-to-data/cli and the
 * wheel of the Python package page_to_data. Works from a fresh clone after `npm install`: nothing
 * it ships is committed (dist/ folders are git-ignored), everything is built here.
 *
 * The wheel is built by Debian's python3-build with python3-setuptools (no isolation: no package
 * index is needed); scripts/lib.sh installs them.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const out = path.join(root, "dist/packages");
const python = process.env.PTD_PYTHON ?? "/usr/bin/python3";
const run = (cmd, args, cwd = root) => execFileSync(cmd, args, { cwd, stdio: ["ignore", "pipe", "inherit"] });

fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });

// The SDK's declarations are generated from the schemas and committed: refuse a stale copy.
run(process.execPath, [
  path.join(root, "node_modules/tsx/dist/cli.mjs"),
  "scripts/gen-sdk-types.ts",
  "--check",
]);
run(process.execPath, ["scripts/build-packages.mjs"]);

for (const name of ["sdk", "cli"]) {
  const json = run("npm", ["pack", "--json", "--pack-destination", out], path.join(root, "packages", name));
  const [{ filename, size, entryCount }] = JSON.parse(String(json));
  console.log(`dist/packages/${path.basename(filename)}: ${entryCount} files, ${size} bytes`);
}

const pyDir = path.join(root, "packages/python");
run(python, ["-m", "build", "--wheel", "--no-isolation", "--outdir", out, pyDir], pyDir);
// setuptools leaves its work folders beside the sources.
fs.rmSync(path.join(pyDir, "build"), { recursive: true, force: true });
for (const entry of fs.readdirSync(path.join(pyDir, "src"))) {
  if (entry.endsWith(".egg-info"))
    fs.rmSync(path.join(pyDir, "src", entry), { recursive: true, force: true });
}
for (const file of fs.readdirSync(out).filter((f) => f.endsWith(".whl"))) {
  console.log(`dist/packages/${file}: ${fs.statSync(path.join(out, file)).size} bytes`);
}
