/**
 * The Markdown preview's URL policy: a page's Markdown may link and embed only what cannot run
 * script in the dashboard. Links: http, https and mailto; images: http, https and Base64 raster
 * data. Relative addresses resolve against the page's own URL; anything else is dropped (the link
 * text or the image's alt text stays).
 */
const RASTER_DATA = /^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]+$/i;

export function safeUrl(raw: string, baseUrl: string | undefined, kind: "link" | "image"): string | null {
  const trimmed = raw.trim();
  if (!trimmed) return null;
  if (kind === "image" && RASTER_DATA.test(trimmed)) return trimmed;
  let url: URL;
  try {
    url = baseUrl ? new URL(trimmed, baseUrl) : new URL(trimmed);
  } catch {
    return null;
  }
  const allowed = kind === "link" ? ["http:", "https:", "mailto:"] : ["http:", "https:"];
  return allowed.includes(url.protocol) ? url.toString() : null;
}
