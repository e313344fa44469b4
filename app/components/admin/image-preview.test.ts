import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MAX_INPUT_PIXELS } from "~/server/media/images.server";
import { canPreviewImage, CLIENT_MAX_PIXELS } from "./image-preview";

const fixture = (name: string) => new Blob([fs.readFileSync(path.join("tests/fixtures/images", name))]);
const TEN_MB = 10 * 1024 * 1024;

/** A PNG header (signature and IHDR) declaring `width` × `height` pixels, with no image data. */
function pngHeader(width: number, height: number): Blob {
  const bytes = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes, 0);
  bytes.writeUInt32BE(13, 8);
  bytes.write("IHDR", 12, "ascii");
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.set([8, 6, 0, 0, 0], 24);
  return new Blob([bytes]);
}

describe("canPreviewImage", () => {
  it("previews the real photographs of the test fixtures (JPEG with EXIF, PNG, WebP)", async () => {
    for (const name of ["ladybird-exif-orientation-6.jpg", "yellowflower-transparent.png", "garden.webp"]) {
      expect(await canPreviewImage(fixture(name), TEN_MB), name).toBe(true);
    }
  });

  it("refuses a pixel bomb without decoding it", async () => {
    expect(await canPreviewImage(fixture("pixel-bomb-20000x20000.png"), TEN_MB)).toBe(false);
  });

  it("draws the line where the server does", async () => {
    expect(CLIENT_MAX_PIXELS).toBe(MAX_INPUT_PIXELS);
    expect(await canPreviewImage(pngHeader(8000, 5000), TEN_MB)).toBe(true); // exactly 40 MP
    expect(await canPreviewImage(pngHeader(8000, 5001), TEN_MB)).toBe(false);
  });

  it("refuses text named like an image, an empty file and a file over the size limit", async () => {
    expect(await canPreviewImage(new Blob(["This is a text file, not a photo.\n"]), TEN_MB)).toBe(false);
    expect(await canPreviewImage(new Blob([]), TEN_MB)).toBe(false);
    expect(await canPreviewImage(fixture("garden.webp"), 1000)).toBe(false);
  });
});
