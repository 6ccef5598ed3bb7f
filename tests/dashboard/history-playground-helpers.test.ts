import { describe, expect, it } from "vitest";
import { requestTimes } from "@/lib/dashboard/request-times";
import { requestAsSent } from "@/lib/dashboard/request-as-sent";
import { checkRequestBody } from "@/lib/dashboard/playground-check";
import { formFromQuery, linkFor } from "@/lib/dashboard/playground-link";
import { quote } from "@/lib/dashboard/playground-price";
import { playgroundFields } from "@/lib/dashboard/option-fields";
import { buildRequestBody, DEFAULT_FORM } from "@/lib/dashboard/playground-body";
import { formatSeconds, formatTimestamp } from "@/lib/dashboard/format";
import { validateRequest } from "@/lib/api/validate";
import { priceOf } from "@/lib/billing/prices";

const at = (ms: number) => new Date(Date.UTC(2026, 10, 27, 3, 41, 7) + ms);

describe("history times", () => {
  it("splits a finished request into queued and processing, adding up to the total", () => {
    expect(
      requestTimes({ createdAt: at(0), startedAt: at(10_658), finishedAt: at(11_100), processingMs: 442 }),
    ).toEqual({ queuedMs: 10_658, processingMs: 442, totalMs: 11_100, running: false });
  });
  it("a cache hit written after its answer never queues a negative time", () => {
    expect(requestTimes({ createdAt: at(5), startedAt: at(0), finishedAt: at(0), processingMs: 0 })).toEqual({
      queuedMs: 0,
      processingMs: 0,
      totalMs: 0,
      running: false,
    });
  });
  it("measures what still runs to now", () => {
    expect(
      requestTimes({ createdAt: at(0), startedAt: null, finishedAt: null, processingMs: null }, at(1500)),
    ).toEqual({
      queuedMs: 1500,
      processingMs: null,
      totalMs: null,
      running: true,
    });
  });
  it("prints milliseconds and the time zone", () => {
    expect(formatTimestamp(at(123))).toBe("27 Nov 2026, 03:41:07.123 UTC");
    expect(formatSeconds(442)).toBe("0.442 s");
    expect(formatSeconds(11_104)).toBe("11.104 s");
  });
});

describe("request as sent", () => {
  it("gives back the API's field names from the stored RunSpec", () => {
    const body = {
      url: "https://example.com/a",
      operations: ["screenshot", "markdown", "lighthouse"],
      max_age: "2 hours",
      page_options: { delay: 5 },
      screenshot_options: { format: "jpeg" },
      markdown_options: { include_title: true },
      device: "desktop",
      include_audits: "speed-index",
      residential: true,
    };
    const spec = validateRequest("scrape", body);
    const sent = requestAsSent({
      operation: "scrape",
      url: spec.url,
      options: spec,
      labels: null,
      reportTo: null,
      idempotencyKey: "k-1",
      sync: false,
    });
    expect(sent.path).toBe("/scrape");
    expect(sent.headers).toEqual({ "Idempotency-Key": "k-1" });
    expect(sent.body).toMatchObject({
      url: "https://example.com/a",
      operations: ["screenshot", "markdown", "lighthouse"],
      max_age: 7200,
      residential: true,
      page_options: { delay: 5 },
      screenshot_options: { format: "jpeg", viewport_width: 1350 },
      markdown_options: { include_title: true },
      device: "desktop",
      include_audits: "speed-index",
    });
    // What it shows is a request the API accepts, and the same one.
    expect(validateRequest("scrape", sent.body)).toEqual(spec);
    expect(JSON.stringify(sent)).not.toMatch(/pageOptions|maxAgeSeconds|screenshotOptions/);
  });
});

describe("Playground: checks, price and deep links", () => {
  const fields = playgroundFields();

  it("marks out-of-range fields with the API's wording, by field id", () => {
    expect(
      checkRequestBody("screenshot", {
        url: "https://example.com/",
        max_age: "forever",
        page_options: { delay: 20_000, remove_selectors: Array(51).fill("p") },
        screenshot_options: { viewport_width: 5000, quality: 0 },
        labels: Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, "v"])),
      }),
    ).toEqual({
      max_age: expect.stringContaining("could not be read"),
      "page_options.delay": "delay must be at most 10000",
      "page_options.remove_selectors": "remove_selectors can have at most 50 items",
      "screenshot_options.viewport_width": "viewport_width must be at most 1920",
      "screenshot_options.quality": "quality must be at least 1",
      labels: expect.stringContaining("16"),
    });
    expect(checkRequestBody("scrape", { url: "https://example.com/", operations: [] })).toEqual({
      operations: "operations must have at least 1 item(s)",
    });
    expect(checkRequestBody("markdown", buildRequestBody(DEFAULT_FORM, fields))).toEqual({});
  });

  it("prices from the admission's price list, residential per visit", () => {
    const form = {
      ...DEFAULT_FORM,
      endpoint: "scrape" as const,
      scrapeOperations: ["markdown", "lighthouse"] as const,
    };
    expect(quote({ ...form, scrapeOperations: [...form.scrapeOperations] }).total).toBe(
      priceOf(["markdown", "lighthouse"], false),
    );
    const residential = quote({
      ...form,
      scrapeOperations: [...form.scrapeOperations],
      values: { residential: "true" },
    });
    expect(residential.total).toBe(priceOf(["markdown", "lighthouse"], true));
    expect(residential.breakdown).toBe("markdown 1 + lighthouse 2 + residential 25 × 2 visits");
  });

  it("a link fills the form, and the form's link reads back as the same form", () => {
    const form = formFromQuery(
      {
        op: "scrape",
        url: "https://example.com/x",
        sync: "false",
        operations: "meta,bogus,html",
        "page_options.delay": "250",
        labels: "a=1\nb=2",
        unknown: "ignored",
      },
      fields,
    )!;
    expect(form).toMatchObject({
      endpoint: "scrape",
      url: "https://example.com/x",
      sync: false,
      scrapeOperations: ["html", "meta"],
      values: { "page_options.delay": "250", labels: "a=1\nb=2" },
    });
    const link = new URL(linkFor(form, fields, "p1"), "http://x");
    const again = formFromQuery(Object.fromEntries(link.searchParams), fields);
    expect(again).toEqual(form);
    expect(link.searchParams.get("project")).toBe("p1");
    expect(formFromQuery({ op: "nope" }, fields)).toBeNull();
  });
});
