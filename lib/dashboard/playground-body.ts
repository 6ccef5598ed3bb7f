import { OPERATIONS, type OperationName } from "@/lib/schemas/operations";
import type { Endpoint } from "@/lib/schemas/request";

/**
 * The Playground's form → the API request body. Pure and client-safe (no zod at run time, so the
 * browser bundle stays small). Values the user typed are passed through even when invalid, so the
 * API's own 422 messages are what the Playground shows.
 */
export const PLAYGROUND_OPERATIONS = OPERATIONS;

export const PLAYGROUND_ENDPOINTS = [
  ...PLAYGROUND_OPERATIONS,
  "scrape",
] as const satisfies readonly Endpoint[];
export type PlaygroundEndpoint = (typeof PLAYGROUND_ENDPOINTS)[number];

export type ImageFormat = "png" | "jpeg" | "webp";

export interface PlaygroundForm {
  endpoint: PlaygroundEndpoint;
  url: string;
  sync: boolean;
  bypassCache: boolean;
  scrapeOperations: OperationName[];
  screenshot: {
    fullPage: boolean;
    format: ImageFormat;
    darkMode: boolean;
    viewportWidth: string;
    viewportHeight: string;
  };
  page: { waitForSelector: string; delay: string; removeSelectors: string };
}

export const DEFAULT_FORM: PlaygroundForm = {
  endpoint: "markdown",
  url: "https://example.com/",
  sync: true,
  bypassCache: false,
  scrapeOperations: ["markdown", "meta"],
  screenshot: { fullPage: true, format: "png", darkMode: false, viewportWidth: "", viewportHeight: "" },
  page: { waitForSelector: "", delay: "", removeSelectors: "" },
};

/** Whole numbers become numbers; anything else is sent as typed, for the API to refuse by name. */
function numberish(raw: string): number | string | undefined {
  const s = raw.trim();
  if (!s) return undefined;
  return /^-?\d+$/.test(s) ? Number(s) : s;
}

export function selectorList(raw: string): string[] {
  return raw
    .split(/\n|,(?![^[(]*[\])])/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export function usesScreenshot(form: Pick<PlaygroundForm, "endpoint" | "scrapeOperations">): boolean {
  return (
    form.endpoint === "screenshot" ||
    (form.endpoint === "scrape" && form.scrapeOperations.includes("screenshot"))
  );
}

export function buildRequestBody(form: PlaygroundForm): Record<string, unknown> {
  const body: Record<string, unknown> = { url: form.url.trim(), sync: form.sync };
  if (form.bypassCache) body.max_age = 0;
  if (form.endpoint === "scrape") body.operations = [...form.scrapeOperations];

  const page: Record<string, unknown> = {};
  if (form.page.waitForSelector.trim()) page.wait_for_selector = form.page.waitForSelector.trim();
  const delay = numberish(form.page.delay);
  if (delay !== undefined) page.delay = delay;
  const remove = selectorList(form.page.removeSelectors);
  if (remove.length) page.remove_selectors = remove;
  if (Object.keys(page).length) body.page_options = page;

  if (usesScreenshot(form)) {
    const shot: Record<string, unknown> = {
      full_page: form.screenshot.fullPage,
      format: form.screenshot.format,
      dark_mode: form.screenshot.darkMode,
    };
    const w = numberish(form.screenshot.viewportWidth);
    const h = numberish(form.screenshot.viewportHeight);
    if (w !== undefined) shot.viewport_width = w;
    if (h !== undefined) shot.viewport_height = h;
    body.screenshot_options = shot;
  }
  return body;
}

/** The same request as a curl command, for copying into a terminal with a real key. */
export function curlCommand(
  origin: string,
  endpoint: PlaygroundEndpoint,
  body: Record<string, unknown>,
): string {
  const json = JSON.stringify(body).replace(/'/g, "'\\''");
  return `curl -X POST ${origin}/${endpoint} \\\n  -H "Authorization: Bearer $PTD_API_KEY" \\\n  -H "Content-Type: application/json" \\\n  -d '${json}'`;
}
