import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { getPglite } from "@/lib/db/pglite";
import { PgBossDriver } from "@/lib/jobs/pgboss-driver";
import type { JobDefinition } from "@/lib/jobs/types";
import { PG_URL, pgliteDatabase, postgresDatabase, sleep, until, type TestDatabase } from "./helpers";

/**
 * `tx`: a job enqueued inside a Prisma interactive transaction commits with it, or vanishes with
 * its rollback. On PGlite this is also the deadlock check: the transaction holds the only
 * connection, so any pg-boss statement outside it would wait for the 5 s transaction timeout.
 */
const backends = [
  { label: "PGlite", makeDatabase: pgliteDatabase },
  { label: "PostgreSQL", makeDatabase: postgresDatabase },
];

describe.each(backends)("enqueue inside a Prisma transaction on $label", ({ makeDatabase }) => {
  let database: TestDatabase;
  let driver: PgBossDriver;
  let prisma: PrismaClient;
  const ran: string[] = [];
  const job: JobDefinition<{ tag: string }> = {
    name: "tx-job",
    handler: async ({ tag }) => void ran.push(tag),
  };

  beforeAll(async () => {
    database = makeDatabase();
    const config = database.config;
    prisma = new PrismaClient({
      adapter:
        config.kind === "pglite"
          ? new PrismaPGlite(getPglite(config.dataDir))
          : new PrismaPg({ connectionString: PG_URL }),
    });
    driver = new PgBossDriver({ database: config, schema: database.schema });
    await driver.start([job] as JobDefinition<never>[]);
  });

  afterAll(async () => {
    await driver?.stop();
    await prisma?.$disconnect();
    await database?.cleanup();
  });

  it("runs the job of a committed transaction and drops the job of a rolled-back one", async () => {
    await prisma.$transaction(async (tx) => {
      await tx.$queryRawUnsafe("SELECT 1");
      await driver.enqueue("tx-job", { tag: "committed" }, { tx });
    });
    await expect(
      prisma.$transaction(async (tx) => {
        await driver.enqueue("tx-job", { tag: "rolled-back" }, { tx });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");

    await until(() => ran.includes("committed"), 10_000, "the committed job");
    await sleep(1000);
    expect(ran).toEqual(["committed"]);
  });

  it("rejects a tx that is not a Prisma transaction client", async () => {
    await expect(driver.enqueue("tx-job", { tag: "x" }, { tx: {} })).rejects.toThrow(
      /Prisma interactive transaction/,
    );
  });
});

describe("enqueue-only process on PGlite", () => {
  it("enqueues inside a transaction without deadlocking on pg-boss's queue lookup", async () => {
    const database = pgliteDatabase();
    const config = database.config as { kind: "pglite"; dataDir: string };
    const prisma = new PrismaClient({ adapter: new PrismaPGlite(getPglite(config.dataDir)) });
    const job: JobDefinition<number> = { name: "only-enqueued", handler: async () => {} };
    const driver = new PgBossDriver({
      database: config,
      lookup: (name) => (name === job.name ? (job as JobDefinition<never>) : undefined),
    });
    try {
      await expect(
        prisma.$transaction(async (tx) => driver.enqueue("only-enqueued", 1, { tx })),
      ).rejects.toThrow(/call startJobs\(\)/);
      await driver.open([job] as JobDefinition<never>[]); // queues, no workers
      const id = await prisma.$transaction(async (tx) => driver.enqueue("only-enqueued", 1, { tx }));
      const rows = await prisma.$queryRawUnsafe<{ state: string }[]>(
        `SELECT state::text FROM pgboss.job WHERE id = $1::uuid`,
        id,
      );
      expect(rows).toEqual([{ state: "created" }]);
    } finally {
      await driver.stop();
      await prisma.$disconnect();
      await database.cleanup();
    }
  });
});
