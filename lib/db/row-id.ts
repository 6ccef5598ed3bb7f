import crypto from "node:crypto";

/**
 * A new row id in cuid's shape (a "c" and 24 base-36 characters), as Prisma's default would give:
 * for rows written by SQL of our own (Prisma fills `@default(cuid())` itself; the database does not).
 */
export function newRowId(): string {
  const n = BigInt(`0x${crypto.randomBytes(16).toString("hex")}`);
  return `c${n.toString(36).padStart(25, "0").slice(-24)}`;
}
