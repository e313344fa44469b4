import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { pngClaimingSize } from "../../../tests/support/png-header";
import {
  ImageProcessingError,
  imageFilePath,
  largePictureLane,
  removeStoredImage,
  storeImage,
  variantWidthsFor,
} from "./images.server";

let uploadsPath: string;

beforeEach(async () => {
  uploadsPath = await mkdtemp(path.join(tmpdir(), "haat-images-"));
});

afterEach(async () => {
  await rm(uploadsPath, { recursive: true, force: true });
});

/** A solid-colour image of the given size in px, encoded as PNG or JPEG. */
function solidImage(width: number, height: number, format: "png" | "jpeg"): Promise<Buffer> {
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } },
  });
  return (format === "png" ? image.png() : image.jpeg()).toBuffer();
}

/** A JPEG whose left half is red and right half blue, tagged with the given EXIF orientation. */
async function halfRedHalfBlueJpeg(width: number, height: number, orientation: number) {
  const half = Math.floor(width / 2);
  const blue = await sharp({
    create: { width: width - half, height, channels: 3, background: { r: 0, g: 0, b: 255 } },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: { r: 255, g: 0, b: 0 } } })
    .composite([{ input: blue, left: half, top: 0 }])
    .jpeg({ quality: 95 })
    .withMetadata({ orientation })
    .toBuffer();
}

/** The names of the entries of the uploads folder (hidden temporary folders included). */
function uploadsEntries(): Promise<string[]> {
  return readdir(uploadsPath);
}

describe("storeImage", () => {
  it("writes a WebP variant for every standard width up to the original's", async () => {
    const stored = await storeImage(await solidImage(2000, 1500, "png"), {
      alt: "  A  brass\nlamp ",
      uploadsPath,
    });

    expect(stored.key).toMatch(/^[a-f0-9]{32}$/);
    expect(stored.variantWidths).toEqual([320, 640, 768, 1024, 1600]);
    expect(stored).toMatchObject({ width: 1600, height: 1200, alt: "A brass lamp" });
    expect((await readdir(path.join(uploadsPath, stored.key))).sort()).toEqual(
      ["1024.webp", "1600.webp", "320.webp", "640.webp", "768.webp"].sort(),
    );

    for (const width of stored.variantWidths) {
      const file = await readFile(path.join(uploadsPath, stored.key, `${width}.webp`));
      expect(file.subarray(0, 4).toString("ascii")).toBe("RIFF");
      expect(file.subarray(8, 12).toString("ascii")).toBe("WEBP");
      const metadata = await sharp(file).metadata();
      expect(metadata).toMatchObject({ format: "webp", width, height: (width * 3) / 4 });
    }
    expect(await uploadsEntries()).toEqual([stored.key]);
  });

  it("never enlarges: an 800 px original gets 320, 640 and 768 px variants only", async () => {
    const stored = await storeImage(await solidImage(800, 600, "jpeg"), { uploadsPath });
    expect(stored.variantWidths).toEqual([320, 640, 768]);
    expect(stored).toMatchObject({ width: 768, height: 576 });
  });

  it("stores an original narrower than 320 px once, at its own width", async () => {
    const stored = await storeImage(await solidImage(200, 100, "png"), { uploadsPath });
    expect(stored).toMatchObject({ width: 200, height: 100, variantWidths: [200], alt: "" });
    const file = path.join(uploadsPath, stored.key, "200.webp");
    expect(await sharp(file).metadata()).toMatchObject({ width: 200, height: 100 });
  });

  it("applies the EXIF orientation and strips the metadata", async () => {
    // Orientation 6: the camera was turned; the picture must be rotated 90° clockwise to show.
    const jpeg = await halfRedHalfBlueJpeg(1200, 600, 6);
    expect(await sharp(jpeg).metadata()).toMatchObject({ width: 1200, height: 600, orientation: 6 });

    const stored = await storeImage(jpeg, { uploadsPath });
    expect(stored.variantWidths).toEqual([320]);
    expect(stored).toMatchObject({ width: 320, height: 640 });

    const file = path.join(uploadsPath, stored.key, "320.webp");
    const metadata = await sharp(file).metadata();
    expect(metadata).toMatchObject({ width: 320, height: 640 });
    expect(metadata.orientation).toBeUndefined();
    expect(metadata.exif).toBeUndefined();

    // Rotated clockwise, the red left half is now on top and the blue right half at the bottom.
    const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => {
      const i = (y * info.width + x) * info.channels;
      return { r: data[i]!, b: data[i + 2]! };
    };
    expect(pixel(160, 100).r).toBeGreaterThan(200);
    expect(pixel(160, 100).b).toBeLessThan(60);
    expect(pixel(160, 540).b).toBeGreaterThan(200);
    expect(pixel(160, 540).r).toBeLessThan(60);
  });

  it("rejects a buffer that is not an image, leaving nothing behind", async () => {
    const text = Buffer.from("<html>not an image</html>\n".repeat(20), "utf8");
    await expect(storeImage(text, { uploadsPath })).rejects.toBeInstanceOf(ImageProcessingError);
    await expect(storeImage(text, { uploadsPath })).rejects.toThrow(/not an image/);
    await expect(storeImage(Buffer.alloc(0), { uploadsPath })).rejects.toThrow(/empty/);
    expect(await uploadsEntries()).toEqual([]);
  });

  it("rejects a damaged image (truncated JPEG)", async () => {
    const jpeg = await solidImage(1200, 900, "jpeg");
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    await expect(storeImage(truncated, { uploadsPath })).rejects.toBeInstanceOf(ImageProcessingError);
    expect(await uploadsEntries()).toEqual([]);
  });

  it("rejects SVG, which is a document rather than a picture", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400"/></svg>',
    );
    await expect(storeImage(svg, { uploadsPath })).rejects.toThrow(/not supported/);
  });

  it("rejects a pixel bomb: a tiny PNG claiming 50000 × 50000 px", async () => {
    const bomb = pngClaimingSize(50_000, 50_000);
    expect(bomb.length).toBeLessThan(200);
    const error: unknown = await storeImage(bomb, { uploadsPath }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageProcessingError);
    expect((error as Error).message).toMatch(/too large: at most 40 megapixels/);
    expect(await uploadsEntries()).toEqual([]);
  });

  it("rejects a real image over a lowered pixel limit", async () => {
    // A 3000 × 3000 single-colour PNG is ~125 KB on disk yet decodes to 27 MB of pixels.
    const png = await solidImage(3000, 3000, "png");
    expect(png.length).toBeLessThan(200_000);
    const error: unknown = await storeImage(png, { uploadsPath, maxInputPixels: 1_000_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageProcessingError);
    expect((error as Error).message).toMatch(/too large: at most 1 megapixels/);
  });

  it("rejects an input over the byte limit", async () => {
    const png = await solidImage(400, 400, "png");
    await expect(storeImage(png, { uploadsPath, maxInputBytes: 100 })).rejects.toThrow(/too large/);
  });
});

/**
 * Once sharp has nothing left to do from earlier tests, starts `start` and looks, at every turn
 * of the event loop until it settles, at how many of sharp's tasks are queued or running on the
 * thread pool and how many pictures hold the large pictures' lane: the most of each seen, and
 * what `start` resolved to.
 */
async function watchWork<T>(start: () => Promise<T>) {
  const busy = () => sharp.counters().queue + sharp.counters().process;
  while (busy() > 0) await new Promise((resolve) => setImmediate(resolve));
  let settled = false;
  const work = start().finally(() => (settled = true));
  let sharpTasks = 0;
  let largeAtOnce = 0;
  let largeWaiting = 0;
  while (!settled) {
    sharpTasks = Math.max(sharpTasks, busy());
    largeAtOnce = Math.max(largeAtOnce, largePictureLane.active);
    largeWaiting = Math.max(largeWaiting, largePictureLane.waiting);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { result: await work, sharpTasks, largeAtOnce, largeWaiting };
}

describe("storeImage's use of memory and threads", () => {
  it("decodes a picture once and makes its sizes from that, one after another (regression: five decodes at once)", async () => {
    const input = await solidImage(2400, 1800, "png");
    const seen = await watchWork(() => storeImage(input, { uploadsPath }));
    expect(seen.result.variantWidths).toEqual([320, 640, 768, 1024, 1600]);
    // One task at a time: sharp counts a finished task until just after its promise settled, by
    // when the next one may be queued, so two can be seen for a moment (five before: one per size).
    expect(seen.sharpTasks).toBeLessThanOrEqual(2);
  });

  it("processes large pictures one at a time, and small ones without waiting for them", async () => {
    const inputs = await Promise.all([1, 2, 3].map((index) => solidImage(400 * index, 300 * index, "png")));
    // Everything over 100,000 px counts as large here: all three.
    const large = await watchWork(() =>
      Promise.all(inputs.map((input) => storeImage(input, { uploadsPath, largePixels: 100_000 }))),
    );
    expect(large).toMatchObject({ largeAtOnce: 1, largeWaiting: 2 });
    // Under the default limit none is large: none takes the lane.
    const small = await watchWork(() => Promise.all(inputs.map((input) => storeImage(input, { uploadsPath }))));
    expect(small).toMatchObject({ largeAtOnce: 0, largeWaiting: 0 });
  });
});

describe("variantWidthsFor", () => {
  it("lists the standard widths not wider than the original (px)", () => {
    expect(variantWidthsFor(4000)).toEqual([320, 640, 768, 1024, 1600]);
    expect(variantWidthsFor(1600)).toEqual([320, 640, 768, 1024, 1600]);
    expect(variantWidthsFor(1599)).toEqual([320, 640, 768, 1024]);
    expect(variantWidthsFor(1000)).toEqual([320, 640, 768]);
    expect(variantWidthsFor(320)).toEqual([320]);
    expect(variantWidthsFor(90)).toEqual([90]);
  });
});

describe("imageFilePath", () => {
  const key = "0123456789abcdef0123456789abcdef";

  it("returns the variant's path inside the uploads folder", () => {
    expect(imageFilePath(key, 640, uploadsPath)).toBe(path.join(uploadsPath, key, "640.webp"));
    expect(imageFilePath(key, 200, uploadsPath)).toBe(path.join(uploadsPath, key, "200.webp"));
  });

  it.each([
    "../etc/passwd",
    "..",
    `../${key}`,
    `${key}/..`,
    "..%2F..%2Fsecret",
    key.toUpperCase(),
    key.slice(1),
    `${key}0`,
    `${key.slice(0, 31)}/`,
    "",
  ])("refuses the key %j", (badKey) => {
    expect(imageFilePath(badKey, 640, uploadsPath)).toBeNull();
  });

  it.each([0, -320, 320.5, 2000, 1601, 700, Number.NaN, Number.POSITIVE_INFINITY])("refuses the width %d", (width) => {
    expect(imageFilePath(key, width, uploadsPath)).toBeNull();
  });
});

describe("removeStoredImage", () => {
  it("removes the folder of a stored image and ignores malformed keys", async () => {
    const stored = await storeImage(await solidImage(700, 700, "png"), { uploadsPath });
    expect(await uploadsEntries()).toEqual([stored.key]);

    expect(await removeStoredImage("../" + stored.key, uploadsPath)).toBe(false);
    expect(await uploadsEntries()).toEqual([stored.key]);

    expect(await removeStoredImage(stored.key, uploadsPath)).toBe(true);
    expect(await uploadsEntries()).toEqual([]);
    // Removing it again is harmless.
    expect(await removeStoredImage(stored.key, uploadsPath)).toBe(true);
  });
});
