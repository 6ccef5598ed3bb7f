/**
 * Descriptions for request fields whose zod schema carries none, taken from the specification's
 * tables (§2.2–§2.4). The schema's own `.describe()` text always wins; this only fills gaps.
 */
export const FIELD_NOTES: Record<string, string> = {
  "Idempotency-Key":
    "Send the same key again with the same request to get the first request's token and result instead of running it again (24 hours).",
  "page_options.wait_for_selector": "Wait for this CSS selector to appear (at most 10 seconds).",
  "page_options.delay": "Extra wait in milliseconds after the page settles.",
  "page_options.block_ads": "Block ads. Default false.",
  "page_options.block_cookie_banners": "Block cookie banners. Default false.",
  "page_options.remove_selectors": "CSS selectors of elements removed before processing.",
  page_options: "How the page is loaded and prepared.",
  screenshot_options: "How the screenshot is taken.",
  "screenshot_options.full_page": "Capture the whole page. Default true.",
  "screenshot_options.full_page_max_height": "Cap on the full-page height in pixels.",
  "screenshot_options.viewport_width": "Viewport width in pixels. Default 1350.",
  "screenshot_options.viewport_height": "Viewport height in pixels. Default 797.",
  "screenshot_options.device_scale_factor": "Pixel ratio. Default 1.",
  "screenshot_options.selector": "Capture only this element.",
  "screenshot_options.format": "Image format. Default png.",
  "screenshot_options.quality": "JPEG/WebP quality. Default 80.",
  "screenshot_options.omit_background": "Transparent background. Default false.",
  "screenshot_options.dark_mode": "Render with a dark colour scheme. Default false.",
  "screenshot_options.hide_selectors": "CSS selectors of elements hidden before capture.",
  "screenshot_options.styles": "CSS injected before capture.",
  device: "Emulated device. Default mobile.",
  operations: "The operations to run from one visit, each listed once.",
};
