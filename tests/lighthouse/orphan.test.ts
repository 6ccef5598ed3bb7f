import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Lighthouse's Chromium speaks over a port, not a pipe, so it would outlive a server killed with
 * SIGKILL (no exit handler runs then). It is started under `setpriv --pdeathsig KILL`.
 */
describe("the Lighthouse browser", () => {
  it("dies with its parent process, even when the parent is killed with SIGKILL", async () => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", path.join(ROOT, "tests/lighthouse/fixtures/launch-and-wait.ts")],
      {
        cwd: ROOT,
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    const pid = await new Promise<number>((resolve, reject) => {
      let out = "";
      child.stdout!.on("data", (d) => {
        out += String(d);
        const m = /pid (\d+)/.exec(out);
        if (m) resolve(Number(m[1]));
      });
      child.once("exit", () => reject(new Error(`child exited before launching: ${out}`)));
    });
    expect(alive(pid)).toBe(true);
    child.kill("SIGKILL");
    const deadline = Date.now() + 10_000;
    while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(alive(pid)).toBe(false);
  }, 60_000);
});
