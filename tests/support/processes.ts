/** What /proc says about a process tree: who runs it, and whether Chromium's sandbox is on. */
import fs from "node:fs";

export interface ProcessInfo {
  pid: number;
  ppid: number;
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
    return {
      pid,
      ppid: Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]),
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

/** Every live process descending from `root` (not `root` itself). */
export function descendantsOf(root: number): ProcessInfo[] {
  const all = fs
    .readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .map((d) => read(Number(d)))
    .filter((p): p is ProcessInfo => p !== null);
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
