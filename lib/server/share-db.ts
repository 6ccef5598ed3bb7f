import { dbConfig } from "@/lib/db";
import { advertiseSocket, getPglite } from "@/lib/db/pglite";

/**
 * With the embedded database this process owns the PGlite folder; no other process may open it.
 * The admin command (and `psql`, for operators) reach it through a PostgreSQL-protocol socket on
 * loopback, advertised in the folder's lock file (ARCHITECTURE §4).
 */
const g = globalThis as unknown as { __pgliteSocket?: Promise<void> };

export function shareEmbeddedDatabase(): Promise<void> {
  const config = dbConfig();
  if (config.kind !== "pglite" || config.dataDir.startsWith("memory://")) return Promise.resolve();
  g.__pgliteSocket ??= (async () => {
    const { PGLiteSocketServer } = await import("@electric-sql/pglite-socket");
    const server = new PGLiteSocketServer({
      db: getPglite(config.dataDir),
      host: "127.0.0.1",
      port: 0,
      maxConnections: 4,
    });
    await server.start();
    const port = Number(server.getServerConn().split(":").pop());
    advertiseSocket(config.dataDir, port);
  })();
  return g.__pgliteSocket;
}
