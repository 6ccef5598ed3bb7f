/**
 * `screenshot` (spec 2.3): a Base64 image of the page, the full page or one element.
 *
 * Viewport, device scale factor and dark mode are properties of the page the visit opens, so the
 * caller passes `screenshotVisitSettings(opts)` into visitPage; the selectors are validated there too,
 * before anything is fetched. Decisions:
 *  - a full-page capture is never taller than 16,384 CSS px (the largest full_page_max_height),
 *    so a page that never ends cannot make a gigabyte bitmap;
 *  - webp cannot exceed 16,383 px per side (format limit; Chromium then silently returns 0 bytes),
 *    so a webp capture is cut at that many device pixels, as if full_page_max_height were set;
 *  - a capture is never wider than the viewport (issue 27): a page's own or injected styles can make
 *    the document 20,000 px wide; full-page captures grow downwards only, and an element capture
 *    keeps the viewport's width from its left edge;
 *  - a capture needing more than MAX_SCREENSHOT_PIXELS device pixels (width × height × scale²) is
 *    refused before the browser renders it, with the spec's "too large" answer (nothing spent): its
 *    bitmap alone would take gigabytes of the browser every organization shares;
 *  - hide_selectors use `visibility: hidden` (layout unchanged), styles are injected as given, and
 *    both are removed again afterwards so other operations of a scrape see the page as it was.
 */
import { OperationFailure } from "@/lib/failures";
import type { ResolvedScreenshotOptions } from "@/lib/schemas/options";
import { capture, documentSize, elementRegion, fitForWebp, type Region } from "@/lib/page/capture";
import type { PageSnapshot, VisitRequest } from "@/lib/page/types";
import type { Operation } from "./types";

/** Spec 8: screenshot image size. */
export const MAX_SCREENSHOT_BYTES = 20 * 1024 * 1024;
export const MAX_FULL_PAGE_HEIGHT = 16_384;
/**
 * Device pixels one capture may render: 2^26, a 256 MiB RGBA bitmap. The default full page (1,350 ×
 * 16,384 CSS px at scale 1) needs 22 M; the widest viewport at scale 3 fits 3,883 CSS px of height.
 */
export const MAX_SCREENSHOT_PIXELS = 2 ** 26;

/** What the visit must be opened with for these options. */
export function screenshotVisitSettings(
  o: ResolvedScreenshotOptions,
): Required<Pick<VisitRequest, "viewport" | "deviceScaleFactor" | "colorScheme" | "extraSelectors">> {
  return {
    viewport: { width: o.viewport_width, height: o.viewport_height },
    deviceScaleFactor: o.device_scale_factor,
    colorScheme: o.dark_mode ? "dark" : "light",
    extraSelectors: [...(o.selector ? [o.selector] : []), ...(o.hide_selectors ?? [])],
  };
}

function hideCss(selectors: readonly string[]): string {
  return selectors.map((s) => `${s} { visibility: hidden !important; }`).join("\n");
}

async function region(snap: PageSnapshot, o: ResolvedScreenshotOptions): Promise<Region | null> {
  const maxWidth = snap.settings.viewport.width;
  if (o.selector) {
    const box = await elementRegion(snap.page, o.selector);
    if (!box) throw new OperationFailure("selector_not_found", o.selector);
    return { ...box, width: Math.min(box.width, maxWidth) };
  }
  if (!o.full_page) return null;
  const size = await documentSize(snap.page);
  const cap = Math.min(o.full_page_max_height ?? MAX_FULL_PAGE_HEIGHT, MAX_FULL_PAGE_HEIGHT);
  return { x: 0, y: 0, width: Math.min(size.width, maxWidth), height: Math.min(size.height, cap) };
}

/** Device pixels a capture of `clip` (null: the viewport) renders. */
export function capturePixels(clip: Region | null, snap: Pick<PageSnapshot, "settings">): number {
  const { viewport, deviceScaleFactor: scale } = snap.settings;
  const { width, height } = clip ?? viewport;
  return Math.ceil(width * scale) * Math.ceil(height * scale);
}

export interface ScreenshotLimits {
  maxBytes: number;
  maxPixels?: number;
}

/** The operation with its limits injectable (tests lower maxBytes instead of rendering 20 MB). */
export function createScreenshotOperation(
  limits: ScreenshotLimits = { maxBytes: MAX_SCREENSHOT_BYTES, maxPixels: MAX_SCREENSHOT_PIXELS },
): Operation<string, ResolvedScreenshotOptions> {
  return {
    name: "screenshot",
    async run(snap, o) {
      const { page } = snap;
      // Normally set when the visit opened the page; applied here if the caller did not.
      if ((o.dark_mode ? "dark" : "light") !== snap.settings.colorScheme) {
        await page.emulateMedia({ colorScheme: o.dark_mode ? "dark" : "light" });
      }
      const css = [o.hide_selectors?.length ? hideCss(o.hide_selectors) : "", o.styles ?? ""]
        .filter(Boolean)
        .join("\n");
      const injected = css ? await page.addStyleTag({ content: css }) : null;
      try {
        let clip = await region(snap, o);
        if (o.format === "webp") {
          // The viewport itself can be too big for webp only at sizes the options forbid; regions can.
          clip = clip ? fitForWebp(clip, snap.settings.deviceScaleFactor) : null;
        }
        const pixels = capturePixels(clip, snap);
        if (pixels > (limits.maxPixels ?? MAX_SCREENSHOT_PIXELS))
          throw new OperationFailure(
            "screenshot_too_large",
            `${pixels} device pixels, refused before capture`,
          );
        const image = await capture(page, clip, {
          format: o.format,
          quality: o.quality,
          omitBackground: o.omit_background,
          deviceScaleFactor: snap.settings.deviceScaleFactor,
        });
        if (image.length === 0)
          throw new OperationFailure("unexpected", "the browser returned an empty image");
        if (image.length > limits.maxBytes)
          throw new OperationFailure("screenshot_too_large", `${image.length} bytes`);
        return image.toString("base64");
      } finally {
        await injected?.evaluate((el) => (el as unknown as Element).remove()).catch(() => undefined);
      }
    },
  };
}

export const screenshotOperation = createScreenshotOperation();
