// Reads a PNG's pixel size from its IHDR chunk: enough to check what the renderer produced without an image library.
import { InputError } from "../common/input-error";
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function readPngSize(png: Buffer): { width: number; height: number } {
  // Signature (8 bytes), then the first chunk must be IHDR: length (4), type (4), width (4), height (4).
  if (png.length < 24 || !png.subarray(0, 8).equals(PNG_SIGNATURE) || png.toString("ascii", 12, 16) !== "IHDR") {
    throw new InputError({ code: "invalid_argument", message: "Not a PNG image" });
  }
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
