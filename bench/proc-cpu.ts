import fs from "node:fs";

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

const TICK_MS = 10; // USER_HZ is 100 on Linux

export function cpuSample(root: number): CpuSample {
  const procs = new Map<number, { ppid: number; name: string; ms: number }>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // gone meanwhile
    }
    // "pid (name) state ppid … utime stime …": the name may hold spaces, so split after ")".
    const close = stat.lastIndexOf(")");
    const fields = stat.slice(close + 2).split(" ");
    procs.set(Number(entry), {
      ppid: Number(fields[1]),
      name: stat.slice(stat.indexOf("(") + 1, close),
      ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS,
    });
  }
  const underRoot = (pid: number): boolean => {
    for (let p = pid, hops = 0; p > 1 && hops < 64; hops++, p = procs.get(p)?.ppid ?? 0)
      if (p === root) return true;
    return false;
  };
  const sample: CpuSample = { server: 0, postgres: 0 };
  for (const [pid, p] of procs) {
    if (underRoot(pid)) sample.server += p.ms;
    else if (p.name.startsWith("postgres")) sample.postgres += p.ms;
  }
  return sample;
}
