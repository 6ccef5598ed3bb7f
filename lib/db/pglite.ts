import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { makePrivate, writePrivateFile } from "./permissions";
import { singleton } from "@/lib/singleton";

/**
 * One PGlite per data folder per process. Next.js evaluates route bundles, the instrumentation
 * bundle and hot-reloaded modules as separate module copies; without this process-wide registry a
 * second PGlite would open the same folder, the two would diverge and the folder would be corrupted.
 */
const instances = () => singleton("pglite", () => new Map<string, PGlite>());

export function getPglite(dataDir: string): PGlite {
  let db = instances().get(dataDir);
  if (!db) {
    if (!dataDir.startsWith("memory://")) {
      fs.mkdirSync(path.dirname(dataDir), { recursive: true });
      claimDataDir(dataDir);
      makePrivate(dataDir);
    }
    db = new PGlite(dataDir);
    instances().set(dataDir, db);
  }
  return db;
}

export async function closePglite(dataDir: string): Promise<void> {
  const db = instances().get(dataDir);
  if (!db) return;
  instances().delete(dataDir);
  await db.close();
  releaseDataDir(dataDir);
}

/** The lock file that keeps a second process (say, the admin command) from opening the folder. */
export function lockFile(dataDir: string): string {
  return `${dataDir}.lock`;
}

export interface DataDirOwner {
  pid: number;
  /** Loopback port of the owner's admin endpoint, once it listens (lib/admin/endpoint.ts). */
  adminPort?: number;
}

/** Which live process owns the folder, if any; stale locks from killed processes are ignored. */
export function ownerOf(dataDir: string): DataDirOwner | null {
  try {
    const owner = JSON.parse(fs.readFileSync(lockFile(dataDir), "utf8")) as DataDirOwner;
    process.kill(owner.pid, 0); // throws when the process is gone
    return owner;
  } catch {
    return null;
  }
}

function claimDataDir(dataDir: string): void {
  for (let attempt = 0; attempt < 3; attempt++) {
    const owner = ownerOf(dataDir);
    if (owner && owner.pid !== process.pid) {
      throw new Error(
        `The embedded database ${dataDir} is open in process ${owner.pid}. ` +
          `Stop that process, or reach the database through it (the admin command does this by itself).`,
      );
    }
    if (owner) return; // ours already
    fs.rmSync(lockFile(dataDir), { force: true }); // a dead process's lock
    try {
      // "wx": of two processes starting at the same moment, exactly one creates the lock.
      fs.writeFileSync(lockFile(dataDir), JSON.stringify({ pid: process.pid }), { flag: "wx", mode: 0o600 });
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
  }
  throw new Error(`Could not lock the embedded database ${dataDir}; another process is starting on it.`);
}

/** Records the loopback port of this process's admin endpoint, for the admin command to find. */
export function advertiseAdminPort(dataDir: string, adminPort: number): void {
  writePrivateFile(lockFile(dataDir), JSON.stringify({ pid: process.pid, adminPort }));
}

function releaseDataDir(dataDir: string): void {
  if (ownerOf(dataDir)?.pid === process.pid) fs.rmSync(lockFile(dataDir), { force: true });
}
