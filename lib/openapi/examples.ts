import type { Endpoint } from "@/lib/schemas/request";
import type { ResultOf } from "@/lib/schemas/responses";

/**
 * One example request and result per endpoint for the OpenAPI document (its summary, description
 * and schema name are the endpoint's record, lib/schemas/operations.ts).
 */
interface EndpointExamples<E extends Endpoint> {
  request: Record<string, unknown>;
  result: ResultOf[E];
}

const url = "https://example.com/";

export const ENDPOINT_EXAMPLES: { [E in Endpoint]: EndpointExamples<E> } = {
  html: {
    request: { url, sync: true },
    result: "<!DOCTYPE html><html><head><title>Example Domain</title></head><body>…</body></html>",
  },
  markdown: {
    request: { url, sync: true, page_options: { block_cookie_banners: true } },
    result: "# Example Domain\n\nThis domain is for use in illustrative examples in documents.\n",
  },
  screenshot: {
    request: { url, sync: true, screenshot_options: { format: "jpeg", full_page: false } },
    result:
      "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/…",
  },
  meta: {
    request: { url, sync: true },
    result: {
      title: "Example Domain",
      description: "This domain is for use in illustrative examples in documents.",
      language: "en",
      main_image_url: null,
      favicon_url: "https://example.com/favicon.ico",
      author_name: null,
      feed_url: null,
      publication_date: null,
      additional_author_information: null,
    },
  },
  summarize: {
    request: { url, sync: true },
    result: "Example Domain is reserved for use in illustrative examples in documents.",
  },
  keywords: {
    request: { url, sync: true },
    result: ["example domain", "illustrative examples", "documents"],
  },
  lighthouse: {
    request: { url, sync: true, device: "desktop" },
    result: {
      url,
      fetchTime: "2026-11-22T10:00:00.000Z",
      device: "desktop",
      categories: { performance: { title: "Performance", score: 0.98 } },
      metrics: { first_contentful_paint_ms: 412, cumulative_layout_shift: 0 },
    },
  },
  console: {
    request: { url, sync: true },
    result: [{ type: "error", text: "Failed to load resource: the server responded with a status of 404" }],
  },
  scrape: {
    request: { url, sync: true, operations: ["markdown", "meta"] },
    result: {
      url,
      operations: {
        markdown: { success: true, result: "# Example Domain\n", cached: false },
        meta: {
          success: false,
          error: "The requested page was not found.",
          code: "not_found",
          cached: false,
        },
      },
    },
  },
};
