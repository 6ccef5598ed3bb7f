import path from "node:path";

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
