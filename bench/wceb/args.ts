import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { serveEvalPages } from "../offline-site";
import { halfOf } from "./score";

/**
 * What every wceb-2026 bench reads from its command line: `--half tuning|heldout|all`, `--limit N`,
 * `--ids a,b,c`, plus its own flags through `arg(name)`.
 */
export const EVAL_DIR = path.resolve(import.meta.dirname, "../../../shared/eval/wceb-2026");

export function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

export const HALF = arg("half") ?? "all";
export const LIMIT = Number(arg("limit") ?? 1000);
export const IDS = arg("ids")?.split(",");

/** Serves the dev set's pages as http://<id>.eval.test/<id>/ for the ids `known` accepts. */
export function serveWcebPages(known: (id: string) => boolean) {
  return serveEvalPages((urlPath) => {
    const id = urlPath.split("/")[1] ?? "";
    const file = path.join(EVAL_DIR, "html", `${id}.html.gz`);
    return known(id) && fs.existsSync(file) ? zlib.gunzipSync(fs.readFileSync(file)) : null;
  });
}

/**
 * The first `count` tuning pages by id, served: what the timing benches (extraction-stages.ts,
 * extraction-profile.ts) visit, so their tables describe the same pages.
 */
export async function serveFirstTuningPages(count: number) {
  const truth = JSON.parse(fs.readFileSync(path.join(EVAL_DIR, "ground-truth.json"), "utf8")) as Record<
    string,
    unknown
  >;
  const ids = Object.keys(truth)
    .filter((id) => halfOf(id) === "tuning")
    .sort()
    .slice(0, count);
  const server = await serveWcebPages((id) => Boolean(truth[id]));
  return { ids, server };
}
