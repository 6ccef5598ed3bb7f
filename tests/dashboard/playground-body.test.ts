import { describe, expect, it } from "vitest";
import {
  buildRequestBody,
  DEFAULT_FORM,
  labelList,
  selectorList,
  type OptionField,
  type PlaygroundForm,
} from "@/lib/dashboard/playground-body";
import { playgroundFields } from "@/lib/dashboard/option-fields";
import { curlSnippet, pythonLiteral } from "@/lib/dashboard/snippets";
import { requestSchemas } from "@/lib/schemas/request";
import { pageOptionsSchema, screenshotOptionsSchema } from "@/lib/schemas/options";
import { ENDPOINTS } from "@/lib/schemas/operations";

const fields = playgroundFields();
const form = (over: Partial<PlaygroundForm>): PlaygroundForm => ({ ...DEFAULT_FORM, ...over });
const byId = (id: string): OptionField => {
  const f = fields.find((x) => x.id === id);
  if (!f) throw new Error(`no field ${id}`);
  return f;
};

/** A valid input for each kind, so every field can be shown to produce a body the API accepts. */
function sampleInput(f: OptionField): string {
  if (f.kind === "boolean") return "true";
  if (f.kind === "enum") return f.choices![f.choices!.length - 1];
  if (f.kind === "integer") return String(f.min ?? 1);
  if (f.kind === "list") return "nav\n.ad";
  if (f.kind === "labels") return "job=7\nteam = growth";
  if (f.kind === "number-or-text") return "2 hours";
  if (f.kind === "boolean-or-text") return "largest-contentful-paint,speed-index";
  if (f.name === "report_to") return "https://hooks.example.com/in";
  return f.name === "styles" ? "body { color: red }" : "#main";
}

describe("Playground fields come from the request schemas", () => {
  it("has a field for every option of every endpoint (page, screenshot, Lighthouse, request-level)", () => {
    const ids = new Set(fields.map((f) => f.id));
    for (const name of Object.keys(pageOptionsSchema.shape)) expect(ids).toContain(`page_options.${name}`);
    for (const name of Object.keys(screenshotOptionsSchema.shape))
      expect(ids).toContain(`screenshot_options.${name}`);
    for (const name of ["report_to", "max_age", "labels", "residential", "device", "include_audits"])
      expect(ids).toContain(name);
    expect(byId("screenshot_options.format").choices).toEqual(["png", "jpeg", "webp"]);
    expect(byId("screenshot_options.viewport_width")).toMatchObject({ kind: "integer", min: 320, max: 1920 });
    expect(byId("device").endpoints).toEqual(["lighthouse", "scrape"]);
  });

  it.each(ENDPOINTS)(
    "every field that applies to %s, filled in, gives a body its schema accepts",
    (endpoint) => {
      const values = Object.fromEntries(fields.map((f) => [f.id, sampleInput(f)]));
      const body = buildRequestBody(
        form({
          endpoint,
          url: "https://example.com/",
          values,
          scrapeOperations: ["screenshot", "lighthouse"],
        }),
        fields,
      );
      const parsed = requestSchemas[endpoint].safeParse(body);
      expect(parsed.error?.issues ?? []).toEqual([]);
      expect(body).toMatchObject({
        residential: true,
        labels: { job: "7", team: "growth" },
        max_age: "2 hours",
      });
    },
  );
});

describe("Playground request body", () => {
  it("sends only url and sync by default", () => {
    expect(buildRequestBody(form({ endpoint: "html", url: " http://article.test/ " }), fields)).toEqual({
      url: "http://article.test/",
      sync: true,
    });
  });

  it("adds an operation's own options only where that operation runs", () => {
    const values = {
      "screenshot_options.format": "jpeg",
      "screenshot_options.full_page": "false",
      device: "desktop",
    };
    expect(buildRequestBody(form({ endpoint: "screenshot", values }), fields)).toEqual({
      url: DEFAULT_FORM.url,
      sync: true,
      screenshot_options: { format: "jpeg", full_page: false },
    });
    expect(
      buildRequestBody(form({ endpoint: "scrape", scrapeOperations: ["meta"], values }), fields),
    ).toEqual({
      url: DEFAULT_FORM.url,
      sync: true,
      operations: ["meta"],
    });
    expect(
      buildRequestBody(
        form({ endpoint: "scrape", scrapeOperations: ["lighthouse", "screenshot"], values }),
        fields,
      ),
    ).toMatchObject({ device: "desktop", screenshot_options: { format: "jpeg" } });
  });

  it("passes values through, invalid ones included, so the API names the problem", () => {
    const values = {
      "page_options.wait_for_selector": "#main",
      "page_options.delay": "abc",
      "page_options.remove_selectors": "nav, .ad\nfooter",
      "page_options.block_ads": "true",
      max_age: "0",
      include_audits: "true",
    };
    expect(buildRequestBody(form({ endpoint: "lighthouse", sync: false, values }), fields)).toEqual({
      url: DEFAULT_FORM.url,
      sync: false,
      max_age: 0,
      include_audits: true,
      page_options: {
        wait_for_selector: "#main",
        delay: "abc",
        remove_selectors: ["nav", ".ad", "footer"],
        block_ads: true,
      },
    });
  });

  it("keeps commas inside selectors and reads labels as key=value lines", () => {
    expect(selectorList("a[title='x,y'], :is(h1, h2)")).toEqual(["a[title='x,y']", ":is(h1, h2)"]);
    expect(labelList("a=1\n\nb = x=y\nc")).toEqual({ a: "1", b: "x=y", c: "" });
  });
});

describe("copy-as snippets", () => {
  it("curl quotes the body and the Idempotency-Key for a POSIX shell", () => {
    const curl = curlSnippet({
      origin: "https://x.example",
      endpoint: "html",
      body: { url: "https://e.com/it's" },
      idempotencyKey: "a'b",
    });
    expect(curl).toContain(`-d '{"url":"https://e.com/it'\\''s"}'`);
    expect(curl).toContain(`-H 'Idempotency-Key: a'\\''b'`);
  });

  it("Python literals spell booleans and null the Python way", () => {
    expect(pythonLiteral({ a: true, b: [false, null], c: 'q"\n' }, 0)).toBe(
      '{\n    "a": True,\n    "b": [\n        False,\n        None,\n    ],\n    "c": "q\\"\\n",\n}',
    );
  });
});
