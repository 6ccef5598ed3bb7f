/**
 * Just enough image parsing for assertions: format from magic bytes, pixel size from the PNG IHDR,
 * the JPEG SOF marker or the WebP VP8/VP8L/VP8X header, and the first pixel of a PNG.
 */
import zlib from "node:zlib";

export type Format = "png" | "jpeg" | "webp";

export function formatOf(b: Buffer): Format | null {
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "png";
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpeg";
  if (b.length >= 12 && b.toString("latin1", 0, 4) === "RIFF" && b.toString("latin1", 8, 12) === "WEBP")
    return "webp";
  return null;
}

function jpegSize(b: Buffer): { width: number; height: number } {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) throw new Error(`bad JPEG marker at ${i}`);
    const marker = b[i + 1]!;
    const len = b.readUInt16BE(i + 2);
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    }
    i += 2 + len;
  }
  throw new Error("no SOF marker");
}

function webpSize(b: Buffer): { width: number; height: number } {
  const chunk = b.toString("latin1", 12, 16);
  if (chunk === "VP8X") return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
  if (chunk === "VP8L") {
    const bits = b.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  if (chunk === "VP8 ") return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  throw new Error(`unknown WebP chunk ${chunk}`);
}

export function imageSize(b: Buffer): { width: number; height: number } {
  switch (formatOf(b)) {
    case "png":
      return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
    case "jpeg":
      return jpegSize(b);
    case "webp":
      return webpSize(b);
    default:
      throw new Error("not an image");
  }
}

/** RGBA of the top-left pixel of an 8-bit RGB/RGBA PNG (the first pixel is unfiltered by every filter type). */
export function pngFirstPixel(b: Buffer): [number, number, number, number] {
  const colorType = b[25]!;
  const idat: Buffer[] = [];
  for (let i = 8; i < b.length;) {
    const len = b.readUInt32BE(i);
    if (b.toString("latin1", i + 4, i + 8) === "IDAT") idat.push(b.subarray(i + 8, i + 8 + len));
    i += 12 + len;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const px = raw.subarray(1, colorType === 6 ? 5 : 4);
  return [px[0]!, px[1]!, px[2]!, colorType === 6 ? px[3]! : 255];
}
