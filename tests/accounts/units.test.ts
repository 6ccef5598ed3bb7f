/** The small rules behind the account hardening, each on its own. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseConfig, reloadConfig } from "@/lib/config";
import { clientAddress, trustedProxyHops } from "@/lib/auth/client-address";
import { handleAdminRequest, isLoopbackPeer, tokenMatches } from "@/lib/admin/endpoint";
import { makePrivate } from "@/lib/db/permissions";
import { checkEmailConfiguration, emailMode, linkBaseUrl } from "@/lib/email/mode";
import { PEER_HEADER } from "@/lib/server/peer-address";
import { sessionEnded, sessionSignedInAt } from "@/lib/auth/session-time";

describe("client address", () => {
  const h = (o: Record<string, string>) => new Headers(o);
  it("is the socket peer by default, whatever X-Forwarded-For claims", () => {
    expect(
      clientAddress(h({ [PEER_HEADER]: "127.0.0.1", "x-forwarded-for": "1.2.3.4" }), parseConfig({})),
    ).toBe("127.0.0.1");
    expect(clientAddress(h({ [PEER_HEADER]: "::ffff:10.0.0.7" }), parseConfig({}))).toBe("10.0.0.7");
    expect(clientAddress(h({ [PEER_HEADER]: "2001:db8:1:2:aaaa::1" }), parseConfig({}))).toBe(
      "2001:db8:1:2::/64",
    );
    expect(clientAddress(h({}), parseConfig({}))).toBe("unknown");
  });
  it("with TRUST_PROXY=N, the address the outermost trusted proxy appended", () => {
    const headers = h({ [PEER_HEADER]: "127.0.0.1", "x-forwarded-for": "9.9.9.9, 198.51.100.7, 10.0.0.2" });
    expect(clientAddress(headers, parseConfig({ TRUST_PROXY: "1" }))).toBe("10.0.0.2");
    expect(clientAddress(headers, parseConfig({ TRUST_PROXY: "2" }))).toBe("198.51.100.7");
    expect(
      clientAddress(
        h({ [PEER_HEADER]: "127.0.0.1", "x-forwarded-for": "junk" }),
        parseConfig({ TRUST_PROXY: "true" }),
      ),
    ).toBe("127.0.0.1");
    expect(trustedProxyHops(parseConfig({ TRUST_PROXY: "false" }))).toBe(0);
    expect(trustedProxyHops(parseConfig({}))).toBe(0);
  });
  it("reads next-auth's plain header objects too", () => {
    expect(clientAddress({ [PEER_HEADER]: "192.0.2.1" }, parseConfig({}))).toBe("192.0.2.1");
  });
});

describe("email mode and links", () => {
  it("the dev outbox is on only when asked, and a provider wins", () => {
    expect(emailMode(parseConfig({}))).toBe("log-only");
    expect(emailMode(parseConfig({ EMAIL_DEV_OUTBOX: "1" }))).toBe("dev-outbox");
    expect(emailMode(parseConfig({ EMAIL_DEV_OUTBOX: "1", RESEND_API_KEY: "re_x" }))).toBe("resend");
  });
  it("links come from APP_URL or the local port, never from a request", () => {
    expect(linkBaseUrl(parseConfig({ APP_URL: "https://api.example.com/some/path" }))).toBe(
      "https://api.example.com",
    );
    expect(linkBaseUrl(parseConfig({ PORT: "4000" }))).toBe("http://localhost:4000");
    expect(linkBaseUrl(parseConfig({}))).toBe("http://localhost:3000");
  });
  it("a public APP_URL without a mail provider refuses to start", () => {
    expect(() => checkEmailConfiguration(parseConfig({ APP_URL: "https://api.example.com" }))).toThrow(
      /RESEND_API_KEY/,
    );
    expect(() =>
      checkEmailConfiguration(parseConfig({ APP_URL: "https://api.example.com", EMAIL_DEV_OUTBOX: "1" })),
    ).toThrow(/local installs only/);
    expect(() =>
      checkEmailConfiguration(parseConfig({ APP_URL: "https://api.example.com", RESEND_API_KEY: "re_x" })),
    ).not.toThrow();
    expect(() => checkEmailConfiguration(parseConfig({ APP_URL: "http://127.0.0.1:3000" }))).not.toThrow();
    expect(() =>
      checkEmailConfiguration(parseConfig({ APP_URL: "http://localhost:3000", EMAIL_DEV_OUTBOX: "1" })),
    ).not.toThrow();
    expect(() => checkEmailConfiguration(parseConfig({}))).not.toThrow();
  });
});

describe("data folder permissions", () => {
  it("makes an old 0755 install private: folders 0700, files without group/other bits", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "ptd-perm-"));
    const data = path.join(root, "data");
    fs.mkdirSync(path.join(data, "db", "base"), { recursive: true, mode: 0o755 });
    fs.chmodSync(data, 0o755);
    fs.writeFileSync(path.join(data, ".nextauth-secret"), "s", { mode: 0o644 });
    fs.writeFileSync(path.join(data, "db", "base", "1"), "x", { mode: 0o664 });
    makePrivate(data);
    expect(fs.statSync(data).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(data, "db", "base")).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(data, ".nextauth-secret")).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(data, "db", "base", "1")).mode & 0o777).toBe(0o600);
    fs.rmSync(root, { recursive: true, force: true });
  });
});

describe("admin endpoint refusals", () => {
  const token = "t0ken-for-tests";
  const base = {
    method: "POST",
    path: "/admin",
    authorization: `Bearer ${token}`,
    body: '{"argv":["nope"]}',
  };
  const noSql = async () => {
    throw new Error("must not run");
  };
  it("refuses a non-loopback peer before anything else, even with the right token", async () => {
    for (const peer of ["203.0.113.9", "10.0.0.1", "::ffff:192.168.1.2", "2001:db8::1", undefined]) {
      const { status, reply } = await handleAdminRequest({ ...base, peer }, token, noSql);
      expect(status).toBe(403);
      expect(reply).toMatchObject({ ok: false, error: "forbidden" });
    }
    expect(isLoopbackPeer("127.0.0.1")).toBe(true);
    expect(isLoopbackPeer("::1")).toBe(true);
    expect(isLoopbackPeer("::ffff:127.0.0.1")).toBe(true);
  });
  it("refuses a missing or wrong token", async () => {
    for (const authorization of [undefined, "", "Bearer", `Bearer ${token}x`, token]) {
      const { status } = await handleAdminRequest(
        { ...base, peer: "127.0.0.1", authorization },
        token,
        noSql,
      );
      expect(status).toBe(401);
    }
    expect(tokenMatches(token, token)).toBe(true);
    expect(tokenMatches("short", token)).toBe(false);
  });
  it("runs raw SQL only in test mode (PTD_TEST_SQL=1)", async () => {
    const saved = process.env.PTD_TEST_SQL;
    delete process.env.PTD_TEST_SQL;
    reloadConfig();
    try {
      const sql = { ...base, peer: "127.0.0.1", body: '{"sql":"SELECT 1"}' };
      expect(await handleAdminRequest(sql, token, noSql)).toMatchObject({
        status: 403,
        reply: { error: "forbidden" },
      });
      process.env.PTD_TEST_SQL = "1";
      reloadConfig();
      expect(await handleAdminRequest(sql, token, async () => [{ one: 1 }])).toEqual({
        status: 200,
        reply: { ok: true, result: [{ one: 1 }] },
      });
    } finally {
      if (saved === undefined) delete process.env.PTD_TEST_SQL;
      else process.env.PTD_TEST_SQL = saved;
      reloadConfig();
    }
  });
});

describe("session ends at a reset or sign-out only when strictly older", () => {
  const at = Date.parse("2026-11-27T08:00:00.500Z");
  it("a sign-in in the same millisecond as the reset, or after it, stays signed in", () => {
    expect(sessionEnded(at, new Date(at), null)).toBe(false);
    expect(sessionEnded(at + 1, new Date(at), new Date(at - 5000))).toBe(false);
    expect(sessionEnded(at, null, null)).toBe(false);
  });
  it("a sign-in one millisecond before either event has ended", () => {
    expect(sessionEnded(at - 1, new Date(at), null)).toBe(true);
    expect(sessionEnded(at - 1, null, new Date(at))).toBe(true);
  });
  it("the sign-in time is the token's milliseconds, not iat's seconds rounded down", () => {
    const token = { signedInAt: at + 100, iat: Math.floor((at + 100) / 1000) };
    // With iat alone, a sign-in 100 ms after a reset in the same second would look 400 ms older.
    expect(sessionEnded(token.iat * 1000, new Date(at))).toBe(true);
    expect(sessionSignedInAt(token)).toBe(at + 100);
    expect(sessionEnded(sessionSignedInAt(token), new Date(at))).toBe(false);
  });
  it("a token without the stamp falls back to iat, and without either counts as oldest", () => {
    expect(sessionSignedInAt({ iat: 1_700_000_000 })).toBe(1_700_000_000_000);
    expect(sessionSignedInAt({})).toBe(0);
    expect(sessionEnded(sessionSignedInAt({}), new Date(0))).toBe(false);
    expect(sessionEnded(sessionSignedInAt({}), new Date(1))).toBe(true);
  });
});
