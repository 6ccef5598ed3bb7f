/**
 * Variables whose value is a small language of its own. Each parser keeps the sentence its reader
 * threw before the configuration was one module (tests and operators know them).
 */
import net from "node:net";
import path from "node:path";
import ipaddr from "ipaddr.js";

/** Where the data lives: the embedded PGlite folder or a PostgreSQL URL (lib/db/config.ts). */
export type DatabaseConfig = { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string };

/** DATABASE_URL unset (or `pglite:<dir>`) selects the embedded PGlite folder; `postgres://…` PostgreSQL. */
export function parseDatabaseUrl(raw: string | undefined): DatabaseConfig {
  const url = raw?.trim();
  if (url && /^postgres(ql)?:\/\//.test(url)) return { kind: "postgres", url };
  if (url && url.startsWith("pglite:")) {
    const dir = url.slice("pglite:".length);
    return { kind: "pglite", dataDir: dir.startsWith("memory://") ? dir : path.resolve(dir) };
  }
  if (url)
    throw new Error(`DATABASE_URL must start with postgres:// or pglite: (got "${url.split(":")[0]}:…")`);
  return { kind: "pglite", dataDir: path.resolve("data/db") };
}

export interface TestHostsConfig {
  address: string;
  httpPort: number;
  httpsPort: number;
}

/** PAGE_TEST_HOSTS (docs/architecture.md §3), or null when unset/blank; loopback addresses only. */
export function parseTestHosts(value: string | undefined): TestHostsConfig | null {
  const raw = value?.trim();
  if (!raw) return null;
  // Split from the right so an IPv6 address (which contains colons) also works.
  const parts = raw.split(":");
  const httpsPort = Number(parts.pop());
  const httpPort = Number(parts.pop());
  const address = parts.join(":").replace(/^\[|\]$/g, "");
  const okPort = (p: number) => Number.isInteger(p) && p > 0 && p < 65536;
  if (!net.isIP(address) || !okPort(httpPort) || !okPort(httpsPort)) {
    throw new Error(`PAGE_TEST_HOSTS must look like 127.0.0.1:HTTP_PORT:HTTPS_PORT; got '${raw}'.`);
  }
  // Honouring any address would let whoever sets the variable point every `.test` fetch at an
  // internal host past the egress guard.
  if (ipaddr.process(address).range() !== "loopback") {
    throw new Error(
      `PAGE_TEST_HOSTS may only map .test hosts to a loopback address (127.0.0.0/8 or ::1); got '${address}'.`,
    );
  }
  return { address, httpPort, httpsPort };
}

export interface ResidentialExit {
  name: string;
  host: string;
  port: number;
}

/** RESIDENTIAL_EXITS, `host:port[,host:port…]`; a malformed entry throws (a typo must not silently shrink the pool). */
export function parseResidentialExits(raw: string | undefined): ResidentialExit[] {
  const items = (raw ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return items.map((item, i) => {
    const m = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(item);
    const port = Number(m?.[2]);
    if (!m || port < 1 || port > 65535)
      throw new Error(`RESIDENTIAL_EXITS entry '${item}' is not host:port.`);
    return { name: `exit-${i + 1}`, host: m[1]!.replace(/^\[|\]$/g, ""), port };
  });
}
