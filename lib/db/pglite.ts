import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";

/**
 * One PGlite per data folder per process. Next.js evaluates route bundles, the instrumentation
 * bundle and hot-reloaded modules as separate module copies; without this `globalThis` registry a
 * second PGlite would open the same folder, the two would diverge and the folder would be corrupted.
 */
const registry = globalThis as unknown as { __pglite?: Map<string, PGlite> };

export function getPglite(dataDir: string): PGlite {
  registry.__pglite ??= new Map();
  let db = registry.__pglite.get(dataDir);
  if (!db) {
    if (!dataDir.startsWith("memory://")) {
      fs.mkdirSync(path.dirname(dataDir), { recursive: true });
      claimDataDir(dataDir);
    }
    db = new PGlite(dataDir);
    registry.__pglite.set(dataDir, db);
  }
  return db;
}

export async function closePglite(dataDir: string): Promise<void> {
  const db = registry.__pglite?.get(dataDir);
  if (!db) return;
  registry.__pglite!.delete(dataDir);
  await db.close();
  releaseDataDir(dataDir);
}

/** The lock file that keeps a second process (say, the admin command) from opening the folder. */
export function lockFile(dataDir: string): string {
  return `${dataDir}.lock`;
}

/** Which live process owns the folder, if any; stale locks from killed processes are ignored. */
export function ownerOf(dataDir: string): { pid: number; socketPort?: number } | null {
  try {
    const owner = JSON.parse(fs.readFileSync(lockFile(dataDir), "utf8")) as {
      pid: number;
      socketPort?: number;
    };
    process.kill(owner.pid, 0); // throws when the process is gone
    return owner;
  } catch {
    return null;
  }
}

function claimDataDir(dataDir: string): void {
  const owner = ownerOf(dataDir);
  if (owner && owner.pid !== process.pid) {
    throw new Error(
      `The embedded database ${dataDir} is open in process ${owner.pid}. ` +
        `Stop that process, or reach the database through it (the admin command does this by itself).`,
    );
  }
  fs.writeFileSync(lockFile(dataDir), JSON.stringify({ pid: process.pid }));
}

/** Record the loopback port where this process shares its PGlite over the PostgreSQL protocol. */
export function advertiseSocket(dataDir: string, socketPort: number): void {
  fs.writeFileSync(lockFile(dataDir), JSON.stringify({ pid: process.pid, socketPort }));
}

function releaseDataDir(dataDir: string): void {
  if (ownerOf(dataDir)?.pid === process.pid) fs.rmSync(lockFile(dataDir), { force: true });
}
