/**
 * `markdown` latency on wceb-2026 pages served locally, one request at a time, three ways per page
 * in the same run (interleaved, so load on the machine hits all three alike):
 *
 * - raw: plain Playwright on the same Chromium: goto (DOMContentLoaded), Readability in the page.
 * - full: our engine (visitPage + markdown) waiting for everything, as before the text policy.
 * - text: our engine with the text load policy `markdown` now uses (no images/media/fonts, no
 *   waiting for `load` past a short settle).
 *
 *   npx tsx bench/markdown-latency.ts [--limit 200]
 *
 * The machine is offline: every host but the local one fails to resolve at once, for all three.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { chromium } from "playwright-core";
import { inPageLibraries } from "@/lib/operations/in-page";
import { markdown } from "@/lib/operations/markdown";
import { chromiumPathFromEnv } from "@/lib/page/config";
import { sandboxedLaunchOptions } from "@/lib/page/sandbox";
import type { LoadPolicy } from "@/lib/page/types";
import { visitPage } from "@/lib/page/visit";
import { offlinePool, serveEvalPages } from "./offline-site";
import type { AddressInfo } from "node:net";

const EVAL_DIR = path.resolve(import.meta.dirname, "../../shared/eval/wceb-2026");
const i = process.argv.indexOf("--limit");
const LIMIT = i >= 0 ? Number(process.argv[i + 1]) : 200;
const ids = fs
  .readdirSync(path.join(EVAL_DIR, "html"))
  .map((f) => f.replace(/\.html\.gz$/, ""))
  .sort()
  .slice(0, LIMIT);

const READABILITY = `(() => {
  ${inPageLibraries()}
  var a = new __ptd.Readability(document.cloneNode(true)).parse();
  return a && a.textContent ? a.textContent.length : 0;
})()`;

async function main() {
  const server = await serveEvalPages((urlPath) => {
    const id = urlPath.split("/")[1] ?? "";
    const file = path.join(EVAL_DIR, "html", `${id}.html.gz`);
    return ids.includes(id) ? zlib.gunzipSync(fs.readFileSync(file)) : null;
  });
  const port = (server.address() as AddressInfo).port;
  const pool = offlinePool();
  const raw = await chromium.launch(
    // Every host but loopback goes to a closed port: refused at once, as our egress refuses them.
    sandboxedLaunchOptions(chromiumPathFromEnv(), ["--proxy-server=http://127.0.0.1:9"]),
  );
  const rawContext = await raw.newContext({ viewport: { width: 1350, height: 797 } });

  const times: Record<"raw" | LoadPolicy, number[]> = { raw: [], full: [], text: [] };
  const ours = async (id: string, loadPolicy: LoadPolicy) => {
    const started = performance.now();
    await visitPage(
      { url: `http://wceb.test/${id}/`, organization: "bench", loadPolicy },
      (snap) => markdown(snap),
      { pool },
    );
    return performance.now() - started;
  };
  const rawVisit = async (id: string) => {
    const started = performance.now();
    const page = await rawContext.newPage();
    try {
      await page.goto(`http://127.0.0.1:${port}/${id}/`, { waitUntil: "domcontentloaded", timeout: 30_000 });
      await page.evaluate(READABILITY);
    } finally {
      await page.close();
    }
    return performance.now() - started;
  };
  // Warm both browsers first: launch time is not a request's latency.
  await rawVisit(ids[0]!).catch(() => 0);
  await ours(ids[0]!, "text").catch(() => 0);
  const loadBefore = os.loadavg();
  let failed = 0;
  for (const id of ids) {
    try {
      const r = await rawVisit(id);
      const f = await ours(id, "full");
      const t = await ours(id, "text");
      times.raw.push(r);
      times.full.push(f);
      times.text.push(t);
    } catch (err) {
      failed++;
      console.error(`${id}: ${(err as Error).message.slice(0, 100)}`);
    }
  }
  const loadAfter = os.loadavg();
  await pool.shutdown();
  await raw.close();
  server.close();

  const stats = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
    return { p50: q(0.5), p90: q(0.9), mean: s.reduce((a, b) => a + b, 0) / (s.length || 1) };
  };
  const base = stats(times.raw);
  console.log(`pages ${times.raw.length} (${failed} skipped: a visit failed)`);
  console.log(
    `load average before ${loadBefore.map((x) => x.toFixed(2)).join(" ")}, after ${loadAfter.map((x) => x.toFixed(2)).join(" ")}`,
  );
  console.log("way                         p50 ms  p90 ms  mean ms  (× raw p50 / p90 / mean)");
  for (const [name, xs] of [
    ["raw Playwright + Readability", times.raw],
    ["ours, full load (before)", times.full],
    ["ours, text policy (after)", times.text],
  ] as const) {
    const s = stats(xs);
    console.log(
      `${name.padEnd(28)}${s.p50.toFixed(0).padStart(6)}  ${s.p90.toFixed(0).padStart(6)}  ${s.mean.toFixed(0).padStart(7)}  (${(s.p50 / base.p50).toFixed(2)} / ${(s.p90 / base.p90).toFixed(2)} / ${(s.mean / base.mean).toFixed(2)})`,
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
