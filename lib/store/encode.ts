/**
 * Results are stored and served as text: the raw text for text operations (html, markdown,
 * screenshot, summarize) and JSON text for the rest, so a response is the stored bytes as they are.
 */
export function isJson(contentType: string): boolean {
  return contentType.startsWith("application/json");
}

export function encodeResult(value: unknown, contentType: string): string {
  if (isJson(contentType)) return JSON.stringify(value ?? null);
  return typeof value === "string" ? value : String(value ?? "");
}

export function decodeResult(body: string, contentType: string): unknown {
  return isJson(contentType) ? JSON.parse(body) : body;
}
