import { describe, expect, it } from "vitest";
import { bucketByDay } from "@/lib/dashboard/usage";
import { safeCallbackPath } from "@/lib/dashboard/safe-redirect";
import { replyError } from "@/lib/dashboard/api-reply";

describe("usage buckets", () => {
  it("sums charges per UTC day and zero-fills the range", () => {
    const since = new Date("2026-03-01T00:00:00Z");
    const days = bucketByDay(
      [
        { credits: 1, createdAt: new Date("2026-03-01T23:59:59Z") },
        { credits: 5, createdAt: new Date("2026-03-01T00:00:00Z") },
        { credits: 17, createdAt: new Date("2026-03-03T12:00:00Z") },
        { credits: 99, createdAt: new Date("2026-04-01T00:00:00Z") }, // outside the range
      ],
      since,
      3,
    );
    expect(days).toEqual([
      { day: "2026-03-01", credits: 6 },
      { day: "2026-03-02", credits: 0 },
      { day: "2026-03-03", credits: 17 },
    ]);
  });
});

describe("callbackUrl after sign-in", () => {
  it("allows same-site paths only", () => {
    expect(safeCallbackPath("/dashboard/projects")).toBe("/dashboard/projects");
    for (const bad of [
      "https://evil.example/",
      "//evil.example/",
      "/\\evil.example",
      "javascript:alert(1)",
      undefined,
      "",
    ]) {
      expect(safeCallbackPath(bad)).toBe("/dashboard");
    }
  });
});

describe("API error replies", () => {
  it("reads the code and message of an error body, or falls back to the status", () => {
    const reply = (text: string) => ({ status: 422, contentType: "application/json", headers: {}, text });
    expect(replyError(reply('{"error":"invalid_url","message":"url must be public"}'))).toEqual({
      code: "invalid_url",
      message: "url must be public",
    });
    expect(replyError(reply("<html>oops</html>"))).toEqual({
      code: "HTTP 422",
      message: "<html>oops</html>",
    });
  });
});
