import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * start.sh sets APP_URL to the address it prints (issue 26 point 5): the links in development mail
 * then open on the host the user is on, whose session cookie the browser holds.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const appUrl = (host: string, port: string) =>
  execFileSync("bash", ["-c", 'source scripts/lib.sh && app_url "$1" "$2"', "test", host, port], {
    cwd: ROOT,
    encoding: "utf8",
  }).trim();

describe("start.sh's APP_URL", () => {
  it("is the loopback host and port bound; localhost for any other bind address (never a public APP_URL)", () => {
    expect(appUrl("127.0.0.1", "3000")).toBe("http://127.0.0.1:3000");
    expect(appUrl("127.0.0.2", "3000")).toBe("http://127.0.0.2:3000");
    expect(appUrl("localhost", "4000")).toBe("http://localhost:4000");
    expect(appUrl("::1", "3000")).toBe("http://[::1]:3000");
    expect(appUrl("0.0.0.0", "3000")).toBe("http://localhost:3000");
    expect(appUrl("::", "3000")).toBe("http://localhost:3000");
    expect(appUrl("192.168.1.5", "3000")).toBe("http://localhost:3000");
  });

  it("is exported unless set, and is what start.sh prints", () => {
    const script = fs.readFileSync(path.join(ROOT, "scripts/start.sh"), "utf8");
    expect(script).toContain('export APP_URL="${APP_URL:-$(app_url "$HOST" "$PORT")}"');
    expect(script).toMatch(/Dashboard: +\$APP_URL\/dashboard/);
    expect(script).not.toContain("localhost:$PORT");
  });
});
