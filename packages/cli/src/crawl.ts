import fs from "node:fs";
import path from "node:path";
import type {
  BatchRequest,
  CrawlPageEntry,
  CrawlProgress,
  CrawlRequest,
  MapRequest,
  PageToData,
  SiteJobKind,
} from "@page-to-data/sdk";
import { bodyFromFlags, UsageError } from "./options";
import { extensionOf, imageBytes } from "./output";
import { progressBar, startProgress } from "./progress";
import { pageFileName, uniqueNames } from "./site-files";

/**
 * `page-to-data map URL` (one URL a line on stdout), `page-to-data crawl URL --out DIR` and
 * `page-to-data batch URL… --out DIR` (one file a page in DIR, a progress bar on a terminal,
 * plain progress lines otherwise). All go through the SDK: POST /map, POST /crawl or /batch and
 * the cursor of GET /crawl/{token} or /batch/{token}.
 */
type Flags = [string, string | true][];

export async function mapCommand(api: PageToData, url: string, flags: Flags): Promise<void> {
  const progress = startProgress(`map ${url}`);
  try {
    const { links } = await api.map({ ...bodyFromFlags(flags), url } as MapRequest);
    progress.stop();
    process.stdout.write(links.map((link) => `${link}\n`).join(""));
  } finally {
    progress.stop();
  }
}

/** Starts a crawl (one start URL) or a batch (its URLs), follows it, writes each page in `out`. */
export async function siteJobCommand(
  api: PageToData,
  kind: SiteJobKind,
  urls: string[],
  flags: Flags,
  out: string | undefined,
): Promise<number> {
  if (!out) throw new UsageError(`${kind} writes one file per page: pass --out DIR.`);
  const fields = bodyFromFlags(flags);
  const operations = (fields.operations as string[] | undefined) ?? ["markdown"];
  if (operations.length !== 1)
    throw new UsageError(`${kind} writes one file per page: pass one operation (--operations meta).`);
  fs.mkdirSync(out, { recursive: true });
  const { token } =
    kind === "crawl"
      ? await api.crawl({ ...fields, url: urls[0], operations } as CrawlRequest)
      : await api.batch({ ...fields, urls, operations } as BatchRequest);
  // Ctrl-C stops the job too (no new page starts, nothing more is charged), then exits.
  const onInterrupt = () => {
    const cancel = kind === "crawl" ? api.cancelCrawl(token) : api.cancelBatch(token);
    void cancel.finally(() => process.exit(130));
  };
  process.once("SIGINT", onInterrupt);

  const startHost = new URL(urls[0]).host;
  const nameFor = uniqueNames();
  const progress = startProgress(`${kind} ${urls.length > 1 ? `${urls.length} URLs` : urls[0]}`);
  const tty = Boolean(process.stderr.isTTY);
  let lastLine = "";
  const seen: { last?: CrawlProgress } = {};
  const onProgress = (p: CrawlProgress) => {
    seen.last = p;
    const line = `${p.completed + p.failed}/${p.total} pages (${p.failed} failed, ${p.credits_used} credits)`;
    if (tty) progress.update(`${progressBar(p.completed + p.failed, p.total)} ${line}`);
    else if (line !== lastLine) process.stderr.write(`${kind} ${token}: ${line}\n`);
    lastLine = line;
  };
  let written = 0;
  const pages =
    kind === "crawl" ? api.crawlPages(token, { onProgress }) : api.batchPages(token, { onProgress });
  try {
    for await (const page of pages) {
      if (writePage(page, operations[0], out, nameFor, startHost)) written++;
    }
  } finally {
    progress.stop();
    process.off("SIGINT", onInterrupt);
  }
  const final = seen.last;
  const stopped = final?.stopped_reason ? `, stopped early: ${final.stopped_reason}` : "";
  process.stdout.write(
    `Wrote ${written} pages to ${out} (${kind} ${token}: ${final?.status ?? "complete"}, ${final?.failed ?? 0} failed, ${final?.credits_used ?? 0} credits${stopped}).\n`,
  );
  return (final?.failed ?? 0) > 0 && kind === "batch" ? 1 : 0;
}

/** Writes a finished page's result; a failed page is reported on stderr instead. */
function writePage(
  page: CrawlPageEntry,
  operation: string,
  dir: string,
  nameFor: (name: string) => string,
  startHost: string,
): boolean {
  const entry = page.operations[operation as keyof CrawlPageEntry["operations"]];
  if (page.status !== "complete" || !entry?.success) {
    const why = page.error ?? entry?.error ?? `no ${operation}`;
    process.stderr.write(`page-to-data: ${page.url} failed: ${why}\n`);
    return false;
  }
  const image = imageBytes(entry.result);
  const name = nameFor(
    pageFileName(page.url, startHost).replace(/\.md$/, `.${extensionOf(operation, entry.result)}`),
  );
  const data =
    image ?? (typeof entry.result === "string" ? entry.result : JSON.stringify(entry.result, null, 2) + "\n");
  fs.writeFileSync(path.join(dir, name), data);
  return true;
}
