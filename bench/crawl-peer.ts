/**
 * The peer of bench/crawl.ts: Crawlee's PlaywrightCrawler, installed on demand into the git-ignored
 * bench/.peers/ (its own package.json; `--ignore-scripts`, so Playwright downloads no browser) so
 * that neither package.json nor CI carries it.
 *
 * Same as ours: the Debian Chromium through the same sandboxed launcher (scripts/chromium-sandboxed.sh
 * via lib/page/sandbox.ts: unprivileged user, Chromium's sandbox on, the same CHROMIUM_ARGS), the
 * same concurrency (min = max, so Crawlee's autoscaling does not start low), and the same Markdown:
 * our `markdown` operation (lib/operations/markdown.ts: main content + Turndown, run in the page)
 * on Crawlee's page. robots.txt is respected (`respectRobotsTxtFile`), as our crawl always does.
 * What differs: Crawlee reaches the site directly on 127.0.0.1 (ours goes through its egress proxy,
 * a part of our system every page pays for); Crawlee's browser fingerprints are off (its default is
 * on: off is its faster setting); its request queue and dataset are its default local storage (JSON
 * files in a temporary folder), ours is the database.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { markdown } from "@/lib/operations/markdown";
import { chromiumPathFromEnv } from "@/lib/page/config";
import { sandboxedLaunchOptions } from "@/lib/page/sandbox";
import type { PageSnapshot } from "@/lib/page/types";

const PEERS = path.resolve(import.meta.dirname, ".peers");
export const CRAWLEE_VERSION = "3.18.1";
/** Crawlee's peer: the Playwright release our playwright-core is. */
const PLAYWRIGHT_VERSION = "1.65.1";

function installPeers(): void {
  const want = `@crawlee/playwright@${CRAWLEE_VERSION}`;
  const have = path.join(PEERS, "node_modules/@crawlee/playwright/package.json");
  if (fs.existsSync(have) && JSON.parse(fs.readFileSync(have, "utf8")).version === CRAWLEE_VERSION) return;
  fs.mkdirSync(PEERS, { recursive: true });
  const pkg = path.join(PEERS, "package.json");
  if (!fs.existsSync(pkg)) fs.writeFileSync(pkg, JSON.stringify({ name: "bench-peers", private: true }));
  console.log(`installing ${want} and playwright@${PLAYWRIGHT_VERSION} into bench/.peers …`);
  execFileSync(
    "npm",
    [
      "install",
      "--prefix",
      PEERS,
      "--ignore-scripts",
      "--no-audit",
      "--no-fund",
      want,
      `playwright@${PLAYWRIGHT_VERSION}`,
    ],
    { stdio: "inherit" },
  );
}

export interface PeerRun {
  seconds: number;
  pages: number;
  markdownPages: number;
}

/** Crawls `startUrl` with PlaywrightCrawler: at most `pages` pages, `concurrency` at a time. */
export async function crawlWithCrawlee(
  startUrl: string,
  pages: number,
  concurrency: number,
): Promise<PeerRun> {
  installPeers();
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), "crawlee-bench-"));
  process.env.CRAWLEE_STORAGE_DIR = storage;
  const load = createRequire(path.join(PEERS, "package.json"));
  const { PlaywrightCrawler, Configuration } = load("@crawlee/playwright");
  const { chromium } = load("playwright");
  let markdownPages = 0;
  let handled = 0;
  const crawler = new PlaywrightCrawler(
    {
      launchContext: {
        launcher: chromium,
        launchOptions: sandboxedLaunchOptions(chromiumPathFromEnv()),
      },
      browserPoolOptions: { useFingerprints: false },
      minConcurrency: concurrency,
      maxConcurrency: concurrency,
      maxRequestsPerCrawl: pages,
      respectRobotsTxtFile: true,
      requestHandlerTimeoutSecs: 60,
      async requestHandler({
        page,
        request,
        enqueueLinks,
        pushData,
      }: {
        page: PageSnapshot["page"];
        request: { loadedUrl?: string; url: string };
        enqueueLinks: (o: object) => Promise<unknown>;
        pushData: (d: object) => Promise<void>;
      }) {
        const md = await markdown({ page } as PageSnapshot);
        if (md.trim()) markdownPages++;
        handled++;
        await pushData({ url: request.loadedUrl ?? request.url, markdown: md });
        await enqueueLinks({ strategy: "same-hostname" });
      },
    },
    new Configuration({ storageClientOptions: { localDataDirectory: storage } }),
  );
  const started = performance.now();
  await crawler.run([startUrl]);
  const seconds = (performance.now() - started) / 1000;
  fs.rmSync(storage, { recursive: true, force: true });
  return { seconds, pages: handled, markdownPages };
}
