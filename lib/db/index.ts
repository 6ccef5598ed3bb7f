import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import pg from "pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { databaseConfig, type DatabaseConfig } from "./config";
import { getPglite } from "./pglite";
import { newPgPool } from "./pg-pool";
import { makePrivate } from "./permissions";
import { migrate } from "./migrate";
import { pgliteRunner, postgresRunner } from "./sql";
import { dropSingleton, singleton } from "@/lib/singleton";

export type { PrismaClient } from "@/lib/generated/prisma/client";
export { Prisma } from "@/lib/generated/prisma/client";
export { newRowId } from "./row-id";

type Db = PrismaClient;

interface DbState {
  client: Db;
  config: DatabaseConfig;
  ready: Promise<void>;
  /** PostgreSQL only: the driver's own pools for driverQuery, opened on first use. */
  pools: Map<"durable" | "relaxed", pg.Pool>;
}

/**
 * The Prisma client for this process, migrated before first use. With the embedded database the
 * process that opens it owns it and no other process may open it: the admin command, while the
 * server runs, asks the server's loopback admin endpoint instead (lib/admin/endpoint.ts). Nothing
 * else shares the server's single PGlite session.
 */
export function db(): Db {
  return state().client;
}

/** Resolves once migrations have been applied. Call at start-up and before the first query. */
export function dbReady(): Promise<void> {
  return state().ready;
}

export function dbConfig(): DatabaseConfig {
  return state().config;
}

/** A singleton, so every Next.js bundle and hot reload in this process shares one client. */
function state(): DbState {
  return singleton("db", openDatabase);
}

function openDatabase(): DbState {
  const config = databaseConfig();
  let client: Db;
  let ready: Promise<void>;
  if (config.kind === "postgres") {
    client = new PrismaClient({ adapter: new PrismaPg({ connectionString: config.url }) });
    ready = postgresRunner(config.url).then(async (runner) => {
      try {
        await migrate(runner);
      } finally {
        await runner.close();
      }
    });
  } else {
    const pglite = getPglite(config.dataDir); // throws if another live process owns the folder
    client = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
    ready = pglite.waitReady
      .then(() => migrate(pgliteRunner(pglite)))
      // initdb has just made the folder's tree (with the umask's modes): close it to others too.
      .then(() => (config.dataDir.startsWith("memory://") ? undefined : makePrivate(config.dataDir)));
  }
  return { client, config, ready, pools: new Map() };
}

/**
 * A statement through the database driver itself, without Prisma: for the few statements on the
 * cache-hit path where Prisma's own work per query costs more than the statement. Measured on this
 * 2-core machine, a one-row INSERT of a request took 2.6 ms of CPU through Prisma on PGlite and
 * 1.2 ms through PGlite directly (0.9 and 0.25 ms on PostgreSQL). Parameters are positional ($1…)
 * and the statement casts them itself; rows come back as the driver parses them (no Prisma types).
 * On PGlite it queues behind any open Prisma transaction (the adapter holds PGlite's transaction
 * lock), as every other statement does.
 */
export async function driverQuery<T extends Record<string, unknown>>(
  sql: string,
  params: unknown[],
  { waitForDisk = true }: { waitForDisk?: boolean } = {},
): Promise<T[]> {
  const s = state();
  if (s.config.kind === "postgres") {
    // waitForDisk: false → the commit returns before its WAL is flushed (`synchronous_commit=off`):
    // visible to every session at once, but a crash of the database may forget the last fraction
    // of a second of such writes. Only for rows that are worth no more than that.
    const kind = waitForDisk ? "durable" : "relaxed";
    let pool = s.pools.get(kind);
    if (!pool) {
      const options = waitForDisk ? undefined : "-c synchronous_commit=off";
      s.pools.set(kind, (pool = newPgPool({ connectionString: s.config.url, max: 4, options })));
    }
    return (await pool.query<T>(sql, params)).rows;
  }
  return (await getPglite(s.config.dataDir).query<T>(sql, params)).rows;
}

/** Close the client (tests, the admin command). */
export async function closeDb(): Promise<void> {
  const s = dropSingleton<DbState>("db");
  if (!s) return;
  await Promise.all([s.client.$disconnect(), ...[...s.pools.values()].map((p) => p.end())]);
  if (s.config.kind === "pglite") {
    const { closePglite } = await import("./pglite");
    await closePglite(s.config.dataDir);
  }
}
