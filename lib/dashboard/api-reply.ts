/**
 * A response from the API (or the Playground's routes) read once into plain data, so it can sit
 * in React state and be shown as status, headers and body. Client-safe.
 */
export interface ApiReply {
  status: number;
  contentType: string;
  headers: Record<string, string>;
  text: string;
}

/** Headers worth showing (docs/spec.md §4.1), in display order. */
export const SHOWN_HEADERS = [
  "X-Result-Token",
  "X-Cache",
  "X-Quota-Cost",
  "X-Quota-Remaining",
  "X-Concurrency-Limit",
  "Content-Type",
  "Retry-After",
] as const;

export async function readReply(res: Response): Promise<ApiReply> {
  const headers: Record<string, string> = {};
  for (const name of SHOWN_HEADERS) {
    const value = res.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  return {
    status: res.status,
    contentType: res.headers.get("content-type") ?? "",
    headers,
    text: await res.text(),
  };
}

export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** The error an API reply carries (docs/spec.md §7.2): `error` is a code or a sentence, `message` explains. */
export function replyError(reply: ApiReply): { code: string; message: string } {
  const parsed = parseJson(reply.text);
  if (parsed.ok && typeof parsed.value === "object" && parsed.value !== null) {
    const body = parsed.value as { error?: unknown; message?: unknown };
    const code = typeof body.error === "string" ? body.error : `HTTP ${reply.status}`;
    const message = typeof body.message === "string" ? body.message : "";
    return { code, message };
  }
  return { code: `HTTP ${reply.status}`, message: reply.text.slice(0, 500) };
}
