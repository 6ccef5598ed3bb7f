import fs from "node:fs";
import path from "node:path";
import { PageToDataError, type Endpoint, type PageRequest, type PageToData } from "@page-to-data/sdk";
import { extensionOf, writeResult } from "./output";
import { bodyFromFlags, UsageError } from "./options";
import { startProgress } from "./progress";
import { pageFileName, uniqueNames } from "./site-files";

/**
 * `page-to-data <operation> URL [URL…]`: one request per URL through the SDK. One URL: the result
 * on stdout (or --out FILE). Several: each result under a `==> URL <==` line on stdout (as
 * `head` prints several files), or one file per URL with --out DIR; a failed URL is reported
 * on stderr and the others still run. Exit status 1 when any URL failed.
 */
export interface OperationArgs {
  endpoint: Endpoint;
  urls: string[];
  flags: [string, string | true][];
  out?: string;
  async: boolean;
  idempotencyKey?: string;
}

type AnyBody = PageRequest & Record<string, unknown>;

export async function runOperation(api: PageToData, args: OperationArgs): Promise<number> {
  const { endpoint, urls } = args;
  if (urls.length === 0) throw new UsageError(`Usage: page-to-data ${endpoint} <url> [<url>…] [options]`);
  if (urls.length > 1 && args.idempotencyKey)
    throw new UsageError("--idempotency-key names one request: pass one URL with it.");
  if (urls.length > 1 && endpoint === "screenshot" && !args.out && !args.async)
    throw new UsageError("Several screenshots are several images: pass --out DIR.");
  const flagsBody = bodyFromFlags(args.flags);
  const options = args.idempotencyKey ? { idempotencyKey: args.idempotencyKey } : {};
  const dir = urls.length > 1 ? args.out : undefined;
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const names = uniqueNames();
  let failed = 0;

  for (const url of urls) {
    const body = { ...flagsBody, url } as AnyBody;
    const progress = startProgress(`${endpoint} ${url}`);
    try {
      if (args.async) {
        const ack = await api.run(endpoint, { ...body, sync: false }, options);
        const line = { url, token: ack.token, status: ack.status, ...(ack.labels && { labels: ack.labels }) };
        progress.stop();
        process.stdout.write(
          urls.length > 1 ? JSON.stringify(line) + "\n" : JSON.stringify(line, null, 2) + "\n",
        );
        continue;
      }
      // The API validates the body (flags were only converted to types): no second check here.
      const done = await api.run(endpoint, { ...body, sync: true }, options);
      progress.stop();
      if (urls.length === 1) writeResult(done.result, args.out);
      else if (dir) {
        const name = names(pageFileName(url, "").replace(/\.md$/, `.${extensionOf(endpoint, done.result)}`));
        writeResult(done.result, path.join(dir, name));
        process.stderr.write(`${url} -> ${path.join(dir, name)}\n`);
      } else {
        process.stdout.write(`==> ${url} <==\n`);
        writeResult(done.result, undefined);
        process.stdout.write("\n");
      }
    } catch (err) {
      progress.stop();
      // One URL: the error is the command's (main prints it). Several: report and go on.
      if (urls.length === 1 || !(err instanceof PageToDataError)) throw err;
      failed++;
      process.stderr.write(`page-to-data: ${url}: ${err.message} [${err.status} ${err.code}]\n`);
    }
  }
  return failed > 0 ? 1 : 0;
}
