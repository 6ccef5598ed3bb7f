import type { Endpoint } from "@/lib/schemas/request";
import type { ResultOf } from "@/lib/schemas/responses";

/** Per-operation prose and one example request and result for the OpenAPI document. */
export const RESULT_SCHEMA_NAMES: Record<Endpoint, string> = {
  html: "HtmlResult",
  markdown: "MarkdownResult",
  screenshot: "ScreenshotResult",
  meta: "Metadata",
  summarize: "SummaryResult",
  keywords: "KeywordsResult",
  lighthouse: "LighthouseResult",
  console: "ConsoleResult",
  scrape: "ScrapeResult",
};

interface EndpointDocs<E extends Endpoint> {
  summary: string;
  description: string;
  request: Record<string, unknown>;
  result: ResultOf[E];
}

const url = "https://example.com/";

export const ENDPOINT_DOCS: { [E in Endpoint]: EndpointDocs<E> } = {
  html: {
    summary: "Rendered HTML of the page",
    description: "The DOM after the page's scripts ran, serialized as HTML.",
    request: { url, sync: true },
    result: "<!DOCTYPE html><html><head><title>Example Domain</title></head><body>…</body></html>",
  },
  markdown: {
    summary: "Main content as Markdown",
    description: "The article or main content of the page (navigation and boilerplate removed) as Markdown.",
    request: { url, sync: true, page_options: { block_cookie_banners: true } },
    result: "# Example Domain\n\nThis domain is for use in illustrative examples in documents.\n",
  },
  screenshot: {
    summary: "Screenshot as a Base64 image",
    description: "A png, jpeg or webp image of the page or of one element, Base64-encoded.",
    request: { url, sync: true, screenshot_options: { format: "jpeg", full_page: false } },
    result:
      "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/…",
  },
  meta: {
    summary: "Page metadata",
    description: "Title, description, language, images, author, feed and publication date.",
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
    summary: "Summary of the main content",
    description: "A short summary of the main content (the X-Produced-By header says which method wrote it).",
    request: { url, sync: true },
    result: "Example Domain is reserved for use in illustrative examples in documents.",
  },
  keywords: {
    summary: "Keywords of the main content",
    description: "The main content's keywords and keyphrases, most relevant first.",
    request: { url, sync: true },
    result: ["example domain", "illustrative examples", "documents"],
  },
  lighthouse: {
    summary: "Lighthouse audit",
    description: "Category scores (0–1) and lab metrics; every audit with include_audits.",
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
    summary: "Browser console errors, warnings and exceptions",
    description: "What the page wrote to the console while loading.",
    request: { url, sync: true },
    result: [{ type: "error", text: "Failed to load resource: the server responded with a status of 404" }],
  },
  scrape: {
    summary: "Several operations from one visit",
    description: "Runs the listed operations on one visit of the page; each succeeds or fails on its own.",
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
