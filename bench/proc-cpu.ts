import { allProcesses, descendantsOf } from "../tests/support/processes";

/**
 * CPU time (user + system, ms) spent so far by a process tree and by the machine's PostgreSQL
 * processes, read from /proc. On a shared 2-core machine wall-clock rates swing by a third from
 * run to run; the CPU a request costs is steadier, so the load tables print it beside req/s.
 */
export interface CpuSample {
  /** The server: `root` and every process under it. */
  server: number;
  /** Every process named postgres* (the PostgreSQL side of a PostgreSQL run). */
  postgres: number;
}

export function cpuSample(root: number): CpuSample {
  const all = allProcesses();
  const server = new Set([root, ...descendantsOf(root, all).map((p) => p.pid)]);
  const sample: CpuSample = { server: 0, postgres: 0 };
  for (const p of all) {
    if (server.has(p.pid)) sample.server += p.cpuMs;
    else if (p.name.startsWith("postgres")) sample.postgres += p.cpuMs;
  }
  return sample;
}
