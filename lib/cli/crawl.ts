import fs from "node:fs";
import path from "node:path";
import type { CrawlPageEntry, CrawlProgress, CrawlRequest, MapRequest, PageToData } from "../sdk";
import { bodyFromFlags, UsageError } from "./options";
import { progressBar, startProgress } from "./progress";
import { pageFileName, uniqueNames } from "./site-files";

/**
 * `page-to-data map URL` (one URL a line on stdout) and `page-to-data crawl URL --out DIR` (one
 * Markdown file a page in DIR, a progress bar on a terminal, plain progress lines otherwise).
 * Both go through the SDK: POST /map, POST /crawl and the cursor of GET /crawl/{token}.
 */
type Flags = [string, string | true][];

/** The discovery flags both commands share; every other flag goes to the request as for a page. */
function siteFields(flags: Flags, numbers: string[]): { fields: Record<string, unknown>; rest: Flags } {
  const fields: Record<string, unknown> = {};
  const rest: Flags = [];
  for (const [name, raw] of flags) {
    const key = name.replace(/-/g, "_");
    if (numbers.includes(name)) {
      const n = Number(raw);
      if (raw === true || !Number.isInteger(n))
        throw new UsageError(`--${name} needs a whole number, e.g. --${name} 10.`);
      fields[key] = n;
    } else if (name === "include-paths" || name === "exclude-paths") {
      if (raw === true)
        throw new UsageError(`--${name} needs regular expressions, e.g. --${name} '^/docs/'.`);
      const list = raw
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      fields[key] = [...((fields[key] as string[] | undefined) ?? []), ...list];
    } else if (name === "include-subdomains" || name === "no-include-subdomains") {
      fields.include_subdomains = name === "include-subdomains" && raw !== "false";
    } else rest.push([name, raw]);
  }
  return { fields, rest };
}

export async function mapCommand(api: PageToData, url: string, flags: Flags): Promise<void> {
  const { fields, rest } = siteFields(flags, ["limit"]);
  if (rest.length > 0)
    throw new UsageError(`Unknown option --${rest[0][0]} for map. Run page-to-data --help.`);
  const progress = startProgress(`map ${url}`);
  try {
    const { links } = await api.map({ ...fields, url } as MapRequest);
    progress.stop();
    process.stdout.write(links.map((link) => `${link}\n`).join(""));
  } finally {
    progress.stop();
  }
}

export async function crawlCommand(
  api: PageToData,
  url: string,
  flags: Flags,
  out: string | undefined,
): Promise<void> {
  if (!out) throw new UsageError("crawl writes one Markdown file per page: pass --out DIR.");
  const { fields, rest } = siteFields(flags, ["limit", "max-depth"]);
  if (rest.some(([name]) => name === "operations"))
    throw new UsageError("crawl writes Markdown: --operations is not an option of the crawl command.");
  fs.mkdirSync(out, { recursive: true });
  const body = { ...bodyFromFlags(rest), ...fields, url, operations: ["markdown"] } as CrawlRequest;
  const { token } = await api.crawl(body);
  // Ctrl-C stops the crawl too (no new page starts, nothing more is charged), then exits.
  const onInterrupt = () => {
    void api.cancelCrawl(token).finally(() => process.exit(130));
  };
  process.once("SIGINT", onInterrupt);

  const startHost = new URL(url).host;
  const nameFor = uniqueNames();
  const progress = startProgress(`crawl ${url}`);
  const tty = Boolean(process.stderr.isTTY);
  let lastLine = "";
  const seen: { last?: CrawlProgress } = {};
  const onProgress = (p: CrawlProgress) => {
    seen.last = p;
    const line = `${p.completed + p.failed}/${p.total} pages (${p.failed} failed, ${p.credits_used} credits)`;
    if (tty) progress.update(`${progressBar(p.completed + p.failed, p.total)} ${line}`);
    else if (line !== lastLine) process.stderr.write(`crawl ${token}: ${line}\n`);
    lastLine = line;
  };
  let written = 0;
  try {
    for await (const page of api.crawlPages(token, { onProgress })) {
      if (writePage(page, out, nameFor(pageFileName(page.url, startHost)))) written++;
    }
  } finally {
    progress.stop();
    process.off("SIGINT", onInterrupt);
  }
  const final = seen.last;
  const stopped = final?.stopped_reason ? `, stopped early: ${final.stopped_reason}` : "";
  process.stdout.write(
    `Wrote ${written} pages to ${out} (crawl ${token}: ${final?.status ?? "complete"}, ${final?.failed ?? 0} failed, ${final?.credits_used ?? 0} credits${stopped}).\n`,
  );
}

/** Writes a finished page's Markdown; a failed page is reported on stderr instead. */
function writePage(page: CrawlPageEntry, dir: string, name: string): boolean {
  const markdown = page.operations.markdown;
  if (page.status !== "complete" || !markdown?.success || typeof markdown.result !== "string") {
    const why = page.error ?? markdown?.error ?? "no Markdown";
    process.stderr.write(`page-to-data: ${page.url} failed: ${why}\n`);
    return false;
  }
  fs.writeFileSync(path.join(dir, name), markdown.result);
  return true;
}
