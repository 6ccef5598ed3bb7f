import { ENDPOINTS, type Endpoint } from "@/lib/schemas/operations";
import { readResult } from "@/lib/requests/read";

/**
 * Past this size the request detail page does not inline the result: the body would travel twice
 * (in the page's HTML and in its React data) and a 20 MB screenshot would make the page crawl.
 * GET /result/{token} still serves it whole.
 */
export const PREVIEW_LIMIT_BYTES = 4 * 1024 * 1024;

export type StoredResultPreview =
  | { kind: "none" }
  | { kind: "too-large"; bytes: number }
  | { kind: "result"; endpoint: Endpoint; text: string };

/** A finished request's result for the detail page's preview, read as GET /result/{token} reads it. */
export async function storedResultPreview(
  projectId: string,
  token: string,
  operation: string,
): Promise<StoredResultPreview> {
  if (!(ENDPOINTS as readonly string[]).includes(operation)) return { kind: "none" };
  const view = await readResult(projectId, token);
  if (view.state !== "complete") return { kind: "none" };
  const bytes = Buffer.byteLength(view.body);
  if (bytes > PREVIEW_LIMIT_BYTES) return { kind: "too-large", bytes };
  return { kind: "result", endpoint: operation as Endpoint, text: view.body };
}
