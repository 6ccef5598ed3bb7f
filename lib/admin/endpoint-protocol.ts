/** What the admin command and the server's admin endpoint (./endpoint.ts) say to each other. */
export const ADMIN_PATH = "/admin";

/** The token file beside the database folder (mode 0600, written anew at every server start). */
export function adminTokenFile(dataDir: string): string {
  return `${dataDir}.admin-token`;
}

/** A command line (without the program name), or, in test mode only, one SQL statement. */
export type AdminRequest = { argv: string[] } | { sql: string; params?: unknown[] };

export type AdminReply =
  | { ok: true; result: unknown }
  | {
      ok: false;
      error: "usage" | "project_limit" | "failed" | "forbidden" | "unauthorized" | "bad_request";
      message: string;
      usage?: string;
    };
