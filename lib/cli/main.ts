#!/usr/bin/env node
import fs from "node:fs";
import { ENDPOINTS } from "../schemas/operations";
import { PageToData, PageToDataError, type Endpoint, type PageRequest } from "../sdk";
import { crawlCommand, mapCommand } from "./crawl";
import { bodyFromFlags, flagHelp, flagSpecs, UsageError } from "./options";
import { startProgress } from "./progress";

/**
 * page-to-data <operation> <url> [--option …] [--out FILE]
 * page-to-data result <token> [--out FILE]
 * page-to-data map <url> | crawl <url> --out DIR   (whole sites)
 * page-to-data mcp                       (an MCP server on stdio)
 *
 * Built on the SDK: the same requests, retries and errors as any SDK user gets.
 */

const GLOBAL_FLAGS = new Set(["api-key", "base-url", "out", "async", "idempotency-key", "help"]);
const SWITCHES = new Set(["async", "help", "include-subdomains"]);

const HELP = `Usage:
  page-to-data <operation> <url> [options]   operation: ${ENDPOINTS.join(", ")}
  page-to-data result <token> [--out FILE]   collect an async result
  page-to-data map <url> [--limit N]         print the site's URLs, one a line (1 credit)
  page-to-data crawl <url> --out DIR [--limit N] [--max-depth N]
                                             crawl the site; one Markdown file per page in DIR
  page-to-data mcp                           run an MCP server on stdio

Writes the result to stdout (Markdown, HTML, text, JSON); a screenshot goes to --out FILE.
Exit status 0 on success; 1 with the API's message when the API refuses or the page fails; 2 on usage errors.

Connection:
  --api-key <key>        default: $PAGE_TO_DATA_API_KEY
  --base-url <url>       default: $PAGE_TO_DATA_URL, else http://localhost:3000
  --out <file>           write the result to a file (the image itself for screenshot)
  --async                print the acknowledgement (token) instead of waiting for the result
  --idempotency-key <k>  send an Idempotency-Key

Whole sites (map and crawl):
  --limit <n>            most URLs (map: 1-5000, default 5000) or pages (crawl: 1-10000, default 100)
  --max-depth <n>        crawl: links followed from the start page (0-20, default 10)
  --include-paths <re,re>  only paths matching one of these regular expressions, e.g. '^/docs/'
  --exclude-paths <re,re>  leave out paths matching any of these
  --include-subdomains   also take pages of the start page's subdomains
  A crawl costs what markdown costs per finished page (1 credit); failed pages are free.
  Files are named after the URL path (/guide/5 -> guide_5.md). A progress bar shows on a
  terminal, plain progress lines on stderr otherwise; Ctrl-C cancels the crawl.

Request options (see /api/openapi.json):
${flagHelp()}
`;

interface Parsed {
  positionals: string[];
  global: Map<string, string | true>;
  flags: [string, string | true][];
}

export function parseArgv(argv: string[]): Parsed {
  const parsed: Parsed = { positionals: [], global: new Map(), flags: [] };
  const specs = flagSpecs();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith("--")) {
      parsed.positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const name = arg.slice(2, eq > 0 ? eq : undefined);
    let value: string | true = eq > 0 ? arg.slice(eq + 1) : true;
    // Switches take a value only when it is spelled true/false; every other flag takes the next word.
    const isSwitch = SWITCHES.has(name) || specs.get(name)?.kind === "boolean" || name.startsWith("no-");
    const next = argv[i + 1];
    if (value === true && next !== undefined && !next.startsWith("--")) {
      if (!isSwitch || next === "true" || next === "false") {
        value = next;
        i++;
      }
    }
    if (GLOBAL_FLAGS.has(name)) parsed.global.set(name, value);
    else parsed.flags.push([name, value]);
  }
  return parsed;
}

function client(global: Map<string, string | true>): PageToData {
  const str = (k: string) => (typeof global.get(k) === "string" ? (global.get(k) as string) : undefined);
  const apiKey = str("api-key") ?? process.env.PAGE_TO_DATA_API_KEY;
  if (!apiKey) throw new UsageError("No API key: pass --api-key or set PAGE_TO_DATA_API_KEY.");
  return new PageToData({ apiKey, baseUrl: str("base-url") ?? process.env.PAGE_TO_DATA_URL });
}

function write(result: unknown, endpoint: Endpoint | null, out: string | undefined): void {
  if (endpoint === "screenshot" && typeof result === "string") {
    const image = Buffer.from(result, "base64");
    if (out) fs.writeFileSync(out, image);
    else if (!process.stdout.isTTY) process.stdout.write(image);
    else throw new UsageError("A screenshot is an image: pass --out FILE (or pipe stdout to a file).");
    return;
  }
  const text = typeof result === "string" ? result : JSON.stringify(result, null, 2) + "\n";
  if (out) fs.writeFileSync(out, text);
  else process.stdout.write(text);
}

async function runOperation(endpoint: Endpoint, args: Parsed): Promise<void> {
  const [, url] = args.positionals;
  if (!url) throw new UsageError(`Usage: page-to-data ${endpoint} <url> [options]`);
  const api = client(args.global);
  const idempotencyKey = args.global.get("idempotency-key");
  const options = typeof idempotencyKey === "string" ? { idempotencyKey } : {};
  const body = { ...bodyFromFlags(args.flags), url };
  if (args.global.has("async")) {
    const ack = await api.run<Endpoint, PageRequest & { sync: false }>(
      endpoint,
      { ...body, sync: false } as PageRequest & { sync: false },
      options,
    );
    write(
      { token: ack.token, status: ack.status, ...("labels" in ack && { labels: ack.labels }) },
      null,
      undefined,
    );
    return;
  }
  const progress = startProgress(`${endpoint} ${url}`);
  try {
    // The API validates the body (flags were only converted to types): no second check here.
    const done = await api.run<Endpoint, PageRequest & { sync: true }>(
      endpoint,
      { ...body, sync: true } as PageRequest & { sync: true },
      options,
    );
    progress.stop();
    write(done.result, endpoint, outFile(args));
  } finally {
    progress.stop();
  }
}

async function collect(args: Parsed): Promise<void> {
  const [, token] = args.positionals;
  if (!token) throw new UsageError("Usage: page-to-data result <token>");
  const progress = startProgress(`waiting for ${token}`);
  try {
    const done = await client(args.global).waitForResult(token);
    progress.stop();
    // Base64 text is the screenshot's result format; only an --out ending in an image name decodes it.
    const out = outFile(args);
    const image = out && /\.(png|jpe?g|webp)$/i.test(out);
    write(done.result, image ? "screenshot" : null, out);
  } finally {
    progress.stop();
  }
}

async function siteCommand(command: "map" | "crawl", args: Parsed): Promise<void> {
  const [, url] = args.positionals;
  if (!url)
    throw new UsageError(
      command === "map"
        ? "Usage: page-to-data map <url> [--limit N]"
        : "Usage: page-to-data crawl <url> --out DIR",
    );
  const api = client(args.global);
  if (command === "map") await mapCommand(api, url, args.flags);
  else await crawlCommand(api, url, args.flags, outFile(args));
}

const outFile = (args: Parsed) => {
  const out = args.global.get("out");
  if (out === true) throw new UsageError("--out needs a file name.");
  return out;
};

export async function main(argv: string[]): Promise<number> {
  const args = parseArgv(argv);
  const [command] = args.positionals;
  try {
    if (!command || args.global.has("help") || command === "help") {
      process.stdout.write(HELP);
      return command || args.global.has("help") ? 0 : 2;
    }
    if (command === "mcp") {
      const { serveStdio } = await import("./mcp-stdio");
      await serveStdio(client(args.global));
      return -1; // keeps running until stdin closes
    }
    if (command === "result") await collect(args);
    else if (command === "map" || command === "crawl") await siteCommand(command, args);
    else if ((ENDPOINTS as readonly string[]).includes(command))
      await runOperation(command as Endpoint, args);
    else
      throw new UsageError(
        `Unknown command ${command}. Operations: ${ENDPOINTS.join(", ")}; or result, map, crawl, mcp.`,
      );
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`page-to-data: ${err.message}\n`);
      return 2;
    }
    if (err instanceof PageToDataError) {
      const token = err.token ? ` (token ${err.token})` : "";
      process.stderr.write(`page-to-data: ${err.message} [${err.status} ${err.code}]${token}\n`);
      return 1;
    }
    // fetch says only "fetch failed"; the cause (ECONNREFUSED, ENOTFOUND…) is what helps.
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    const detail = cause ? ` (${cause.code ?? cause.message})` : "";
    process.stderr.write(`page-to-data: ${(err as Error).message ?? err}${detail}\n`);
    return 1;
  }
}

main(process.argv.slice(2)).then((code) => {
  if (code >= 0) process.exitCode = code;
});
