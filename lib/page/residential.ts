/**
 * Residential exits (spec 2.1 `residential`): upstream HTTP proxies on home broadband, from env
 * RESIDENTIAL_EXITS (`host:port,host:port`). Each visit leases one exit for itself and gives it
 * back afterwards; when none is free the visit fails with `no_residential_exit` at once — the spec
 * forbids falling back to the standard network, and nothing has been fetched or spent.
 *
 * The exit's name is the proxy username the page's browser context sends to the egress proxy,
 * which chains the already-checked connection through that upstream (lib/net/proxy-upstream.ts).
 */
import { config, type Config, type ResidentialExit } from "@/lib/config";
import { OperationFailure } from "@/lib/failures";
import type { UpstreamMap } from "@/lib/net/egress-proxy";
import { singleton } from "@/lib/singleton";

export { parseResidentialExits, type ResidentialExit } from "@/lib/config";

export interface ExitLease {
  name: string;
  release(): void;
}

export function upstreamsFor(exits: readonly ResidentialExit[]): UpstreamMap {
  return Object.fromEntries(exits.map((e) => [e.name, { host: e.host, port: e.port }]));
}

export function residentialUpstreamsFromEnv(c: Config = config()): UpstreamMap {
  return upstreamsFor(c.RESIDENTIAL_EXITS);
}

/** Which exits are in use. One visit per exit at a time, handed out round-robin. */
export class ResidentialExits {
  private readonly busy = new Set<string>();
  private next = 0;

  constructor(readonly exits: readonly ResidentialExit[]) {}

  get free(): number {
    return this.exits.length - this.busy.size;
  }

  /** Lease a free exit or throw OperationFailure('no_residential_exit'); the spec says: fail, never fall back. */
  lease(): ExitLease {
    for (let i = 0; i < this.exits.length; i++) {
      const exit = this.exits[(this.next + i) % this.exits.length]!;
      if (this.busy.has(exit.name)) continue;
      this.next = (this.next + i + 1) % this.exits.length;
      this.busy.add(exit.name);
      let released = false;
      return {
        name: exit.name,
        release: () => {
          if (released) return;
          released = true;
          this.busy.delete(exit.name);
        },
      };
    }
    throw new OperationFailure(
      "no_residential_exit",
      this.exits.length === 0 ? "no residential exits configured" : "all residential exits busy",
    );
  }
}

/** The process-wide exit pool from RESIDENTIAL_EXITS (the same list the browser pool's egress proxy uses). */
export function getResidentialExits(): ResidentialExits {
  return singleton("residentialExits", () => new ResidentialExits(config().RESIDENTIAL_EXITS));
}
