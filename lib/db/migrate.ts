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

/** Returns the names of the migrations it applied (empty when the database was up to date). */
export async function migrate(db: SqlRunner, dir = MIGRATIONS_DIR): Promise<string[]> {
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
