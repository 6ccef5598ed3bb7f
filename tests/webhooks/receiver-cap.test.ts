/**
 * The per-receiver webhook cap (issue 27 point 2) lives in the database, so it holds across worker
 * processes: takers racing through separate connections, on PGlite and on PostgreSQL.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reloadConfig } from "@/lib/config";
import { closeDb, db, dbReady } from "@/lib/db";
import { maxPerReceiver, tryTakeReceiverPlace } from "@/lib/webhooks/receiver-cap";
import { TEST_POSTGRES_URL } from "../support/app";

async function onServer(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const fresh = `ptd_cap_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
const postgresUrl = (() => {
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${fresh}`;
  return url.toString();
})();

describe.each([
  ["PGlite", "pglite:memory://"],
  ["PostgreSQL", postgresUrl],
])("the receiver cap on %s", (label, url) => {
  beforeAll(async () => {
    if (label === "PostgreSQL") await onServer(`CREATE DATABASE "${fresh}"`);
    process.env.DATABASE_URL = url;
    reloadConfig();
    await dbReady();
  });
  afterAll(async () => {
    await closeDb();
    if (label === "PostgreSQL") await onServer(`DROP DATABASE IF EXISTS "${fresh}" WITH (FORCE)`);
  });

  it("twelve takers at once: exactly the cap get a place; a release lets one more in; other receivers are apart", async () => {
    const destination = `https://hooks.${label.toLowerCase()}.example`;
    expect(maxPerReceiver()).toBe(2);
    const first = await Promise.all(Array.from({ length: 12 }, () => tryTakeReceiverPlace(destination)));
    const held = first.filter((r) => r !== null);
    expect(held).toHaveLength(2);
    expect(await tryTakeReceiverPlace(destination)).toBeNull();
    expect(await tryTakeReceiverPlace("https://elsewhere.example")).not.toBeNull();

    await held[0]!();
    const next = await tryTakeReceiverPlace(destination);
    expect(next).not.toBeNull();
    expect(await tryTakeReceiverPlace(destination)).toBeNull();
    await held[1]!();
    await next!();
  });

  it("a place whose holder died frees itself at its time; the late holder's release leaves the new holder's place alone", async () => {
    const destination = `https://dead.${label.toLowerCase()}.example`;
    const dead = (await tryTakeReceiverPlace(destination))!;
    const alive = (await tryTakeReceiverPlace(destination))!;
    expect(await tryTakeReceiverPlace(destination)).toBeNull();
    // The dead holder's time is up (its process never released the place).
    await db().$executeRawUnsafe(
      `UPDATE "WebhookReceiverPlace" SET "until" = "until" - interval '1 hour'
       WHERE destination = $1 AND slot = (SELECT min(slot) FROM "WebhookReceiverPlace" WHERE destination = $1)`,
      destination,
    );
    const taker = await tryTakeReceiverPlace(destination);
    expect(taker).not.toBeNull();
    await dead(); // the late release must not free the new holder's place
    expect(await tryTakeReceiverPlace(destination)).toBeNull();
    await alive();
    await taker!();
  });
});
