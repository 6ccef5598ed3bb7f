#!/usr/bin/env node
import { ENDPOINTS, PageToData, PageToDataError, type Endpoint } from "@page-to-data/sdk";
import { mapCommand, siteJobCommand } from "./crawl";
import { runOperation } from "./operation";
import { flagHelp, flagSpecs, UsageError } from "./options";
import { writeResult } from "./output";
import { startProgress } from "./progress";
import { VERSION } from "./version";

/**
 * page-to-data <operation> <url> [<url>…] [--option …] [--out FILE|DIR]
 * page-to-data result <token> [--out FILE]
 * page-to-data map <url> | crawl <url> --out DIR | batch <url>… --out DIR   (whole sites)
 * page-to-data mcp                       (an MCP server on stdio)
 *
 * Built on the SDK: the same requests, retries and errors as any SDK user gets.
 */

const GLOBAL_FLAGS = new Set(["api-key", "base-url", "out", "async", "idempotency-key", "help", "version"]);
const SWITCHES = new Set(["async", "help", "version"]);

const HELP = `page-to-data ${VERSION}: web pages to Markdown, HTML, screenshots, metadata and more.

Usage:
  page-to-data <operation> <url> [<url>…] [options]
                   operation: ${ENDPOINTS.join(", ")}
  page-to-data result <token> [--out FILE]   collect an async result
  page-to-data map <url> [--limit N]         print the site's URLs, one a line (1 credit)
  page-to-data crawl <url> --out DIR [--limit N] [--max-depth N]
                                             crawl the site; one file per page in DIR
  page-to-data batch <url>… --out DIR [--operations markdown]
                                             many URLs in one job; one file per URL in DIR
  page-to-data mcp                           run an MCP server on stdio
  page-to-data --version | --help

Writes the result to stdout (Markdown, HTML, text, JSON). An image (a screenshot) goes to
--out FILE or a pipe, never to a terminal. Several URLs: each result under a "==> URL <==" line,
or one file per URL with --out DIR.
Exit status 0 on success; 1 with the API's message when the API refuses or a page fails (any of
several URLs); 2 on usage errors.

Connection:
  --api-key <key>        default: $PAGE_TO_DATA_API_KEY
  --base-url <url>       default: $PAGE_TO_DATA_URL, else http://localhost:3000
  --out <file|dir>       write the result to a file (several URLs, crawl, batch: a directory)
  --async                print the acknowledgement (token) instead of waiting for the result
  --idempotency-key <k>  send an Idempotency-Key

Crawl and batch cost what the same operations cost on each finished page; failed pages are free.
Files are named after the URL (/guide/5 -> guide_5.md). A progress bar shows on a terminal,
plain progress lines on stderr otherwise; Ctrl-C cancels the job.

Request options (the API's fields; see /api/openapi.json):
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

function str(global: Map<string, string | true>, name: string): string | undefined {
  const value = global.get(name);
  if (value === true) throw new UsageError(`--${name} needs a value.`);
  return value;
}

function client(global: Map<string, string | true>): PageToData {
  const apiKey = str(global, "api-key") ?? process.env.PAGE_TO_DATA_API_KEY;
  if (!apiKey) throw new UsageError("No API key: pass --api-key or set PAGE_TO_DATA_API_KEY.");
  return new PageToData({ apiKey, baseUrl: str(global, "base-url") ?? process.env.PAGE_TO_DATA_URL });
}

async function collect(args: Parsed): Promise<void> {
  const [, token] = args.positionals;
  if (!token) throw new UsageError("Usage: page-to-data result <token>");
  const progress = startProgress(`waiting for ${token}`);
  try {
    const done = await client(args.global).waitForResult(token);
    progress.stop();
    // A screenshot's result is Base64 text: written as the image (to --out or a pipe) by writeResult.
    writeResult(done.result, str(args.global, "out"));
  } finally {
    progress.stop();
  }
}

async function dispatch(command: string, args: Parsed): Promise<number> {
  const [, ...rest] = args.positionals;
  if (command === "result") {
    await collect(args);
    return 0;
  }
  if (command === "map") {
    if (rest.length !== 1) throw new UsageError("Usage: page-to-data map <url> [--limit N]");
    await mapCommand(client(args.global), rest[0], args.flags);
    return 0;
  }
  if (command === "crawl" || command === "batch") {
    if (rest.length === 0 || (command === "crawl" && rest.length > 1))
      throw new UsageError(
        command === "crawl"
          ? "Usage: page-to-data crawl <url> --out DIR"
          : "Usage: page-to-data batch <url>… --out DIR",
      );
    return siteJobCommand(client(args.global), command, rest, args.flags, str(args.global, "out"));
  }
  if ((ENDPOINTS as readonly string[]).includes(command)) {
    return runOperation(client(args.global), {
      endpoint: command as Endpoint,
      urls: rest,
      flags: args.flags,
      out: str(args.global, "out"),
      async: args.global.has("async"),
      idempotencyKey: str(args.global, "idempotency-key"),
    });
  }
  throw new UsageError(
    `Unknown command ${command}. Operations: ${ENDPOINTS.join(", ")}; or result, map, crawl, batch, mcp.`,
  );
}

export async function main(argv: string[]): Promise<number> {
  const args = parseArgv(argv);
  const [command] = args.positionals;
  try {
    if (args.global.has("version") || command === "version") {
      process.stdout.write(`${VERSION}\n`);
      return 0;
    }
    if (!command || args.global.has("help") || command === "help") {
      process.stdout.write(HELP);
      return command || args.global.has("help") ? 0 : 2;
    }
    if (command === "mcp") {
      const { serveStdio } = await import("./mcp-stdio");
      await serveStdio(client(args.global), VERSION);
      return -1; // keeps running until stdin closes
    }
    return await dispatch(command, args);
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
    process.stderr.write(`page-to-data: ${(err as Error).message ?? err}\n`);
    return 1;
  }
}

main(process.argv.slice(2)).then((code) => {
  if (code >= 0) process.exitCode = code;
});
