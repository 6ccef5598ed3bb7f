import { randomBytes } from "node:crypto";
import pg from "pg";
import type { DatabaseConfig } from "@/lib/db/config";
import { closePglite } from "@/lib/db/pglite";

export const PG_URL = process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/test";

export const suffix = () => `${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;

/** A database for one test file, and how to throw it away afterwards. */
export interface TestDatabase {
  label: string;
  config: DatabaseConfig;
  /** pg-boss schema to use: unique per run on PostgreSQL so runs never see each other's jobs. */
  schema: string;
  cleanup(): Promise<void>;
}

export function pgliteDatabase(): TestDatabase {
  const dataDir = `memory://jobs-${suffix()}`;
  return {
    label: "PGlite",
    config: { kind: "pglite", dataDir },
    schema: "pgboss",
    cleanup: () => closePglite(dataDir),
  };
}

export function postgresDatabase(): TestDatabase {
  const schema = `pgboss_test_${suffix()}`;
  return {
    label: "PostgreSQL",
    config: { kind: "postgres", url: PG_URL },
    schema,
    cleanup: () => dropSchemas(schema),
  };
}

export async function dropSchemas(...schemas: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    for (const s of schemas) await client.query(`DROP SCHEMA IF EXISTS "${s}" CASCADE`);
  } finally {
    await client.end();
  }
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Resolves once `check` returns true, polling; rejects after `timeoutMs`. */
export async function until(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(50);
  }
}

/** A promise plus its resolver, for "the handler finished" signals. */
export function signal<T = void>(): { promise: Promise<T>; resolve: (v: T) => void } {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
