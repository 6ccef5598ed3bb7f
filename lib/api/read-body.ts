import { clientError } from "./errors";

const MAX_BODY_BYTES = 256 * 1024;

/** Reads a JSON body, answering 415/400 with a clear code for anything that is not a JSON object. */
export async function readJsonBody(req: Request): Promise<unknown> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^application\/(.+\+)?json\b/i.test(type.trim())) throw clientError.unsupportedMediaType();
  let text: string;
  try {
    text = await req.text();
  } catch {
    throw clientError.invalidBody("The request body could not be read.");
  }
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) {
    throw clientError.invalidBody(`The request body is larger than ${MAX_BODY_BYTES / 1024} KB.`);
  }
  if (!text.trim())
    throw clientError.invalidBody("The request body is empty; send a JSON object with at least a url field.");
  try {
    return JSON.parse(text);
  } catch (err) {
    throw clientError.invalidBody(`The request body is not valid JSON: ${(err as Error).message}.`);
  }
}
