import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { ensureBooted } from "@/lib/server/boot";
import { clientAddress, type HeaderSource } from "./client-address";
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from "./password";
import { sessionSignedInAt } from "./session-time";
import { accountAtAddress, forget, spend } from "./throttle";

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
    /** When the user signed in (ms since the epoch): a later password reset voids the session. */
    signedInAt?: number;
  }
}

const SECRET_FILE = path.resolve("data/.nextauth-secret");

let secret: string | null = null;
export function authSecret(): string {
  if (secret) return secret;
  const fromEnv = config().NEXTAUTH_SECRET || config().AUTH_SECRET;
  if (fromEnv) return (secret = fromEnv);
  try {
    secret = fs.readFileSync(SECRET_FILE, "utf8").trim();
    if (secret) return secret;
  } catch {
    /* not generated yet */
  }
  fs.mkdirSync(path.dirname(SECRET_FILE), { recursive: true, mode: 0o700 });
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

/**
 * Email + password check (of a confirmed address), throttled per client address, per account at that address, and per
 * account over all addresses (lib/auth/throttle.ts). Every point is spent before the password is
 * verified, so of a parallel burst of guesses exactly the limit get verified. A stranger's guesses
 * block the account at the stranger's address only; the owner signs in from their own. A
 * successful sign-in clears the account's count at its address (not the address's, which one
 * valid account must not be able to reset, nor the total, a distributed guesser's budget).
 */
export async function authorize(
  email: string,
  password: string,
  headers: HeaderSource,
): Promise<{ id: string; email: string; name: string | null } | null> {
  const normalized = email.trim().toLowerCase();
  if (!normalized || !password) return null;
  await ensureBooted();
  const address = clientAddress(headers);
  const refusal =
    (await spend(
      "signInAddress",
      address,
      (wait) => `Too many sign-in attempts from your network. Try again in ${wait}.`,
    )) ??
    (await spend(
      "signInAccount",
      accountAtAddress(normalized, address),
      (wait) => `Too many sign-in attempts for this account. Try again in ${wait}, or reset your password.`,
    )) ??
    (await spend(
      "signInAccountTotal",
      normalized,
      (wait) =>
        `Too many sign-in attempts for this account from many networks. Reset your password to sign in now, or try again in ${wait}.`,
    ));
  if (refusal) throw new Error(refusal);
  const user = await db().user.findUnique({ where: { email: normalized } });
  // Same work whether or not the account exists, so timing does not reveal registered addresses.
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
  // An account whose address is not confirmed does not sign in, and is answered exactly as a
  // wrong password: otherwise signing in with the password typed into a sign-up form would tell
  // a new address (it works) from someone else's (it does not), which the sign-up answer hides.
  // The confirmation link, or a reset link (which confirms too), opens it.
  if (!user?.passwordHash || !ok || !user.emailVerified) return null;
  await forget("signInAccount", accountAtAddress(normalized, address));
  if (needsRehash(user.passwordHash)) {
    // Upgrade to today's parameters while the password is at hand; only if it did not change meanwhile.
    await db().user.updateMany({
      where: { id: user.id, passwordHash: user.passwordHash },
      data: { passwordHash: await hashPassword(password) },
    });
  }
  return { id: user.id, email: user.email, name: user.name };
}

/**
 * Ends every session of the user signed in until now (sign-out). All of them, not just the one
 * signing out: a stolen copy of this cookie is the same session, and the JWT carries nothing
 * a single session could be told apart by server-side without a session table (docs/decisions.md).
 */
export async function endSessions(userId: string): Promise<void> {
  await ensureBooted();
  await db().user.updateMany({ where: { id: userId }, data: { sessionsEndedAt: new Date() } });
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
        authorize: (credentials, req) =>
          authorize(credentials?.email ?? "", credentials?.password ?? "", req.headers ?? {}),
      }),
    ],
    events: {
      // The JWT cannot be recalled, so sign-out ends the account's sessions in the database:
      // every session signed in before now is refused by lib/dashboard/session.ts.
      async signOut(message) {
        // `token` is the decoded cookie; null at run time when it does not decode.
        const userId = (message.token as typeof message.token | null)?.sub;
        if (userId) await endSessions(userId);
      },
    },
    callbacks: {
      jwt({ token, user }) {
        if (user) {
          token.sub = user.id;
          // Milliseconds (`iat` has seconds): a reset in the same second as a sign-in must tell them apart.
          token.signedInAt = Date.now();
        }
        return token;
      },
      session({ session, token }) {
        session.userId = token.sub;
        session.signedInAt = sessionSignedInAt(token);
        return session;
      },
    },
  };
  return options;
}
