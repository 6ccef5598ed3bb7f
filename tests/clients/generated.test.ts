import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import openapiTS, { astToString } from "openapi-typescript";
import { createClient as heyApiGenerate } from "@hey-api/openapi-ts";
import { startApp, type App } from "../support/app";
import { startLocalSite, type LocalSite } from "../support/local-site";

/**
 * Clients generated from the served /api/openapi.json, as a user of either generator makes them:
 * openapi-typescript's types with openapi-fetch, and @hey-api/openapi-ts's fetch SDK. Each calls
 * POST /markdown sync (a text answer) and async (the JSON `Accepted`): tsc holds the generated
 * types to "sync is a string, async is Accepted", and the same file then runs against the real
 * server, Chromium and a local page. Nothing generated is committed: it lives in a temp folder.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const exec = promisify(execFile);

/**
 * The user's code. `Same` fails to compile unless the generated type is exactly the expected one
 * (a union such as `Accepted | string` is not), and each @ts-expect-error proves the check is not
 * blind. openapi-fetch reads every answer as JSON unless told `parseAs` (it never looks at
 * Content-Type), so its text call says `parseAs: "text"`, which also types it; its client is typed
 * for JSON answers (`Media`), so the async call is `Accepted` alone. hey-api types one media type
 * per status (JSON first), so the sync call goes through the `markdownSync` the `#sync` view gives.
 */
const USAGE = `import createFetchClient from "openapi-fetch";
import type { components, paths } from "./openapi-typescript/schema";
import { createClient as createHeyClient } from "./hey-api/client";
import { markdown, markdownSync } from "./hey-api/sdk.gen";
import type { Accepted } from "./hey-api/types.gen";

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

export async function viaOpenapiFetch(baseUrl: string, key: string, url: string) {
  const client = createFetchClient<paths, "application/json">({
    baseUrl,
    headers: { Authorization: \`Bearer \${key}\` },
  });
  const sync = await client.POST("/markdown", { body: { url, sync: true }, parseAs: "text" });
  if (sync.data === undefined) throw new Error(JSON.stringify(sync.error));
  const text = sync.data;
  const textIsString: Same<typeof text, string> = true;
  const ack = await client.POST("/markdown", { body: { url } });
  if (ack.data === undefined) throw new Error(JSON.stringify(ack.error));
  const accepted = ack.data;
  const ackIsAccepted: Same<typeof accepted, components["schemas"]["Accepted"]> = true;
  // @ts-expect-error the acknowledgement is not text
  const wrong: string = accepted;
  // A JSON result: the #sync view types it alone (POST /meta's 200 is Accepted or Metadata).
  const meta = await client.POST("/meta#sync", { body: { url, sync: true } });
  if (meta.data === undefined) throw new Error(JSON.stringify(meta.error));
  const metadata = meta.data;
  const metaIsMetadata: Same<typeof metadata, components["schemas"]["Metadata"]> = true;
  return { text, accepted, title: metadata.title, checks: [textIsString, ackIsAccepted, wrong, metaIsMetadata] };
}

export async function viaHeyApi(baseUrl: string, key: string, url: string) {
  const client = createHeyClient({ baseUrl, auth: key });
  const sync = await markdownSync({ client, body: { url, sync: true }, throwOnError: true });
  const text = sync.data;
  const textIsString: Same<typeof text, string> = true;
  const ack = await markdown({ client, body: { url }, throwOnError: true });
  const accepted = ack.data;
  const ackIsAccepted: Same<typeof accepted, Accepted> = true;
  // @ts-expect-error the acknowledgement is not text
  const wrong: string = accepted;
  return { text, accepted, checks: [textIsString, ackIsAccepted, wrong] };
}
`;

interface Answers {
  text: string;
  accepted: { token: string; status: string };
  title?: string | null;
}
interface Usage {
  viaOpenapiFetch(baseUrl: string, key: string, url: string): Promise<Answers>;
  viaHeyApi(baseUrl: string, key: string, url: string): Promise<Answers>;
}

describe("clients generated from /api/openapi.json: openapi-typescript + openapi-fetch, @hey-api/openapi-ts", () => {
  let site: LocalSite;
  let app: App;
  let key: string;
  let dir: string;

  beforeAll(async () => {
    site = await startLocalSite();
    app = await startApp({ PAGE_TEST_HOSTS: site.hostsEnv });
    key = (await app.admin("org", "create", "--name", "Generated", "--plan", "pro")).apiKey as string;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "ptd-generated-"));
    // The user's project has the client libraries installed: this repository's copies.
    fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
    const served = new URL("/api/openapi.json", app.url);
    fs.mkdirSync(path.join(dir, "openapi-typescript"));
    fs.writeFileSync(path.join(dir, "openapi-typescript/schema.ts"), astToString(await openapiTS(served)));
    await heyApiGenerate({
      input: served.href,
      output: path.join(dir, "hey-api"),
      plugins: ["@hey-api/client-fetch"],
      logs: { level: "silent", file: false },
    });
    fs.writeFileSync(path.join(dir, "usage.ts"), USAGE);
  });
  afterAll(async () => {
    await app?.stop();
    await site?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("the generated types: sync data is a string, async data is Accepted, in each client", async () => {
    const tsc = await exec(
      process.execPath,
      [
        path.join(ROOT, "node_modules/typescript/bin/tsc"),
        "--noEmit",
        "--strict",
        "--skipLibCheck",
        "--target",
        "es2022",
        "--lib",
        "es2023,dom",
        "--module",
        "esnext",
        "--moduleResolution",
        "bundler",
        "--types",
        "node",
        "--typeRoots",
        path.join(ROOT, "node_modules/@types"),
        "usage.ts",
      ],
      { cwd: dir },
    ).catch((err: { stdout?: string; stderr?: string }) => ({
      stdout: err.stdout ?? "",
      stderr: err.stderr ?? "",
    }));
    expect(`${tsc.stdout}${tsc.stderr}`).toBe("");
  });

  it("the same code parses each answer against the real server: text when sync, Accepted when async", async () => {
    const usage = (await import(/* @vite-ignore */ path.join(dir, "usage.ts"))) as Usage;
    const answers = {
      "openapi-fetch": await usage.viaOpenapiFetch(app.url, key, "http://article.test/generated-fetch"),
      "hey-api": await usage.viaHeyApi(app.url, key, "http://article.test/generated-hey"),
    };
    for (const [name, { text, accepted }] of Object.entries(answers)) {
      expect(text, name).toMatch(/^This paragraph is part of the static HTML/);
      expect(accepted, name).toMatchObject({ token: expect.stringMatching(/^req_/), status: "accepted" });
    }
    // POST /meta#sync went out as POST /meta (the fragment is not sent) and parsed as Metadata.
    expect(answers["openapi-fetch"].title).toBe("A local article");
  });
});
