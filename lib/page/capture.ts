/**
 * Screenshot primitives. png/jpeg go through Playwright; webp through CDP `Page.captureScreenshot`
 * (Playwright has no webp). Regions are in CSS pixels of the document; images come out in device
 * pixels (× deviceScaleFactor).
 */
import type { Page } from "playwright-core";
import { OperationFailure } from "@/lib/failures";
import { evaluateBounded, SMALL_RESULT_MAX_CHARS } from "./bounded-transfer";
import { isCdpMessageOverLimit } from "./sandbox";

export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type ImageFormat = "png" | "jpeg" | "webp";

export interface CaptureOptions {
  format: ImageFormat;
  /** jpeg and webp only. */
  quality: number;
  omitBackground: boolean;
  /** The page's device scale factor: CDP clips are scaled from CSS pixels by it. */
  deviceScaleFactor: number;
}

/**
 * WebP cannot encode more than 16,383 px per side (format limit); Chromium then returns 0 bytes
 * without an error. Regions are cut to this many device pixels before capturing.
 */
export const WEBP_MAX_DIMENSION = 16_383;

/** Size of the whole document in CSS pixels (measured in an isolated world: the page cannot fake it). */
export async function documentSize(page: Page): Promise<{ width: number; height: number }> {
  return evaluateBounded<{ width: number; height: number }>(
    page,
    `(() => {
    const d = document.documentElement, b = document.body;
    return {
      width: Math.max(d.clientWidth, d.scrollWidth, b ? b.scrollWidth : 0),
      height: Math.max(d.clientHeight, d.scrollHeight, b ? b.scrollHeight : 0),
    };
  })()`,
    SMALL_RESULT_MAX_CHARS,
  );
}

/** The element's box in document coordinates, or null when it does not exist or has no area. */
export async function elementRegion(page: Page, selector: string): Promise<Region | null> {
  return evaluateBounded<Region | null>(
    page,
    `((sel) => {
    const el = document.querySelector(sel);
    if (!el) return null;
    el.scrollIntoView({ block: "center", inline: "center" });
    const r = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (r.width < 1 || r.height < 1 || style.visibility === "hidden" || style.display === "none") return null;
    return { x: r.left + window.scrollX, y: r.top + window.scrollY, width: r.width, height: r.height };
  })(${JSON.stringify(selector)})`,
    SMALL_RESULT_MAX_CHARS,
  );
}

/** Cut `region` so that a webp of it stays within the format's size limit at `scale`. */
export function fitForWebp(region: Region, scale: number): Region {
  const max = Math.floor(WEBP_MAX_DIMENSION / scale);
  return { ...region, width: Math.min(region.width, max), height: Math.min(region.height, max) };
}

async function captureWebp(page: Page, region: Region | null, opts: CaptureOptions): Promise<Buffer> {
  const cdp = await page.context().newCDPSession(page);
  try {
    if (opts.omitBackground) {
      await cdp.send("Emulation.setDefaultBackgroundColorOverride", { color: { r: 0, g: 0, b: 0, a: 0 } });
    }
    const { data } = await cdp.send("Page.captureScreenshot", {
      format: "webp",
      quality: opts.quality,
      ...(region && { clip: { ...region, scale: opts.deviceScaleFactor }, captureBeyondViewport: true }),
    });
    if (opts.omitBackground) await cdp.send("Emulation.setDefaultBackgroundColorOverride", {});
    return Buffer.from(data, "base64");
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

/**
 * Capture `region` of the document (null = the viewport as it is). An image over the DevTools
 * pipe's limit (sandbox.ts; far above the result's byte limit) never reaches us: "too large".
 */
export async function capture(page: Page, region: Region | null, opts: CaptureOptions): Promise<Buffer> {
  try {
    return await captureImage(page, region, opts);
  } catch (err) {
    if (isCdpMessageOverLimit(err)) throw new OperationFailure("screenshot_too_large", String(err));
    throw err;
  }
}

function captureImage(page: Page, region: Region | null, opts: CaptureOptions): Promise<Buffer> {
  if (opts.format === "webp") return captureWebp(page, region, opts);
  return page.screenshot({
    type: opts.format,
    ...(opts.format === "jpeg" && { quality: opts.quality }),
    // JPEG has no alpha channel: a transparent background would come out black.
    ...(opts.format === "png" && { omitBackground: opts.omitBackground }),
    // With fullPage, `clip` is in document coordinates, so regions below the fold work.
    ...(region && { fullPage: true, clip: region }),
    animations: "disabled",
    caret: "hide",
  });
}
