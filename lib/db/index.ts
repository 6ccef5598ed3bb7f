import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { databaseConfig, type DatabaseConfig } from "./config";
import { getPglite, ownerOf } from "./pglite";
import { migrate } from "./migrate";
import { pgliteRunner, postgresRunner } from "./sql";

export type { PrismaClient } from "@/lib/generated/prisma/client";
export { Prisma } from "@/lib/generated/prisma/client";

type Db = PrismaClient;

interface DbState {
  client: Db;
  config: DatabaseConfig;
  ready: Promise<void>;
}

// Kept on globalThis so every Next.js bundle and hot reload in this process shares one client.
const g = globalThis as unknown as { __db?: DbState };

/**
 * The Prisma client for this process, migrated before first use. With the embedded database the
 * process that opens it owns it; a second process (the admin command while the server runs)
 * reaches it through the owner's loopback PostgreSQL socket instead of opening the folder.
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

function state(): DbState {
  if (g.__db) return g.__db;
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
    const owner = config.dataDir.startsWith("memory://") ? null : ownerOf(config.dataDir);
    if (owner && owner.pid !== process.pid) {
      if (!owner.socketPort) throw new Error(`The embedded database is open in process ${owner.pid}.`);
      // PGlite is one connection: a pool of one keeps the owner's socket server simple.
      const url = `postgresql://postgres@127.0.0.1:${owner.socketPort}/postgres?sslmode=disable`;
      client = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 1 }) });
      ready = Promise.resolve(); // the owner migrated at its start
    } else {
      const pglite = getPglite(config.dataDir);
      client = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
      ready = pglite.waitReady.then(() => migrate(pgliteRunner(pglite))).then(() => undefined);
    }
  }
  g.__db = { client, config, ready };
  return g.__db;
}

/** Close the client (tests, the admin command). */
export async function closeDb(): Promise<void> {
  const s = g.__db;
  if (!s) return;
  g.__db = undefined;
  await s.client.$disconnect();
  if (s.config.kind === "pglite") {
    const { closePglite } = await import("./pglite");
    await closePglite(s.config.dataDir);
  }
}
