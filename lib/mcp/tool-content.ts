import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

/**
 * API responses as MCP tool content an agent can use: images as image content (a screenshot, and
 * a scrape's or get_result's screenshot too), never Base64 text; text bounded to `max_chars` with
 * the rest reachable by get_result and an offset, so one call cannot flood an agent's context.
 */

/** Characters of text a tool answers by default, and at most. */
export const MAX_CHARS_DEFAULT = 20_000;
export const MAX_CHARS_LIMIT = 200_000;

type Content = CallToolResult["content"][number];

/** The image type of Base64 text that decodes to a png, jpeg or webp; null for anything else. */
export function imageType(text: unknown): string | null {
  if (typeof text !== "string") return null;
  if (text.startsWith("iVBORw0KGgo")) return "image/png";
  if (text.startsWith("/9j/")) return "image/jpeg";
  if (
    text.startsWith("UklGR") &&
    Buffer.from(text.slice(0, 16), "base64").subarray(8, 12).toString() === "WEBP"
  )
    return "image/webp";
  return null;
}

export async function errorResult(res: Response): Promise<CallToolResult> {
  const text = await res.text();
  let message = text.slice(0, 2000);
  try {
    const body = JSON.parse(text) as { error?: string; message?: string; code?: string };
    message = [body.message ?? body.error, body.code ?? (body.message ? body.error : undefined)]
      .filter(Boolean)
      .join(" — code: ");
  } catch {
    /* not JSON: the text as it is */
  }
  return { isError: true, content: [{ type: "text", text: `Error ${res.status}: ${message}` }] };
}

/** Room kept for the notice, so that the text block with its notice stays within maxChars. */
const NOTICE_ROOM = 200;

/** `text` from `offset`, cut to fit `maxChars`, with a last line saying how to read on. */
export function boundedText(text: string, token: string | null, offset: number, maxChars: number): string {
  if (offset === 0 && text.length <= maxChars) return text;
  if (offset >= text.length) return `[No more text: the result has ${text.length} characters.]`;
  if (text.length - offset <= maxChars - NOTICE_ROOM) {
    return `${text.slice(offset)}\n\n[Characters ${offset}–${text.length} of ${text.length}: the end.]`;
  }
  const end = offset + Math.max(1, maxChars - NOTICE_ROOM);
  const next = token ? `Call get_result with token "${token}" and offset ${end} for the rest.` : "";
  return `${text.slice(offset, end)}\n\n[Truncated: characters ${offset}–${end} of ${text.length}. ${next}]`;
}

/** A scrape's JSON with each screenshot moved out into image content. */
function extractImages(value: unknown): { value: unknown; images: Content[] } {
  const images: Content[] = [];
  const ops = (value as { operations?: Record<string, { result?: unknown }> } | null)?.operations;
  if (!ops || typeof ops !== "object") return { value, images };
  const operations: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(ops)) {
    const type = imageType(entry?.result);
    if (type) {
      images.push({ type: "image", data: entry.result as string, mimeType: type });
      operations[name] = { ...entry, result: "(the image is attached as image content)" };
    } else operations[name] = entry;
  }
  return { value: { ...(value as object), operations }, images };
}

export interface Bounds {
  /** The result's token, when the response does not carry it (GET /result). */
  token?: string;
  offset?: number;
  maxChars?: number;
}

/** Turns a successful API response (or 202/504: still running) into tool content. */
export async function toolResult(res: Response, bounds: Bounds = {}): Promise<CallToolResult> {
  const type = res.headers.get("content-type") ?? "";
  const text = await res.text();
  const token = bounds.token ?? res.headers.get("x-result-token");
  if (res.status === 504 || res.status === 202) {
    const pending = token ?? (JSON.parse(text) as { token?: string }).token;
    return {
      content: [
        {
          type: "text",
          text: `The page is still being processed (token ${pending}). Call get_result with this token in a little while.`,
        },
      ],
    };
  }
  if (!res.ok) return errorResult(new Response(text, { status: res.status, headers: res.headers }));
  const offset = bounds.offset ?? 0;
  const maxChars = bounds.maxChars ?? MAX_CHARS_DEFAULT;
  const mime = type.startsWith("application/json") ? null : imageType(text);
  if (mime) return { content: [{ type: "image", data: text, mimeType: mime }] };
  if (type.startsWith("application/json")) {
    const { value, images } = extractImages(JSON.parse(text) as unknown);
    const pretty = JSON.stringify(value, null, 2);
    const shown = boundedText(pretty, token, offset, maxChars);
    const whole = shown === pretty && value && typeof value === "object" && !Array.isArray(value);
    return {
      content: [{ type: "text", text: shown }, ...images],
      ...(whole ? { structuredContent: value as Record<string, unknown> } : {}),
    };
  }
  return { content: [{ type: "text", text: boundedText(text, token, offset, maxChars) }] };
}

/** Tool calls in a JSON-RPC message or batch: /api/mcp counts one rate-limit point for each. */
export function toolCallCount(message: unknown): number {
  const list = Array.isArray(message) ? message : [message];
  return list.filter((m) => m && typeof m === "object" && (m as { method?: unknown }).method === "tools/call")
    .length;
}
