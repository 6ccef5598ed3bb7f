/**
 * Talking to the real server as a browser does: next-auth's credentials sign-in, and server actions
 * called by their id (what the dashboard's forms send), for black-box tests of account flows.
 */
import fs from "node:fs";
import path from "node:path";
import type { App } from "../support/app";
import { mailedLink } from "../support/accounts";

const ROOT = path.resolve(import.meta.dirname, "../..");

export interface ActionRef {
  id: string;
  /** A page whose bundle holds the action (where the browser would post it). */
  page: string;
}

/** The id Next.js gave the exported server action `name` of `file` (e.g. "lib/dashboard/actions/signup.ts"). */
export function actionId(file: string, name: string): ActionRef {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(ROOT, ".next/server/server-reference-manifest.json"), "utf8"),
  ) as {
    node: Record<string, { exportedName?: string; filename?: string; workers: Record<string, unknown> }>;
  };
  for (const [id, entry] of Object.entries(manifest.node)) {
    if (entry.exportedName !== name || !entry.filename?.endsWith(file)) continue;
    const page = Object.keys(entry.workers)
      .map(
        (w) =>
          w
            .replace(/^app/, "")
            .replace(/\/page$/, "")
            .replace(/\/\([^)]*\)/g, "") || "/",
      )
      .find((p) => !p.includes("["));
    if (page) return { id, page };
  }
  throw new Error(`no server action ${name} in ${file}`);
}

/** Calls a server action as the browser does; returns its result object. */
export async function callAction<T = Record<string, unknown>>(
  app: App,
  action: ActionRef,
  args: unknown[],
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await fetch(app.url + action.page, {
    method: "POST",
    headers: {
      accept: "text/x-component",
      "content-type": "text/plain;charset=UTF-8",
      "next-action": action.id,
      origin: app.url,
      ...headers,
    },
    body: JSON.stringify(args),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`action ${action.id} answered ${res.status}: ${text.slice(0, 300)}`);
  for (const line of text.split("\n")) {
    const m = /^[0-9a-f]+:(\{.*\})$/.exec(line);
    if (!m) continue;
    const value = JSON.parse(m[1]) as Record<string, unknown>;
    if ("ok" in value) return value as T;
  }
  throw new Error(`no action result in: ${text.slice(0, 300)}`);
}

/**
 * Signs in through next-auth's credentials endpoint. Returns null on success (with the session
 * cookie), else the error next-auth reports: "CredentialsSignin" for a wrong password, or the
 * throttle's sentence.
 */
export async function signIn(
  app: App,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<{ error: string | null; cookie: string }> {
  const csrf = await fetch(app.url + "/api/auth/csrf");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const res = await fetch(app.url + "/api/auth/callback/credentials", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, ...headers },
    body: new URLSearchParams({ email, password, csrfToken, json: "true", callbackUrl: "/dashboard" }),
    redirect: "manual",
  });
  const { url } = (await res.json()) as { url: string };
  const session = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { error: new URL(url, app.url).searchParams.get("error"), cookie: session };
}

/**
 * The id of server action `name` of `file`, to POST it to a page of one's choosing (e.g. a project
 * page, whose path holds an id `actionId` cannot guess).
 */
export function actionAt(file: string, name: string, page: string): ActionRef {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(ROOT, ".next/server/server-reference-manifest.json"), "utf8"),
  ) as { node: Record<string, { exportedName?: string; filename?: string }> };
  const found = Object.entries(manifest.node).find(
    ([, entry]) => entry.exportedName === name && entry.filename?.endsWith(file),
  );
  if (!found) throw new Error(`no server action ${name} in ${file}`);
  return { id: found[0], page };
}

/**
 * Signs out as the dashboard's button does (next-auth's POST /api/auth/signout with its CSRF
 * token), with the session cookie `cookie`.
 */
export async function signOut(app: App, cookie: string): Promise<number> {
  const csrf = await fetch(app.url + "/api/auth/csrf", { headers: { cookie } });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const csrfCookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const res = await fetch(app.url + "/api/auth/signout", {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: [cookie, csrfCookie].filter(Boolean).join("; "),
    },
    body: new URLSearchParams({ csrfToken, json: "true" }),
    redirect: "manual",
  });
  await res.text();
  return res.status;
}

export interface SignUpFields {
  name?: string;
  organization?: string;
  email: string;
  password: string;
}

/**
 * A new account as a person gets it: the sign-up action (which answers "check your email" and
 * signs nobody in), then the confirmation link from the email, opened. Returns what the sign-up
 * created: its organization and first project (no key yet).
 */
export async function signUpConfirmed(
  app: App,
  fields: SignUpFields,
  headers: Record<string, string> = {},
): Promise<{ organizationId: string; projectId: string }> {
  const r = await callAction<{ ok: boolean; error?: string }>(
    app,
    actionId("lib/dashboard/actions/signup.ts", "signUpAction"),
    [{ name: fields.name ?? "", organization: fields.organization ?? "", ...fields }],
    headers,
  );
  if (!r.ok) throw new Error(`sign-up of ${fields.email} refused: ${r.error}`);
  const confirmed = await fetch(await mailedLink(app, fields.email, "confirm"));
  if (!(await confirmed.text()).includes("Email address confirmed"))
    throw new Error(`the confirmation link of ${fields.email} did not confirm it`);
  const [row] = await app.sql<{ organizationId: string; projectId: string }>(
    `SELECT m."organizationId", p.id AS "projectId" FROM "User" u
       JOIN "Membership" m ON m."userId" = u.id AND m.role = 'owner'
       JOIN "Project" p ON p."organizationId" = m."organizationId"
     WHERE u.email = $1 ORDER BY p."createdAt" LIMIT 1`,
    [fields.email.toLowerCase()],
  );
  return row;
}

/** The first key of a project, made as an operator would (the dashboard's "Create key" does the same). */
export async function firstKey(app: App, projectId: string): Promise<string> {
  const { apiKey } = (await app.admin("key create", "--project", projectId)) as { apiKey: string };
  return apiKey;
}
