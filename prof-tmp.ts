import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { chromium } from "playwright-core";
import { startEgressProxy, egressChromiumArgs } from "@/lib/net/egress-proxy";
import { CHROMIUM_ARGS } from "@/lib/page/config";
const PAGES = ["ars-1", "medium-1", "wikipedia", "cnn", "guardian-1"];
const bodies = new Map(PAGES.map((n) => [n, fs.readFileSync(`/work/shared/eval/readability/${n}/source.html`)]));
const server = http.createServer((req, res) => { const b = bodies.get((req.url ?? "/").split("/")[1] ?? ""); if (!b) { res.writeHead(404); return void res.end(); } res.writeHead(200, { "content-type": "text/html", "content-length": b.length }); res.end(b); });
await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
const port = (server.address() as AddressInfo).port;
process.env.PAGE_TEST_HOSTS = `127.0.0.1:${port}:${port}`;
const egress = await startEgressProxy({ lookup: async (h) => { throw Object.assign(new Error("nf " + h), { code: "ENOTFOUND" }); } });
for (const mode of ["direct", "proxy", "direct", "proxy"]) {
  const args = mode === "direct" ? [...CHROMIUM_ARGS, `--host-resolver-rules=MAP bench.test 127.0.0.1:${port}, MAP * ~NOTFOUND`] : [...CHROMIUM_ARGS, ...egressChromiumArgs(egress.url)];
  const browser = await chromium.launch({ executablePath: "/usr/lib/chromium/chromium", args });
  const ctx = await browser.newContext({ viewport: { width: 1350, height: 797 } });
  const out: string[] = [];
  let total = 0;
  for (const name of [...PAGES, ...PAGES]) {
    const page = await ctx.newPage();
    const t = performance.now();
    await page.goto(`http://bench.test/${name}/`);
    const g = performance.now() - t; total += g;
    out.push(`${name}:${Math.round(g)}`);
    await page.close();
  }
  console.log(mode, Math.round(total / 10), out.join(" "));
  await browser.close();
}
await egress.close(); server.close();
