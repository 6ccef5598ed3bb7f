/**
 * `npm run docs:config`: writes the README's configuration table from lib/config/variables.ts,
 * between its markers. tests/server/config.test.ts fails while the two differ.
 */
import fs from "node:fs";
import path from "node:path";
import { withConfigTable } from "../lib/config/docs";

const README = path.resolve(import.meta.dirname, "../README.md");
const before = fs.readFileSync(README, "utf8");
const after = withConfigTable(before);
if (after !== before) fs.writeFileSync(README, after);
console.log(
  after === before ? "README.md: configuration table up to date" : "README.md: configuration table written",
);
