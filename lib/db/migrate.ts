import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { SqlRunner } from "./sql";

/**
 * Applies prisma/migrations/<name>/migration.sql in order and records each in `_prisma_migrations`
 * exactly as `prisma migrate deploy` does (sha256 of the file as checksum), so a connected machine's
 * Prisma CLI sees them as applied. We need our own because Prisma's migrate engine is a native
 * binary downloaded at run time, which is not possible offline.
 */
// Resolved from the project root at run time (the app always runs from it; bundlers rewrite import.meta).
const MIGRATIONS_DIR = path.join(/*turbopackIgnore: true*/ process.cwd(), "prisma", "migrations");

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export function migrationFiles(dir = MIGRATIONS_DIR): MigrationFile[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: crypto.createHash("sha256").update(sql).digest("hex") };
    });
}

/**
 * Session advisory lock held while migrating. Processes starting together on one empty PostgreSQL
 * database would otherwise both see "nothing applied" and both run the init migration (one fails on
 * a duplicate type or table). With the lock the second waits, then finds everything applied. The
 * lock lives on the migrator's own connection, so a process killed mid-migration releases it.
 * (Harmless on PGlite: one connection, nothing to wait for.)
 */
export const MIGRATION_LOCK_KEY = 0x70746432; // "ptd2": any constant; only our migrator takes it

/** Returns the names of the migrations it applied (empty when the database was up to date). */
export async function migrate(db: SqlRunner, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec(`SELECT pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
  try {
    return await migrateLocked(db, dir);
  } finally {
    await db.exec(`SELECT pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
  }
}

async function migrateLocked(db: SqlRunner, dir: string): Promise<string[]> {
  await db.exec(CREATE_TABLE);
  const done = await db.query<{ migration_name: string; checksum: string }>(
    `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  const applied = new Map(done.map((r) => [r.migration_name, r.checksum]));
  const ran: string[] = [];
  for (const m of migrationFiles(dir)) {
    const seen = applied.get(m.name);
    if (seen) {
      if (seen !== m.checksum) console.warn(`[migrate] ${m.name} was edited after it was applied`);
      continue;
    }
    const id = crypto.randomUUID();
    try {
      await db.transaction(async (tx) => {
        await tx.exec(m.sql);
        await tx.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, finished_at, applied_steps_count) VALUES ($1, $2, $3, now(), 1)`,
          [id, m.checksum, m.name],
        );
      });
    } catch (err) {
      throw new Error(`Migration ${m.name} failed: ${(err as Error).message}`);
    }
    ran.push(m.name);
  }
  return ran;
}
