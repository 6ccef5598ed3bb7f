"use client";

import { useState } from "react";
import type { ImageFormat } from "@/lib/dashboard/playground-body";
import { buttonClass } from "@/components/ui/button";
import { ScrollBox } from "@/components/ui/scroll-box";
import { ViewToggle } from "@/components/ui/view-toggle";
import { Toolbar } from "./json-view";

/**
 * The format the Base64 itself says (its magic bytes), so a stored result shows right whatever
 * the request's options were called; `fallback` when the data names none of ours.
 */
export function sniffFormat(base64: string, fallback: ImageFormat): ImageFormat {
  if (base64.startsWith("iVBOR")) return "png";
  if (base64.startsWith("/9j/")) return "jpeg";
  if (base64.startsWith("UklGR")) return "webp";
  return fallback;
}

/**
 * A screenshot result: its pixel size and weight, a download, and a choice between fitting the
 * column and the actual size (scrolling in its own box). The image is our own API's data, as a
 * data: URL of a raster format: nothing in it can run.
 */
export function ScreenshotView({ base64, format }: { base64: string; format: ImageFormat }) {
  const clean = base64.trim();
  const type = sniffFormat(clean, format);
  const src = `data:image/${type};base64,${clean}`;
  const kb = Math.round((clean.length * 3) / 4 / 1024);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [fit, setFit] = useState<"fit" | "full">("fit");
  /** Reads the decoded size; the same size again leaves the state (and the render) as it was. */
  const measure = (el: HTMLImageElement | null) => {
    if (!el?.complete || !el.naturalWidth) return;
    const { naturalWidth: width, naturalHeight: height } = el;
    setSize((old) => (old?.width === width && old.height === height ? old : { width, height }));
  };
  return (
    <div data-testid="screenshot-view">
      <Toolbar>
        <span className="text-xs text-slate-600" data-testid="screenshot-size">
          {type.toUpperCase()} · {size ? `${size.width} × ${size.height} px` : "measuring…"} · {kb} KB
        </span>
        <ViewToggle
          value={fit}
          options={[
            { value: "fit", label: "Fit" },
            { value: "full", label: "Full size" },
          ]}
          onChange={setFit}
        />
        <a
          href={src}
          download={`screenshot.${type === "jpeg" ? "jpg" : type}`}
          className={buttonClass("secondary", "sm")}
          data-testid="screenshot-download"
        >
          Download
        </a>
      </Toolbar>
      <ScrollBox
        label="Screenshot"
        className="max-h-[40rem] rounded-md border border-slate-200 bg-[repeating-conic-gradient(#f1f5f9_0%_25%,#fff_0%_50%)] bg-[length:16px_16px]"
      >
        {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL from our API, not an optimisable asset */}
        <img
          // A server-rendered image may have loaded before React attached onLoad: measure on mount too.
          ref={measure}
          data-testid="screenshot-preview"
          src={src}
          alt="Screenshot result"
          onLoad={(e) => measure(e.currentTarget)}
          className={fit === "fit" ? "mx-auto block max-w-full" : "block max-w-none"}
        />
      </ScrollBox>
    </div>
  );
}
