import { beforeAll, describe, expect, it } from "vitest";
import { reloadConfig } from "@/lib/config";
import { DEV_OUTBOX_PASS_TTL_MS, issueDevOutboxPass, readDevOutboxPass } from "@/lib/auth/dev-outbox-pass";

/** The signed-out dev outbox's pass (issue 26 point 5): it names one address, briefly, unforgeably. */
describe("dev outbox pass", () => {
  beforeAll(() => {
    process.env.NEXTAUTH_SECRET = "a test secret that is long enough";
    reloadConfig();
  });
  const now = Date.UTC(2026, 10, 27, 4, 0);

  it("reads back the address and the time it was issued", () => {
    const pass = issueDevOutboxPass("ada@example.com", now);
    expect(readDevOutboxPass(pass, now + 1000)).toEqual({ email: "ada@example.com", issuedAt: now });
  });

  it("expires after its time to live, and refuses a time in the future", () => {
    const pass = issueDevOutboxPass("ada@example.com", now);
    expect(readDevOutboxPass(pass, now + DEV_OUTBOX_PASS_TTL_MS)).not.toBeNull();
    expect(readDevOutboxPass(pass, now + DEV_OUTBOX_PASS_TTL_MS + 1)).toBeNull();
    expect(readDevOutboxPass(pass, now - 1)).toBeNull();
  });

  it("refuses a pass whose address or time was changed, and garbage", () => {
    const [, mac] = issueDevOutboxPass("ada@example.com", now).split(".");
    const other = Buffer.from(JSON.stringify({ e: "bob@example.com", t: now })).toString("base64url");
    const later = Buffer.from(JSON.stringify({ e: "ada@example.com", t: now + 60_000 })).toString(
      "base64url",
    );
    expect(readDevOutboxPass(`${other}.${mac}`, now)).toBeNull();
    expect(readDevOutboxPass(`${later}.${mac}`, now + 60_000)).toBeNull();
    for (const junk of [undefined, "", "abc", "a.b", "a.b.c", `${other}.`])
      expect(readDevOutboxPass(junk, now)).toBeNull();
  });
});
