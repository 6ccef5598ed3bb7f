import { describe, expect, it } from "vitest";
import { apiReference, boundsOf, splitEnumeration, typeOf } from "@/lib/dashboard/api-reference";

describe("API reference view of the OpenAPI document", () => {
  const ref = apiReference("https://api.example.com/");

  it("lists the nine operation endpoints, GET /result/{token} and the whole-site endpoints, with their costs", () => {
    expect(ref.endpoints.map((e) => `${e.method} ${e.path}`).sort()).toEqual(
      ["console", "html", "keywords", "lighthouse", "markdown", "meta", "scrape", "screenshot", "summarize"]
        .map((p) => `POST /${p}`)
        .concat("GET /result/{token}")
        // Extensions (docs/spec-extensions.md): map, crawl and batch.
        .concat(["POST /map", "POST /crawl", "POST /batch"])
        .concat(["crawl", "batch"].flatMap((k) => [`GET /${k}/{token}`, `DELETE /${k}/{token}`]))
        .sort(),
    );
    const cost = Object.fromEntries(ref.endpoints.map((e) => [e.id, e.cost]));
    expect(cost).toMatchObject({
      html: "1 credit",
      meta: "5 credits",
      summarize: "17 credits",
      scrape: "Sum of the operations it runs",
    });
  });

  it("flattens request fields with types, bounds and descriptions", () => {
    const shot = ref.endpoints.find((e) => e.id === "screenshot")!;
    const field = (name: string) => shot.fields.find((f) => f.name === name);
    expect(field("url")).toMatchObject({ required: true, type: "string" });
    expect(field("screenshot_options.viewport_width")).toMatchObject({
      type: "integer",
      bounds: "320 to 1920",
      depth: 1,
    });
    expect(field("screenshot_options.format")?.type).toBe('"png" | "jpeg" | "webp"');
    expect(field("page_options.remove_selectors")?.bounds).toContain("at most 50 items");
    expect(shot.fields.every((f) => f.description.length > 0)).toBe(true);
    expect(shot.curl).toContain("curl -X POST https://api.example.com/screenshot");
    expect(shot.curl).toContain('"screenshot_options"');
  });

  it("splits the 422 failure enumeration into a list", () => {
    const html = ref.endpoints.find((e) => e.id === "html")!;
    const r422 = html.responses.find((r) => r.status === "422")!;
    expect(r422.items).toContain("The request timed out.");
    expect(splitEnumeration("plain")).toEqual({ description: "plain", items: [] });
  });

  it("describes JSON schema types and bounds", () => {
    expect(typeOf({ anyOf: [{ type: "number" }, { type: "string" }] })).toBe("number or string");
    expect(typeOf({ type: "object", additionalProperties: { type: "string" } })).toBe("object of string");
    expect(boundsOf({ minLength: 1, maxLength: 255 })).toBe("1–255 characters");
    expect(boundsOf({ minimum: 0 })).toBe("≥ 0");
  });
});
