import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashPassword, needsRehash, verifyPassword } from "@/lib/auth/password";

/** A hash as the previous release stored them (N=2^14), to prove old accounts still sign in. */
function legacyHash(password: string): string {
  const salt = crypto.randomBytes(16);
  const hash = crypto.scryptSync(password.normalize("NFKC"), salt, 64, { N: 16_384, r: 8, p: 1 });
  return ["scrypt", 16_384, 8, 1, salt.toString("base64"), hash.toString("base64")].join("$");
}

describe("password hashing (scrypt)", () => {
  it("hashes at N=2^17, r=8, p=1, verifies the right password and refuses a wrong one", async () => {
    const hash = await hashPassword("correct horse battery");
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("correct horse batterY", hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it("still verifies hashes made with the old parameters, and flags them for an upgrade", async () => {
    const old = legacyHash("old password");
    expect(await verifyPassword("old password", old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });

  it("treats malformed or absurd stored hashes as a mismatch, not an error", async () => {
    for (const bad of [
      "",
      "plain",
      "scrypt$x$8$1$AAAA$AAAA",
      "bcrypt$1$2$3$4$5",
      "scrypt$16384$8$1$$",
      "scrypt$1073741824$8$1$AAAA$AAAA", // would pin a core and 1 TiB of memory
    ]) {
      expect(await verifyPassword("pw", bad)).toBe(false);
    }
  });
});
