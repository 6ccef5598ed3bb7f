/**
 * Where the in-page `markdown` extraction spends its CPU: V8's sampling profiler over the same
 * script a visit runs, on the same wceb-2026 tuning pages as bench/extraction-stages.ts: the shipped
 * libraries (minified: Readability's and Turndown's methods keep their property names) and our
 * bundles built without minification, so the profile names our functions. Prints the functions with the most
 * self time and the most total time (each function counted once per stack), summed over the pages.
 *
 *   ./scripts/with-node npx tsx bench/extraction-profile.ts [pages=40] [rows=30]
 *
 *   ./scripts/with-node npx tsx bench/extraction-profile.ts 40 30 norm   (also norm's callers)
 *
 * Our unminified bundles run a little slower than the shipped ones; the shares are what it is for.
 */
import path from "node:path";
import { build } from "esbuild";
import { inPageLibraries } from "@/lib/operations/in-page";
import { readParsedDocument } from "@/lib/page/bounded-transfer";
import { devtoolsSession } from "@/lib/page/isolated-world";
import { visitPage } from "@/lib/page/visit";
import { offlinePool } from "./offline-site";
import { serveFirstTuningPages } from "./wceb/args";

const root = path.resolve(import.meta.dirname, "..");
const ROWS = Number(process.argv[3] ?? 30);
/** A function name whose self time is also listed by caller. */
const CALLERS = process.argv[4];
const callers = new Map<string, number>();

async function bundle(folder: string, globalName: string): Promise<string> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: [`lib/operations/${folder}/entry.ts`],
    bundle: true,
    write: false,
    format: "iife",
    globalName,
    platform: "browser",
    target: "es2023",
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}

/** The fields of V8's CPU profile (DevTools' Profiler.Profile) this bench reads. */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

/** Self and total ms per function key, one profile. */
function tally(profile: Profile, self: Map<string, number>, total: Map<string, number>): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const sampleMs = new Map<number, number>();
  const deltas = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, i) =>
    sampleMs.set(id, (sampleMs.get(id) ?? 0) + (deltas[i + 1] ?? 0) / 1000),
  );
  const key = (n: ProfileNode) =>
    `${n.callFrame.functionName || "(anonymous)"} ${n.callFrame.url ? "" : `@${n.callFrame.lineNumber + 1}`}`.trim();
  for (const [id, ms] of sampleMs) {
    const node = byId.get(id)!;
    self.set(key(node), (self.get(key(node)) ?? 0) + ms);
    if (CALLERS && node.callFrame.functionName === CALLERS) {
      const caller = parent.get(id);
      const k = caller === undefined ? "(none)" : key(byId.get(caller)!);
      callers.set(k, (callers.get(k) ?? 0) + ms);
    }
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const k = key(byId.get(at)!);
      if (seen.has(k)) continue;
      seen.add(k);
      total.set(k, (total.get(k) ?? 0) + ms);
    }
  }
}

async function main() {
  const { ids, server } = await serveFirstTuningPages(Number(process.argv[2] ?? 40));
  const pool = offlinePool();
  const script = `((includeTitle) => {
    ${inPageLibraries()}
    ${await bundle("main-content-in-page", "__ptdMainContent")}
    var __ptdMain = function () { return __ptdMainContent.mainContent(__ptd); };
    ${await bundle("markdown-in-page", "__ptdMarkdown")}
    return __ptdMarkdown.writeMarkdown(__ptdMain(), includeTitle, __ptd);
  })(false)`;
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  for (const id of ids) {
    try {
      await visitPage(
        {
          url: `http://wceb.test/${id}/`,
          organization: "bench",
          loadPolicy: "full",
          limits: { navigationTimeoutMs: 15_000, settleMaxMs: 500 },
        },
        async (snap) => {
          const cdp = await devtoolsSession(snap.page);
          await cdp.send("Profiler.enable");
          await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
          await cdp.send("Profiler.start");
          await readParsedDocument<string>(snap.page, script);
          const { profile } = await cdp.send("Profiler.stop");
          await cdp.send("Profiler.disable");
          tally(profile as Profile, self, total);
        },
        { pool },
      );
    } catch (err) {
      console.error(`${id}: ${(err as Error).message}`);
    }
  }
  const table = (title: string, m: Map<string, number>) => {
    console.log(`\n| ${title} (${ids.length} pages) | ms | ms per page |\n|---|---|---|`);
    for (const [k, ms] of [...m].sort((a, b) => b[1] - a[1]).slice(0, ROWS))
      console.log(`| ${k} | ${ms.toFixed(0)} | ${(ms / ids.length).toFixed(1)} |`);
  };
  table("self time", self);
  table("total time", total);
  if (CALLERS) table(`${CALLERS}'s self time by caller`, callers);
  await pool.shutdown();
  server.close();
}
void main();
