import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { RateLimiterMemory } from "rate-limiter-flexible";
import { db } from "@/lib/db";
import { ensureBooted } from "@/lib/server/boot";
import { dummyPasswordHash, verifyPassword } from "./password";

/**
 * Dashboard sign-in: next-auth v4, email + password (Credentials provider), JWT sessions.
 *
 * The session is an encrypted JWT cookie, so no session table is read per page; the user id rides
 * in the token's `sub`. Secrets: NEXTAUTH_SECRET when set (set it in production, the same value on
 * every instance). When unset, a random secret is generated once and kept in
 * ./data/.nextauth-secret (mode 0600) so sessions survive restarts of a single-machine install.
 * Set NEXTAUTH_URL (e.g. https://api.example.com) in production so cookies are marked Secure.
 */

declare module "next-auth" {
  interface Session {
    userId?: string;
  }
}

const SECRET_FILE = path.resolve("data/.nextauth-secret");

let secret: string | null = null;
export function authSecret(): string {
  if (secret) return secret;
  const fromEnv = process.env.NEXTAUTH_SECRET?.trim() || process.env.AUTH_SECRET?.trim();
  if (fromEnv) return (secret = fromEnv);
  try {
    secret = fs.readFileSync(SECRET_FILE, "utf8").trim();
    if (secret) return secret;
  } catch {
    /* not generated yet */
  }
  fs.mkdirSync(path.dirname(SECRET_FILE), { recursive: true });
  const fresh = crypto.randomBytes(32).toString("base64url");
  try {
    // "wx": when two processes start at once, exactly one writes and the other reads its value.
    fs.writeFileSync(SECRET_FILE, fresh + "\n", { flag: "wx", mode: 0o600 });
    secret = fresh;
  } catch {
    secret = fs.readFileSync(SECRET_FILE, "utf8").trim();
  }
  return secret;
}

// Slows password guessing: 10 failed attempts per address per 15 minutes, in this process.
const failures = new RateLimiterMemory({ points: 10, duration: 15 * 60 });

async function authorize(
  email: string,
  password: string,
): Promise<{ id: string; email: string; name: string | null } | null> {
  const normalized = email.trim().toLowerCase();
  if (!normalized || !password) return null;
  const blocked = await failures.get(normalized);
  if (blocked && blocked.remainingPoints <= 0) {
    throw new Error("Too many failed sign-in attempts for this address. Wait 15 minutes and try again.");
  }
  await ensureBooted();
  const user = await db().user.findUnique({ where: { email: normalized } });
  // Same work whether or not the account exists, so timing does not reveal registered addresses.
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user?.passwordHash || !ok) {
    await failures.penalty(normalized, 1);
    return null;
  }
  await failures.delete(normalized);
  return { id: user.id, email: user.email, name: user.name };
}

let options: NextAuthOptions | null = null;
let warnedUrl = false;

/** Built lazily: `next build` imports this module and must not create the secret file. */
export function authOptions(): NextAuthOptions {
  options ??= {
    secret: authSecret(),
    session: { strategy: "jwt", maxAge: 30 * 24 * 3600 },
    pages: { signIn: "/login" },
    logger: {
      // next-auth repeats its NEXTAUTH_URL warning on every request; say it once, with what it means here.
      warn(code) {
        if (code === "NEXTAUTH_URL") {
          if (warnedUrl) return;
          warnedUrl = true;
          console.warn(
            "[auth] NEXTAUTH_URL is not set: fine for a local install; in production set it to the public address so session cookies are marked Secure.",
          );
          return;
        }
        console.warn(`[next-auth][warn][${code}]`);
      },
      error(code, metadata) {
        console.error(`[next-auth][error][${code}]`, metadata);
      },
    },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
        },
        authorize: (credentials) => authorize(credentials?.email ?? "", credentials?.password ?? ""),
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user) token.sub = user.id;
        return token;
      },
      session({ session, token }) {
        session.userId = token.sub;
        return session;
      },
    },
  };
  return options;
}
