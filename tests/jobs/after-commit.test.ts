import { Inngest } from "inngest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { InngestDriver } from "@/lib/jobs/inngest-driver";
import { reloadConfig } from "@/lib/config";

/**
 * With Inngest an event leaves over HTTP and cannot join a database transaction: enqueue with `tx`
 * inside `transaction()` sends only after COMMIT, and never for a transaction that rolled back.
 * The client's `send` is spied on at the network edge; the database transaction is real (PGlite).
 */
describe("Inngest enqueue inside a transaction", () => {
  const quiet = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} };
  const client = new Inngest({ id: "after-commit-test", logger: quiet });
  const driver = new InngestDriver(client);

  beforeAll(() => {
    process.env.DATABASE_URL = "pglite:memory://after-commit";
    reloadConfig();
  });
  afterAll(async () => {
    const { closeDb } = await import("@/lib/db");
    await closeDb();
  });

  it("sends after the commit, when the row is visible", async () => {
    const { db, dbReady } = await import("@/lib/db");
    const { transaction } = await import("@/lib/jobs/after-commit");
    await dbReady();
    const visibleAtSend: boolean[] = [];
    const send = vi.spyOn(client, "send").mockImplementation(async () => {
      visibleAtSend.push((await db().organization.count({ where: { name: "committed" } })) === 1);
      return { ids: ["x"] };
    });
    await transaction(async (tx) => {
      await tx.organization.create({ data: { name: "committed" } });
      await driver.enqueue("visit", { token: "t" }, { tx });
      expect(send).not.toHaveBeenCalled();
    });
    expect(send).toHaveBeenCalledTimes(1);
    expect(visibleAtSend).toEqual([true]);
    send.mockRestore();
  });

  it("never sends for a transaction that rolled back", async () => {
    const { transaction } = await import("@/lib/jobs/after-commit");
    const send = vi.spyOn(client, "send").mockResolvedValue({ ids: ["x"] });
    await expect(
      transaction(async (tx) => {
        await tx.organization.create({ data: { name: "rolled-back" } });
        await driver.enqueue("visit", { token: "t" }, { tx });
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(send).not.toHaveBeenCalled();
    send.mockRestore();
  });
});
