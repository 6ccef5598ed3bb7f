import { describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config";
import { processRole, runsJobs } from "@/lib/server/role";

/** The configuration of an environment with only these variables. */
const only = (vars: Record<string, string>) => parseConfig(vars);

describe("PROCESS_ROLE", () => {
  const pg = { DATABASE_URL: "postgres://app@db/ptd" };

  it("defaults to all, which runs jobs, on either database", () => {
    expect(processRole(only({}))).toBe("all");
    expect(processRole(only({ ...pg, PROCESS_ROLE: " ALL " }))).toBe("all");
    expect(runsJobs("all")).toBe(true);
  });

  it("web enqueues only; worker runs the jobs", () => {
    expect(processRole(only({ ...pg, PROCESS_ROLE: "web" }))).toBe("web");
    expect(runsJobs("web")).toBe(false);
    expect(processRole(only({ ...pg, PROCESS_ROLE: "worker" }))).toBe("worker");
    expect(runsJobs("worker")).toBe(true);
  });

  it("refuses an unknown role, and split roles on the embedded database, saying what to do", () => {
    expect(() => processRole(only({ ...pg, PROCESS_ROLE: "api" }))).toThrow(/one of all, web, worker/);
    expect(() => processRole(only({ PROCESS_ROLE: "worker" }))).toThrow(/needs DATABASE_URL=postgres/);
    expect(() => processRole(only({ DATABASE_URL: "pglite:./x", PROCESS_ROLE: "web" }))).toThrow(
      /PROCESS_ROLE=all/,
    );
  });
});
