import fs from "node:fs";
import { UsageError } from "./options";

/**
 * Where a result goes: text to stdout or --out, JSON pretty-printed, and an image as its bytes —
 * to --out or a pipe, never to a terminal (which it would only garble).
 */

/** Base64 text that decodes to a png, jpeg or webp: a screenshot, whichever command fetched it. */
export function imageBytes(result: unknown): Buffer | null {
  if (
    typeof result !== "string" ||
    !/^(iVBORw0KGgo|\/9j\/|UklGR)[A-Za-z0-9+/=]*$/.test(result.slice(0, 4096))
  )
    return null;
  const bytes = Buffer.from(result, "base64");
  const png = bytes.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  const jpeg = bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]));
  const webp =
    bytes.subarray(0, 4).toString("latin1") === "RIFF" && bytes.subarray(8, 12).toString() === "WEBP";
  return png || jpeg || webp ? bytes : null;
}

export interface Sink {
  write(chunk: string | Uint8Array): void;
  isTTY?: boolean;
}

export function writeResult(
  result: unknown,
  out: string | undefined,
  stdout: Sink = process.stdout,
  image: Buffer | null = imageBytes(result),
): void {
  if (image) {
    if (out) fs.writeFileSync(out, image);
    else if (!stdout.isTTY) stdout.write(image);
    else throw new UsageError("The result is an image: pass --out FILE (or pipe stdout to a file).");
    return;
  }
  const text = typeof result === "string" ? result : JSON.stringify(result, null, 2) + "\n";
  if (out) fs.writeFileSync(out, text);
  else stdout.write(text);
}

/** The file extension of a result written into a directory (several URLs with --out DIR). */
export function extensionOf(endpoint: string, result: unknown): string {
  const image = imageBytes(result);
  if (image) return image[0] === 0x89 ? "png" : image[0] === 0xff ? "jpg" : "webp";
  if (typeof result !== "string") return "json";
  return endpoint === "markdown" ? "md" : endpoint === "html" ? "html" : "txt";
}
