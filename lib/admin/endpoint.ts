import crypto from "node:crypto";
import http from "node:http";
import ipaddr from "ipaddr.js";
import { config as settings } from "@/lib/config";
import { dbConfig } from "@/lib/db";
import { untilAllWritten } from "@/lib/requests/hit-rows";
import { advertiseAdminPort, getPglite } from "@/lib/db/pglite";
import { writePrivateFile } from "@/lib/db/permissions";
import { adminFailure, runAdminCommand } from "./commands";
import { ADMIN_PATH, adminTokenFile, type AdminReply, type AdminRequest } from "./endpoint-protocol";
import { singleton } from "@/lib/singleton";

/**
 * The server's admin endpoint (docs/architecture.md §4): how the admin command reaches the embedded
 * database while the server owns it, without ever sharing the server's PGlite session.
 *
 * - Its own HTTP listener on 127.0.0.1 and an ephemeral port, not a route of the public server: a
 *   reverse proxy on the same host makes every public request arrive from loopback, so only a port
 *   nobody proxies can tell the local operator from the internet.
 * - Every request must come from a loopback peer and carry the token that this start wrote to
 *   `<data dir>.admin-token` (mode 0600, new at every start), compared in constant time.
 * - Commands run in this process, through its one Prisma client, so they queue on PGlite like any
 *   API request instead of interleaving statements on one wire session.
 * - Tests only: with PTD_TEST_SQL=1 in the server's environment it also runs raw SQL (inspection,
 *   time travel). Off otherwise; the server logs a warning when it is on.
 */
const MAX_BODY_BYTES = 64 * 1024;

export function isLoopbackPeer(address: string | undefined): boolean {
  if (!address || !ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === "ipv6" && (ip as ipaddr.IPv6).isIPv4MappedAddress())
    ip = (ip as ipaddr.IPv6).toIPv4Address();
  return ip.range() === "loopback";
}

/** Constant-time token check (hashing first makes the lengths equal). */
export function tokenMatches(presented: string | undefined, expected: string): boolean {
  if (!presented) return false;
  const a = crypto.createHash("sha256").update(presented).digest();
  const b = crypto.createHash("sha256").update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/** Decides one request; separated from the listener so every refusal can be tested directly. */
export async function handleAdminRequest(
  req: {
    peer: string | undefined;
    method: string;
    path: string;
    authorization: string | undefined;
    body: string;
  },
  token: string,
  runSql: (sql: string, params: unknown[]) => Promise<unknown>,
): Promise<{ status: number; reply: AdminReply }> {
  if (!isLoopbackPeer(req.peer))
    return { status: 403, reply: { ok: false, error: "forbidden", message: "Loopback clients only." } };
  const presented = /^Bearer (\S+)$/.exec(req.authorization ?? "")?.[1];
  if (!tokenMatches(presented, token))
    return {
      status: 401,
      reply: { ok: false, error: "unauthorized", message: "Missing or wrong admin token." },
    };
  if (req.method !== "POST" || req.path !== ADMIN_PATH)
    return { status: 404, reply: { ok: false, error: "bad_request", message: `POST ${ADMIN_PATH} only.` } };
  let parsed: AdminRequest;
  try {
    parsed = JSON.parse(req.body) as AdminRequest;
  } catch {
    return { status: 400, reply: { ok: false, error: "bad_request", message: "The body must be JSON." } };
  }
  if ("argv" in parsed && Array.isArray(parsed.argv) && parsed.argv.every((a) => typeof a === "string")) {
    try {
      return { status: 200, reply: { ok: true, result: await runAdminCommand(parsed.argv) } };
    } catch (err) {
      return { status: 200, reply: { ok: false, ...adminFailure(err) } };
    }
  }
  if ("sql" in parsed && typeof parsed.sql === "string") {
    if (!settings().PTD_TEST_SQL)
      return {
        status: 403,
        reply: { ok: false, error: "forbidden", message: "Raw SQL is a test-only mode (PTD_TEST_SQL=1)." },
      };
    try {
      return { status: 200, reply: { ok: true, result: await runSql(parsed.sql, parsed.params ?? []) } };
    } catch (err) {
      return { status: 200, reply: { ok: false, error: "failed", message: (err as Error).message } };
    }
  }
  return {
    status: 400,
    reply: { ok: false, error: "bad_request", message: 'Send {"argv": [...]} with the command line.' },
  };
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error("body too large"));
        req.destroy();
      } else chunks.push(c);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** Starts the endpoint once per process, with the embedded file database only (see above). */
export function startAdminEndpoint(): Promise<void> {
  const config = dbConfig();
  if (config.kind !== "pglite" || config.dataDir.startsWith("memory://")) return Promise.resolve();
  const dataDir = config.dataDir;
  return singleton("adminEndpoint", async () => {
    const token = crypto.randomBytes(32).toString("base64url");
    writePrivateFile(adminTokenFile(dataDir), token + "\n");
    const pglite = getPglite(dataDir);
    const runSql = async (sql: string, params: unknown[]) => {
      await untilAllWritten(); // tests read what the server has answered, hits' rows included
      return (await pglite.query(sql, params)).rows;
    };
    if (settings().PTD_TEST_SQL)
      console.warn("[admin] PTD_TEST_SQL=1: the admin endpoint also runs raw SQL. For tests only.");
    const server = http.createServer((req, res) => {
      const answer = (status: number, reply: AdminReply) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(reply));
      };
      // Refuse strangers before reading a byte of their body.
      if (!isLoopbackPeer(req.socket.remoteAddress))
        return answer(403, { ok: false, error: "forbidden", message: "Loopback clients only." });
      readBody(req)
        .then((body) =>
          handleAdminRequest(
            {
              peer: req.socket.remoteAddress,
              method: req.method ?? "",
              path: (req.url ?? "").split("?")[0],
              authorization: req.headers.authorization,
              body,
            },
            token,
            runSql,
          ),
        )
        .then(({ status, reply }) => answer(status, reply))
        .catch((err: Error) => answer(400, { ok: false, error: "bad_request", message: err.message }));
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", resolve);
    });
    server.unref(); // never the reason the process stays alive
    advertiseAdminPort(dataDir, (server.address() as import("node:net").AddressInfo).port);
  });
}
