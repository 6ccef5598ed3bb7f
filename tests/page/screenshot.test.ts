/** The screenshot operation: every ScreenshotOptions field, checked on the decoded image. */
import { describe, expect, it } from "vitest";
import { FAILURES, OperationFailure } from "@/lib/failures";
import {
  createScreenshotOperation,
  screenshotOperation,
  screenshotVisitSettings,
} from "@/lib/operations/screenshot";
import { visitPage } from "@/lib/page/visit";
import { resolveScreenshotOptions, type ScreenshotOptions } from "@/lib/schemas/options";
import { formatOf, imageSize, pngFirstPixel } from "./image";
import { pageFixture } from "./setup";

const fx = pageFixture();

async function shoot(path: string, options: ScreenshotOptions, op = screenshotOperation): Promise<Buffer> {
  const o = resolveScreenshotOptions(options);
  const base64 = await visitPage(
    { organization: "org-test", url: `http://site.test${path}`, ...screenshotVisitSettings(o) },
    (snap) => op.run(snap, o),
    {
      pool: fx.pool,
    },
  );
  expect(base64).toMatch(/^[A-Za-z0-9+/]+=*$/);
  return Buffer.from(base64, "base64");
}

async function shootFailure(
  path: string,
  options: ScreenshotOptions,
  op = screenshotOperation,
): Promise<OperationFailure> {
  try {
    await shoot(path, options, op);
  } catch (err) {
    expect(err).toBeInstanceOf(OperationFailure);
    return err as OperationFailure;
  }
  throw new Error("expected a failure");
}

describe("screenshot", () => {
  it("defaults: full-page PNG at 1350 px wide", async () => {
    const img = await shoot("/tall?h=1500", {});
    expect(formatOf(img)).toBe("png");
    expect(imageSize(img)).toEqual({ width: 1350, height: 1500 });
  });

  it("full_page false captures the viewport only, at the requested size", async () => {
    const img = await shoot("/tall?h=3000", { full_page: false, viewport_width: 800, viewport_height: 600 });
    expect(imageSize(img)).toEqual({ width: 800, height: 600 });
  });

  it("full_page_max_height cuts a long page", async () => {
    const img = await shoot("/tall?h=5000", { full_page_max_height: 1200, viewport_width: 640 });
    expect(imageSize(img)).toEqual({ width: 640, height: 1200 });
  });

  it("device_scale_factor multiplies the pixels", async () => {
    const img = await shoot("/tall?h=400", {
      device_scale_factor: 2,
      viewport_width: 500,
      viewport_height: 300,
      full_page: false,
    });
    expect(imageSize(img)).toEqual({ width: 1000, height: 600 });
  });

  it("jpeg with quality: smaller at lower quality", async () => {
    const high = await shoot("/tall?h=800", {
      format: "jpeg",
      quality: 95,
      viewport_width: 600,
      viewport_height: 800,
      full_page: false,
    });
    const low = await shoot("/tall?h=800", {
      format: "jpeg",
      quality: 10,
      viewport_width: 600,
      viewport_height: 800,
      full_page: false,
    });
    expect(formatOf(high)).toBe("jpeg");
    expect(imageSize(low)).toEqual({ width: 600, height: 800 });
    expect(low.length).toBeLessThan(high.length);
  });

  it("webp with quality", async () => {
    const img = await shoot("/tall?h=900", { format: "webp", quality: 50, viewport_width: 700 });
    expect(formatOf(img)).toBe("webp");
    expect(imageSize(img)).toEqual({ width: 700, height: 900 });
  });

  it("webp of a 20,000 px page is not empty: cut at the format's 16,383 px limit", async () => {
    const img = await shoot("/tall?h=20000", { format: "webp", viewport_width: 400 });
    expect(formatOf(img)).toBe("webp");
    expect(imageSize(img)).toEqual({ width: 400, height: 16_383 });
  });

  it("webp at device_scale_factor 2 stays within the limit in device pixels", async () => {
    const img = await shoot("/tall?h=12000", { format: "webp", viewport_width: 320, device_scale_factor: 2 });
    expect(imageSize(img)).toEqual({ width: 640, height: 16_382 });
  });

  it("dark_mode renders the page's dark colour scheme", async () => {
    const light = await shoot("/dark", { full_page: false, viewport_width: 320, viewport_height: 240 });
    const dark = await shoot("/dark", {
      full_page: false,
      viewport_width: 320,
      viewport_height: 240,
      dark_mode: true,
    });
    expect(pngFirstPixel(light).slice(0, 3)).toEqual([255, 255, 255]);
    expect(pngFirstPixel(dark).slice(0, 3)).toEqual([0, 0, 0]);
  });

  it("omit_background gives a transparent PNG background", async () => {
    const opaque = await shoot("/transparent", {
      full_page: false,
      viewport_width: 320,
      viewport_height: 240,
    });
    const clear = await shoot("/transparent", {
      full_page: false,
      viewport_width: 320,
      viewport_height: 240,
      omit_background: true,
    });
    expect(pngFirstPixel(opaque)[3]).toBe(255);
    expect(pngFirstPixel(clear)[3]).toBe(0);
  });

  it("selector captures one element at its size", async () => {
    const img = await shoot("/elements", { selector: "#box", device_scale_factor: 2 });
    expect(imageSize(img)).toEqual({ width: 400, height: 200 });
    expect(pngFirstPixel(img).slice(0, 3)).toEqual([0, 170, 0]);
  });

  it("selector in webp", async () => {
    const img = await shoot("/elements", { selector: "#box", format: "webp" });
    expect(imageSize(img)).toEqual({ width: 200, height: 100 });
  });

  it("selector matching nothing → selector_not_found", async () => {
    const f = await shootFailure("/elements", { selector: "#missing" });
    expect(f.code).toBe("selector_not_found");
    expect(f.message).toBe(FAILURES.selector_not_found);
  });

  it("selector matching a zero-size element → selector_not_found", async () => {
    expect((await shootFailure("/elements", { selector: "#zero" })).code).toBe("selector_not_found");
  });

  it("invalid CSS in selector or hide_selectors → invalid_selector before loading", async () => {
    expect((await shootFailure("/elements", { selector: "#box >" })).code).toBe("invalid_selector");
    expect((await shootFailure("/elements", { hide_selectors: ["[x="] })).code).toBe("invalid_selector");
  });

  it("hide_selectors hides elements (pixels change, layout does not)", async () => {
    const opts: ScreenshotOptions = { full_page: false, viewport_width: 320, viewport_height: 240 };
    const shown = await shoot("/elements", opts);
    const hidden = await shoot("/elements", { ...opts, hide_selectors: ["#box"] });
    expect(pngFirstPixel(shown).slice(0, 3)).toEqual([0, 170, 0]);
    expect(pngFirstPixel(hidden).slice(0, 3)).toEqual([255, 255, 255]);
    expect(imageSize(hidden)).toEqual(imageSize(shown));
  });

  it("styles are injected before capture and removed afterwards", async () => {
    const o = resolveScreenshotOptions({
      full_page: false,
      viewport_width: 320,
      viewport_height: 240,
      styles: "body { background: rgb(255, 0, 0) !important; } #box { display: none; }",
    });
    const { img, after } = await visitPage(
      { organization: "org-test", url: "http://site.test/elements", ...screenshotVisitSettings(o) },
      async (snap) => ({
        img: Buffer.from(await screenshotOperation.run(snap, o), "base64"),
        after: await snap.page.evaluate("getComputedStyle(document.body).backgroundColor"),
      }),
      { pool: fx.pool },
    );
    expect(pngFirstPixel(img).slice(0, 3)).toEqual([255, 0, 0]);
    expect(after).toBe("rgba(0, 0, 0, 0)");
  });

  it("an image over the size limit → screenshot_too_large (limit lowered to 50 kB for the test)", async () => {
    const small = createScreenshotOperation({ maxBytes: 50_000 });
    const f = await shootFailure("/tall?h=8000", { device_scale_factor: 3, viewport_width: 1200 }, small);
    expect(f.code).toBe("screenshot_too_large");
    expect(f.message).toBe(FAILURES.screenshot_too_large);
  });
});
