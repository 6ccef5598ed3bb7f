import { ApiError, clientError } from "@/lib/errors";

/** Largest JSON body any endpoint accepts (the biggest legal request, styles of 20,000 characters, is far below). */
export const MAX_BODY_BYTES = 256 * 1024;

/** Reads a JSON body, answering 415/413/422 with a clear code for anything that is not a JSON object. */
export async function readJsonBody(req: Request, maxBytes = MAX_BODY_BYTES): Promise<unknown> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^application\/(.+\+)?json\b/i.test(type.trim())) throw clientError.unsupportedMediaType();
  const text = await readCappedText(req, maxBytes);
  if (!text.trim())
    throw clientError.invalidBody("The request body is empty; send a JSON object with at least a url field.");
  try {
    return JSON.parse(text);
  } catch (err) {
    throw clientError.invalidBody(`The request body is not valid JSON: ${(err as Error).message}.`);
  }
}

/**
 * The body as UTF-8 text, streamed and refused (413) as soon as it passes `maxBytes`: a declared
 * Content-Length over the cap is refused before reading a byte, and a chunked body is cancelled the
 * moment it crosses it, so memory never holds more than the cap whatever a client sends.
 */
export async function readCappedText(req: Request, maxBytes = MAX_BODY_BYTES): Promise<string> {
  const declared = Number(req.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await req.body?.cancel().catch(() => {});
    throw clientError.payloadTooLarge(maxBytes);
  }
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        throw clientError.payloadTooLarge(maxBytes);
      }
      chunks.push(value);
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw clientError.invalidBody("The request body could not be read.");
  }
  return Buffer.concat(chunks).toString("utf8");
}
