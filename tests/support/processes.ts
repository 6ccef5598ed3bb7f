/** What /proc says about a process tree: who runs it, and whether Chromium's sandbox is on. */
import fs from "node:fs";
import { chromiumPathFromEnv } from "@/lib/page/config";

export interface ProcessInfo {
  pid: number;
  ppid: number;
  /** Process group (a server started with `detached: true` leads its own). */
  pgrp: number;
  /** Resident memory, bytes. */
  rssBytes: number;
  /** The name in /proc/<pid>/stat (at most 15 characters). */
  name: string;
  /** CPU time spent so far, user + system, in ms. */
  cpuMs: number;
  /** Real, effective, saved and filesystem uid. */
  uids: number[];
  /** 2 = seccomp-bpf filter active (Chromium's sandbox). */
  seccomp: number;
  userNamespace: string;
  exe: string;
  args: string[];
}

function read(pid: number): ProcessInfo | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    // "pid (name) state ppid … utime stime …": the name may hold spaces, so split after ")".
    const close = stat.lastIndexOf(")");
    const fields = stat.slice(close + 2).split(" ");
    return {
      pid,
      ppid: Number(fields[1]),
      pgrp: Number(fields[2]),
      rssBytes: Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024,
      name: stat.slice(stat.indexOf("(") + 1, close),
      cpuMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS,
      uids: /^Uid:\s+(.*)$/m.exec(status)![1]!.trim().split(/\s+/).map(Number),
      seccomp: Number(/^Seccomp:\s+(\d+)/m.exec(status)?.[1] ?? -1),
      userNamespace: fs.readlinkSync(`/proc/${pid}/ns/user`),
      exe: fs.readlinkSync(`/proc/${pid}/exe`),
      args: fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean),
    };
  } catch {
    return null; // gone, or a kernel thread
  }
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** Every live user-space process. */
export function allProcesses(): ProcessInfo[] {
  return fs
    .readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .map((d) => read(Number(d)))
    .filter((p): p is ProcessInfo => p !== null);
}

/**
 * Chromium main processes below `root`: the Chromium binary, not one of its --type= children (a
 * launcher script may stand between, as the server's does to run the DevTools pipe limit).
 */
export function browsersOf(root: number): number[] {
  const chromium = chromiumPathFromEnv();
  return descendantsOf(root)
    .filter((p) => p.exe === chromium && !p.args.join(" ").includes("--type="))
    .map((p) => p.pid);
}

/** Every live process descending from `root` (not `root` itself), among `all`. */
export function descendantsOf(root: number, all = allProcesses()): ProcessInfo[] {
  const parent = new Map(all.map((p) => [p.pid, p.ppid]));
  const under = (pid: number) => {
    for (let up = parent.get(pid); up; up = parent.get(up)) if (up === root) return true;
    return false;
  };
  return all.filter((p) => under(p.pid));
}

export function userNamespaceOf(pid: number | "self"): string {
  return fs.readlinkSync(`/proc/${pid}/ns/user`);
}

/** Listening TCP sockets (IPv4 and IPv6) among the open files of process `pid`. */
export function listeningSocketsOf(pid: number): string[] {
  const listening = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"])
    for (const line of fs.readFileSync(table, "utf8").split("\n").slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols[3] === "0A") listening.add(cols[9]!); // state LISTEN → inode
    }
  return fs
    .readdirSync(`/proc/${pid}/fd`)
    .map((fd) => {
      try {
        return fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        return "";
      }
    })
    .map((link) => /^socket:\[(\d+)\]$/.exec(link)?.[1])
    .filter((inode): inode is string => !!inode && listening.has(inode));
}
