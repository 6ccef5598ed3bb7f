import { z } from "zod";

/**
 * Page and screenshot options (docs/spec.md §2.2, §2.3, §8). `.strict()` everywhere: an unknown option is
 * `invalid_options`, never silently ignored, so a typo cannot cost a customer a wasted credit.
 */

const selector = z.string().min(1).max(1000);

export const pageOptionsSchema = z
  .object({
    wait_for_selector: selector
      .optional()
      .describe("Wait (at most 10 s) for an element matching this CSS selector."),
    delay: z
      .number()
      .int()
      .min(0)
      .max(10_000)
      .optional()
      .describe("Extra wait in milliseconds after the page settles."),
    block_ads: z.boolean().optional().describe("Block ads and trackers."),
    block_cookie_banners: z.boolean().optional().describe("Dismiss or block cookie consent banners."),
    remove_selectors: z
      .array(selector)
      .max(50)
      .optional()
      .describe("Elements removed before processing (CSS selectors, at most 50)."),
  })
  .strict();

export type PageOptions = z.infer<typeof pageOptionsSchema>;

export const screenshotOptionsSchema = z
  .object({
    full_page: z.boolean().optional().describe("Capture the whole page (default true)."),
    full_page_max_height: z
      .number()
      .int()
      .min(100)
      .max(16_384)
      .optional()
      .describe("Cap on the full-page height in CSS pixels."),
    viewport_width: z.number().int().min(320).max(1920).optional().describe("Viewport width (default 1350)."),
    viewport_height: z
      .number()
      .int()
      .min(240)
      .max(1080)
      .optional()
      .describe("Viewport height (default 797)."),
    device_scale_factor: z.number().int().min(1).max(3).optional().describe("Pixel ratio (default 1)."),
    selector: selector
      .optional()
      .describe("Capture only the first visible element matching this CSS selector."),
    format: z.enum(["png", "jpeg", "webp"]).optional().describe("Image format (default png)."),
    quality: z.number().int().min(1).max(100).optional().describe("jpeg and webp quality (default 80)."),
    omit_background: z.boolean().optional().describe("Transparent background (png, webp)."),
    dark_mode: z.boolean().optional().describe("Render with prefers-color-scheme: dark."),
    hide_selectors: z
      .array(selector)
      .max(50)
      .optional()
      .describe("Elements hidden (visibility: hidden) before capture."),
    styles: z
      .string()
      .max(20_000)
      .optional()
      .describe("CSS injected before capture (at most 20,000 characters)."),
  })
  .strict();

export type ScreenshotOptions = z.infer<typeof screenshotOptionsSchema>;

/** Screenshot options with the spec's defaults filled in: what the operation and the cache key see. */
export type ResolvedScreenshotOptions = Required<
  Pick<
    ScreenshotOptions,
    | "full_page"
    | "viewport_width"
    | "viewport_height"
    | "device_scale_factor"
    | "format"
    | "quality"
    | "omit_background"
    | "dark_mode"
  >
> &
  Pick<ScreenshotOptions, "full_page_max_height" | "selector" | "hide_selectors" | "styles">;

export function resolveScreenshotOptions(o: ScreenshotOptions = {}): ResolvedScreenshotOptions {
  return {
    full_page: o.full_page ?? true,
    viewport_width: o.viewport_width ?? 1350,
    viewport_height: o.viewport_height ?? 797,
    device_scale_factor: o.device_scale_factor ?? 1,
    format: o.format ?? "png",
    quality: o.quality ?? 80,
    omit_background: o.omit_background ?? false,
    dark_mode: o.dark_mode ?? false,
    ...(o.full_page_max_height !== undefined && { full_page_max_height: o.full_page_max_height }),
    ...(o.selector !== undefined && { selector: o.selector }),
    ...(o.hide_selectors?.length && { hide_selectors: o.hide_selectors }),
    ...(o.styles && { styles: o.styles }),
  };
}

export { OPERATIONS, type OperationName } from "./operations";
