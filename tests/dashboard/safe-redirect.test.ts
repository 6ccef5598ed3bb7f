import { describe, expect, it } from "vitest";
import { safeCallbackPath } from "@/lib/dashboard/safe-redirect";

const ORIGIN = "https://app.example";

/** What a browser does with the value: resolve it against the page it is on. */
const landsOn = (path: string) => new URL(path, `${ORIGIN}/login`);

/**
 * Open-redirect forms. Next.js hands the login page its query already percent-decoded once, so both
 * the decoded value (what arrives) and the still-encoded text (what a second decoding would see)
 * are tried.
 */
const ATTACKS = [
  "https://evil.example/",
  "http://evil.example",
  "//evil.example/",
  "///evil.example/",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "\t//evil.example",
  " //evil.example",
  "\\/evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/.//evil.example",
  "/./\\evil.example",
  "https://user:pass@evil.example/",
  "//user:pass@evil.example",
  "https:evil.example",
  "https:/evil.example",
  "http:\\\\evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  decodeURIComponent("%2F%09%2Fevil.example"),
  decodeURIComponent("%5C%2Fevil.example"),
  decodeURIComponent("%2F%5Cevil.example"),
  decodeURIComponent("%2F%2Fevil.example"),
  "%2F%09%2Fevil.example",
  "%5C%2Fevil.example",
  "%2F%2Fevil.example",
  "/%2F%2Fevil.example",
  "/%09/evil.example",
  "/%5Cevil.example",
  "https://app.example.evil.example/",
  "https://app.example@evil.example/",
];

describe("safeCallbackPath: callbackUrl after sign-in never leaves the origin", () => {
  it.each(ATTACKS)("%j stays on the origin", (attack) => {
    const path = safeCallbackPath(attack, "/dashboard", ORIGIN);
    const url = landsOn(path);
    expect(url.origin).toBe(ORIGIN);
    expect(url.username + url.password).toBe("");
    expect(path.startsWith("/")).toBe(true);
    expect(path.startsWith("//")).toBe(false);
    expect(path).not.toMatch(/[\\\t\r\n]/);
  });

  it("refuses, rather than rewrites, every value that resolves to another origin or scheme", () => {
    for (const attack of ATTACKS) {
      const resolved = (() => {
        try {
          return new URL(attack, `${ORIGIN}/login`);
        } catch {
          return null;
        }
      })();
      if (!resolved || resolved.origin !== ORIGIN || resolved.username) {
        expect(safeCallbackPath(attack, "/dashboard", ORIGIN), attack).toBe("/dashboard");
      }
    }
  });

  it("keeps same-origin paths, with their query and fragment", () => {
    expect(safeCallbackPath("/dashboard/projects", "/dashboard", ORIGIN)).toBe("/dashboard/projects");
    expect(safeCallbackPath("/playground?x=1#r", "/dashboard", ORIGIN)).toBe("/playground?x=1#r");
    expect(safeCallbackPath(`${ORIGIN}/dashboard/settings`, "/dashboard", ORIGIN)).toBe(
      "/dashboard/settings",
    );
    // The default origin is a private placeholder: relative paths only.
    expect(safeCallbackPath("/docs")).toBe("/docs");
    expect(safeCallbackPath(["/docs", "//evil.example"])).toBe("/docs");
  });

  it("falls back for nothing, an empty value or an unusable origin", () => {
    expect(safeCallbackPath(undefined)).toBe("/dashboard");
    expect(safeCallbackPath("")).toBe("/dashboard");
    expect(safeCallbackPath([])).toBe("/dashboard");
    expect(safeCallbackPath("/x", "/dashboard", "not a url")).toBe("/dashboard");
  });
});
