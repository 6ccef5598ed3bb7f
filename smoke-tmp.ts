import { startTestSites } from "@/tests/support/sites/server";
import { BrowserPool } from "@/lib/page/browser-pool";
import { visitPage } from "@/lib/page/visit";
const sites = await startTestSites();
process.env.PAGE_TEST_HOSTS = sites.hostsEnv;
const pool = new BrowserPool({ config: { concurrency: 2 } });
const cases: Array<[string, object?]> = [
  ["http://site.test/"], ["http://site.test/doc.pdf"], ["http://site.test/image.png"], ["http://site.test/big"], ["http://site.test/big-chunked"], ["http://site.test/"],
];
for (const [url, extra] of cases) {
  const t = Date.now();
  try {
    const r = await visitPage({ url, ...extra }, async (s) => ({ status: s.status, len: s.html.length, console: s.console, nav: s.timings }), { pool });
    console.log(url, Date.now() - t, JSON.stringify(r).slice(0, 400));
  } catch (e: any) { console.log(url, Date.now() - t, "FAIL", e.code, e.message, e.detail); }
}
await pool.shutdown(); await sites.close();
