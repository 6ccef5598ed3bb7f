import { describe, expect, it } from "vitest";
import { OPERATIONS } from "@/lib/schemas/operations";
import { cacheKeyFor, requestHash } from "@/lib/store/keys";
import type { RunSpec } from "@/lib/schemas/run-spec";

/**
 * Cache keys are stored (CacheEntry.cacheKey): a key that changes for the same request makes every
 * stored result unreachable after a deploy. These keys were computed by the store's earlier code,
 * which named each operation's extra inputs itself; the records' `cacheInputs` must give the same.
 */
const base: RunSpec = {
  endpoint: "scrape",
  url: "https://example.com/a",
  operations: [],
  sync: true,
  maxAgeSeconds: 0,
  residential: false,
  pageOptions: { wait_until: "load" } as RunSpec["pageOptions"],
};
const shot: RunSpec = {
  ...base,
  screenshotOptions: {
    viewport_width: 1280,
    viewport_height: 800,
    device_scale_factor: 1,
    dark_mode: false,
    full_page: false,
    format: "png",
  } as unknown as RunSpec["screenshotOptions"],
};

describe("cache keys", () => {
  it("are the keys stored before, for every operation", () => {
    expect(Object.fromEntries(OPERATIONS.map((op) => [op, cacheKeyFor(op, base)]))).toEqual({
      html: "html:56eeefd309eadb1533b946a4d512a520e600143aba283270e8404eb613152ad0",
      markdown: "markdown:b8d2f903f04942fcc19032c82b87f2d5f8ab3c2caace0f5e8cd1b2d7a270848b",
      screenshot: "screenshot:6565b6a0c3c88db5a2187eae78cc0135939728a66c95e1e916241c7cad1a5074",
      meta: "meta:b587e8f51829ee36dc1a95305002cfbc441fa5f3250787e7caef061143dbc53b",
      summarize: "summarize:42561e95c31993e645e0b34a82ce18e51b103fda78ea141749f2b5b33d07eef2",
      keywords: "keywords:c3a6462f32b447b30f12b640ea814c35a10e0a74f5102cf71c6f3673ee497208",
      lighthouse: "lighthouse:0a58c92160f81b55426cf8dbcf2fa608e151277809302aa41cbf250ba485611c",
      console: "console:da6c72206f0919aead5cc48c7e5b3053df96374fb57dda5bbe7519656f1685c5",
    });
  });

  it("hold only the options that change the operation's result", () => {
    expect(cacheKeyFor("screenshot", shot)).toMatch(/^screenshot:ed078e881bce5999/);
    expect(cacheKeyFor("html", shot)).toBe(cacheKeyFor("html", base));
    const lh = { ...base, lighthouse: { device: "mobile" as const, includeAudits: false } };
    expect(cacheKeyFor("lighthouse", lh)).toMatch(/^lighthouse:b4986387845ddfcd/);
    expect(cacheKeyFor("markdown", { ...base, markdown: { includeTitle: true } })).toMatch(
      /^markdown:a01cb5e45a08188c/,
    );
    // Unset and explicitly off are the same request for Markdown.
    expect(cacheKeyFor("markdown", { ...base, markdown: { includeTitle: false } })).toBe(
      cacheKeyFor("markdown", base),
    );
  });

  it("and the idempotency hash does not depend on the order the client wrote fields in", () => {
    const reordered = Object.fromEntries(Object.entries(base).reverse()) as unknown as RunSpec;
    expect(requestHash(reordered)).toBe(requestHash(base));
    expect(requestHash({ ...base, url: "https://example.com/b" })).not.toBe(requestHash(base));
  });
});
