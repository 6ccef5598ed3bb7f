import { chromium } from "playwright-core";
import zlib from "node:zlib"; import fs from "node:fs";
import { mainContentScript } from "../lib/operations/main-content.ts";
const id = process.argv[2]!;
const html = zlib.gunzipSync(fs.readFileSync(`/work/shared/eval/wceb-2026/html/${id}.html.gz`)).toString();
const b = await chromium.launch({ executablePath: "/usr/lib/chromium/chromium" });
const p = await b.newPage({ viewport: { width: 1350, height: 797 } });
await p.route("**/*", (r) => r.request().url().startsWith("http://x.test/") ? r.fulfill({ body: html, contentType: "text/html" }) : r.abort());
await p.goto("http://x.test/", { waitUntil: "domcontentloaded" });
await p.waitForTimeout(500);
const src = mainContentScript();
const variants: Record<string, string> = {
  full: src,
  noclean: src.replace("clean(container);", ""),
  nohidden: src.replace("var copy = root.cloneNode(true);", "return root.cloneNode(true);"),
};
for (const [k, s] of Object.entries(variants)) {
  const r = await p.evaluate(`(() => { ${s}; var m = __ptdMain(); var d = document.createElement("div"); d.innerHTML = m.html; return d.textContent.replace(/\\s+/g," ").length + " " + d.textContent.replace(/\\s+/g," ").slice(0, 200); })()`);
  console.log(k, r);
}
await b.close();
