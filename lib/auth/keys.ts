import crypto from "node:crypto";
import { config } from "@/lib/config";
import { db, dbConfig } from "@/lib/db";
import { listen, listeningTo } from "@/lib/db/listen";
import { singleton } from "@/lib/singleton";

/**
 * API keys, in the spirit of unkey:
 * - 24 random bytes, base62-encoded, behind a readable prefix (`ptd_live_`), so a leaked key is
 *   recognisable in logs and by secret scanners;
 * - only the SHA-256 of the key is stored, plus its first characters for display;
 * - rotation keeps the replaced key working for a grace window (24 hours) unless stopped.
 */
export const KEY_PREFIX = "ptd_live_";
export const DISPLAY_PREFIX_LENGTH = KEY_PREFIX.length + 4;
export const ROTATION_GRACE_MS = 24 * 60 * 60 * 1000;

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

function base62(bytes: Buffer): string {
  let n = BigInt("0x" + bytes.toString("hex"));
  let out = "";
  while (n > 0n) {
    out = BASE62[Number(n % 62n)] + out;
    n /= 62n;
  }
  return out.padStart(33, "0");
}

export function hashKey(key: string): string {
  return crypto.createHash("sha256").update(key).digest("hex");
}

export function generateKey(): { key: string; hash: string; prefix: string } {
  const key = KEY_PREFIX + base62(crypto.randomBytes(24));
  return { key, hash: hashKey(key), prefix: key.slice(0, DISPLAY_PREFIX_LENGTH) };
}

/** What a key is called when nobody named it (the default of the column too). */
export const DEFAULT_KEY_NAME = "Default key";

/** Creates a key for a project and returns the only copy of it that will ever exist. */
export async function createKey(
  projectId: string,
  name: string = DEFAULT_KEY_NAME,
): Promise<{ apiKey: string; keyId: string }> {
  const { key, hash, prefix } = generateKey();
  const row = await db().apiKey.create({ data: { projectId, hash, prefix, name } });
  return { apiKey: key, keyId: row.id };
}

export class KeyNotFoundError extends Error {
  constructor() {
    super("No such active key in this project.");
  }
}

/**
 * Issues a new key; the replaced keys keep working for 24 hours (docs/spec.md §5.6). Without
 * `keyId` every active key of the project is replaced (the admin command's original meaning);
 * with it only that key, and the new key takes its name, so the others are untouched.
 */
export async function rotateKey(
  projectId: string,
  now = new Date(),
  options: { keyId?: string; name?: string } = {},
): Promise<{ apiKey: string; keyId: string; replaced: number }> {
  const { key, hash, prefix } = generateKey();
  const { row, replaced } = await db().$transaction(async (tx) => {
    const old = options.keyId
      ? await tx.apiKey.findFirst({ where: { id: options.keyId, projectId, state: "active" } })
      : null;
    if (options.keyId && !old) throw new KeyNotFoundError();
    const { count } = await tx.apiKey.updateMany({
      where: { projectId, state: "active", ...(old && { id: old.id }) },
      data: { state: "grace", graceUntil: new Date(now.getTime() + ROTATION_GRACE_MS) },
    });
    const name = options.name ?? old?.name ?? DEFAULT_KEY_NAME;
    return { row: await tx.apiKey.create({ data: { projectId, hash, prefix, name } }), replaced: count };
  });
  await announceKeysChanged();
  return { apiKey: key, keyId: row.id, replaced };
}

/**
 * "Stop accepting old key": ends grace windows at once. Without `keyId` every one of the project
 * (the admin command's original meaning); with it only that replaced key.
 */
export async function stopOldKeys(projectId: string, keyId?: string): Promise<number> {
  const { count } = await db().apiKey.updateMany({
    where: { projectId, state: "grace", ...(keyId && { id: keyId }) },
    data: { state: "revoked", graceUntil: null },
  });
  await announceKeysChanged();
  return count;
}

/** Revokes one key of the project at once, active or in grace: it is refused from now on. */
export async function revokeKey(projectId: string, keyId: string): Promise<boolean> {
  const { count } = await db().apiKey.updateMany({
    where: { id: keyId, projectId, state: { in: ["active", "grace"] } },
    data: { state: "revoked", graceUntil: null },
  });
  await announceKeysChanged();
  return count === 1;
}

export type KeyLookup = Awaited<ReturnType<typeof findKey>>;

/**
 * Finds the live key for a presented secret. The lookup is by hash (an index hit, which reveals
 * nothing about the secret's bytes); the stored hash is then compared in constant time anyway.
 */
export async function findKey(presented: string, now = new Date()) {
  const hash = hashKey(presented);
  const row = await lookUpKey(hash, now);
  if (!row) return null;
  if (!crypto.timingSafeEqual(Buffer.from(row.hash, "hex"), Buffer.from(hash, "hex"))) return null;
  const live =
    row.state === "active" || (row.state === "grace" && row.graceUntil !== null && row.graceUntil > now);
  if (!live) return null;
  // "Last used" for the dashboard, written at most once a minute per key so it costs no hot-path write.
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > 60_000) {
    row.lastUsedAt = now; // the cached copy too, so the next minute's requests write nothing
    // Conditional, so several processes sharing a key still write at most once a minute between them.
    const minuteAgo = new Date(now.getTime() - 60_000);
    void db()
      .apiKey.updateMany({
        where: { id: row.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: minuteAgo } }] },
        data: { lastUsedAt: now },
      })
      .catch(() => {});
  }
  return row;
}

/**
 * Known keys, kept in memory for a few seconds (API_KEY_CACHE_MS, default 5000; 0 turns it off) so
 * a request does not pay a database read to authenticate. Revoking or rotating a key empties the
 * cache of this process at once and, on PostgreSQL, of every other process through a NOTIFY they
 * LISTEN for; a process not listening (its connection dropped) does not cache at all. The TTL
 * bounds what a lost notification could cost (docs/decisions.md "API key lookups cached in
 * memory"). Unknown keys are never cached: a guess costs a read. Liveness (state, grace window) is
 * checked on every use against the cached row.
 */
const keyCache = singleton("auth.key-cache", () => new Map<string, { row: KeyRow; at: number }>());
const KEY_CACHE_MAX = 10_000;

type KeyRow = NonNullable<Awaited<ReturnType<typeof readKey>>>;

export function keyCacheMs(): number {
  return config().API_KEY_CACHE_MS;
}

function readKey(hash: string) {
  return db().apiKey.findUnique({
    where: { hash },
    include: { project: { include: { organization: true } } },
  });
}

const KEYS_CHANGED_CHANNEL = "ptd_keys_changed";

async function announceKeysChanged(): Promise<void> {
  forgetCachedKeys();
  if (dbConfig().kind !== "postgres") return; // PGlite: one process, cleared above
  await db().$executeRaw`SELECT pg_notify(${KEYS_CHANGED_CHANNEL}, '')`;
}

/** Whether cached keys may be used: always on PGlite; on PostgreSQL while key changes are heard. */
async function cacheUsable(): Promise<boolean> {
  if (dbConfig().kind !== "postgres") return true;
  if (!listeningTo(KEYS_CHANGED_CHANNEL)) {
    await listen(KEYS_CHANGED_CHANNEL, forgetCachedKeys, forgetCachedKeys).catch(() => {});
  }
  return listeningTo(KEYS_CHANGED_CHANNEL);
}

async function lookUpKey(hash: string, now: Date): Promise<KeyRow | null> {
  const ttl = (await cacheUsable()) ? keyCacheMs() : 0;
  const cached = keyCache.get(hash);
  if (cached && now.getTime() - cached.at < ttl) return cached.row;
  const row = await readKey(hash);
  if (row && ttl > 0) {
    if (keyCache.size >= KEY_CACHE_MAX) keyCache.clear();
    keyCache.set(hash, { row, at: now.getTime() });
  } else keyCache.delete(hash);
  return row;
}

/** Empties the key cache of this process (a key was revoked, rotated or its project changed). */
export function forgetCachedKeys(): void {
  keyCache.clear();
}
