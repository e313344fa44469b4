/**
 * The one image pipeline: every picture in the shop, whether a staff upload or a generated demo
 * image, goes through `storeImage`.
 *
 * What it does to an input buffer:
 * 1. refuses inputs over `MAX_INPUT_BYTES` bytes, in a format other than the raster formats in
 *    `ACCEPTED_FORMATS`, or with more than `MAX_INPUT_PIXELS` pixels (decompression bombs);
 * 2. auto-orients from the EXIF Orientation tag and strips all metadata (EXIF, GPS, ICC: sharp's
 *    default when `withMetadata` is not called), converting to sRGB;
 * 3. resizes to each of `VARIANT_WIDTHS` (320, 640, 768, 1024, 1600 px) that is not wider than the
 *    original, never enlarging; an original narrower than 320 px gets one variant at its own width;
 * 4. encodes each variant as WebP (quality `WEBP_QUALITY`) in memory, once, on the process that
 *    received the picture, and stores it as `<key>/<width>.webp` in the uploads storage (the folder
 *    UPLOADS_DIR or a bucket, storage.server.ts), where `key` is 32 random hex characters made here.
 *
 * The storage writes an image's variants all or nothing (`UploadsStorage.putImage`), so a failure
 * never leaves a half-stored image behind, and no row names an image before `storeImage` returned.
 * Served by the /uploads/<key>/<width>.webp route through `variantName`, which accepts nothing
 * but a well-formed key and width, so no request can reach anything else in the storage.
 * Browser-safe URL helpers for these files are in app/utils/image-url.ts.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import type sharpFunction from "sharp";
import type { Metadata } from "sharp";
import { getEnv } from "~/config/env.server";
import { createSemaphore } from "~/utils/semaphore";
import { folderStorage } from "./storage-local.server";
import { uploadsStorage, type UploadsStorage } from "./storage.server";

let sharpModule: Promise<typeof sharpFunction> | undefined;

/**
 * sharp, imported on the first image processed and kept, never at start-up: the storefront only
 * serves stored files. Every module that processes images (uploads, the admin app's icons, the
 * invoice picture) takes it from here and never imports "sharp" itself, so a process that only
 * serves pages never loads libvips (19–27 MB resident; decision 039).
 */
export function loadSharp(): Promise<typeof sharpFunction> {
  sharpModule ??= import("sharp").then((module) => {
    const sharp = module.default;
    // libvips's cache of operations' results (50 MB by default) only helps when the same operations
    // run again on the same input, which never happens here (each picture is processed once); off,
    // its memory is returned as soon as a picture is stored.
    sharp.cache(false);
    return sharp;
  });
  return sharpModule;
}

/**
 * Pictures with more pixels than this (width × height) are "large": a process decodes one of them
 * at a time (`largePictureLane`), smaller ones as many at once as are asked for. 16 MP keeps the
 * common 12 MP phone photo (4032 × 3024) in the quick lane; a 40 MP picture just under
 * `MAX_INPUT_PIXELS` decodes to 120 MB of RGB, which three picture workers must not hold at once.
 */
const LARGE_PICTURE_PIXELS = 16_000_000;

/**
 * The one lane large pictures take, one at a time, first come first served. `active` is 0 or 1,
 * `waiting` counts the large pictures queued behind it (for tests and logs).
 */
export const largePictureLane = createSemaphore(1);

/**
 * Widths in pixels of the stored variants, ascending. 768 is there for the phones most shoppers
 * use: a full-width card is 328–380 CSS px, 656–760 device pixels at a density of 1.75–2, which
 * 640 cannot fill and 1024 overfills by about 40 % of the bytes. Images stored before it was added
 * simply lack it (their `variantWidths` say which they have).
 */
const VARIANT_WIDTHS: readonly number[] = [320, 640, 768, 1024, 1600];

/** Largest accepted input, in pixels (width × height): about a 7300 × 5470 photo. */
export const MAX_INPUT_PIXELS = 40_000_000;

/** Largest accepted input file, in bytes (20 MiB). */
const MAX_INPUT_BYTES = 20 * 1024 * 1024;

/** WebP quality of the stored variants (0–100). */
const WEBP_QUALITY = 80;

/** Longest stored alternative text, in characters. */
const MAX_ALT_LENGTH = 250;

/**
 * Input formats accepted, as named by sharp's metadata. SVG and PDF are refused on purpose:
 * they are documents, not pictures, and their renderers are a larger attack surface.
 * ("heif" covers AVIF, the only HEIF flavour sharp's prebuilt libvips decodes.)
 */
export const ACCEPTED_FORMATS: ReadonlySet<string> = new Set(["jpeg", "png", "webp", "gif", "tiff", "heif"]);

/** Format of a stored image key: 16 random bytes as lowercase hex. */
const KEY_PATTERN = /^[a-f0-9]{32}$/;

/** Where and how big a stored image is. */
export type StoredImage = {
  /** Server-made random name of the image's folder: 32 lowercase hex characters. */
  key: string;
  /** Width in pixels of the largest stored variant. */
  width: number;
  /** Height in pixels of the largest stored variant. */
  height: number;
  /** Widths in pixels of the stored variants, ascending. */
  variantWidths: number[];
  /** Alternative text (trimmed, whitespace collapsed, at most `MAX_ALT_LENGTH` characters). */
  alt: string;
};

/** Options of `storeImage`. */
export type StoreImageOptions = {
  /** Alternative text for the image; defaults to "". */
  alt?: string;
  /**
   * Absolute folder to write into (the demo seed's own folder, tests); defaults to the process's
   * uploads storage (`uploadsStorage()`: UPLOADS_DIR or the bucket of UPLOADS_URL).
   */
  uploadsPath?: string;
  /** The storage to write into; wins over `uploadsPath`. */
  storage?: UploadsStorage;
  /** Pixel limit (width × height); defaults to `MAX_INPUT_PIXELS`. Lower it in tests. */
  maxInputPixels?: number;
  /** Byte limit of the input; defaults to `MAX_INPUT_BYTES`. */
  maxInputBytes?: number;
  /** Pixels (width × height) above which the picture takes `largePictureLane`; defaults to `LARGE_PICTURE_PIXELS`. Lower it in tests. */
  largePixels?: number;
};

/**
 * Why `storeImage` refused an input: an empty file, more bytes than allowed, a format that is not
 * accepted, not an image at all, more pixels than the pixel limit, or an image that could not be
 * decoded (damaged or truncated).
 */
export type ImageRefusal = "empty" | "tooBig" | "unsupported" | "notAnImage" | "tooManyPixels" | "damaged";

/**
 * Thrown by `storeImage` when the input cannot become a stored image, with the `reason`
 * (`ImageRefusal`). `message` is safe to show to staff; the underlying sharp error, if any, is in
 * `cause` (for logs only).
 */
export class ImageProcessingError extends Error {
  constructor(
    message: string,
    readonly reason: ImageRefusal,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "ImageProcessingError";
  }
}

/** One encoded variant, before it is written to disk. */
type EncodedVariant = { width: number; height: number; data: Buffer };

/**
 * Stores an image: validates, auto-orients, strips metadata and writes WebP variants
 * (see the module comment for every step).
 *
 * @param input the file's bytes (at most `MAX_INPUT_BYTES` bytes).
 * @returns where the image is stored; `width`/`height` are those of the largest variant, in px.
 * @throws {ImageProcessingError} when the input is not a decodable image in an accepted format, is
 *   larger than the byte limit or has more pixels than the pixel limit.
 * @throws the storage's error (the file system's, e.g. ENOSPC or EACCES, or the bucket's) when the
 *   variants cannot be written; none of them is left stored in that case.
 */
export async function storeImage(input: Buffer, options: StoreImageOptions = {}): Promise<StoredImage> {
  const maxInputPixels = options.maxInputPixels ?? MAX_INPUT_PIXELS;
  const maxInputBytes = options.maxInputBytes ?? MAX_INPUT_BYTES;
  const storage = storageOf(options.storage, options.uploadsPath);

  if (input.length === 0) throw new ImageProcessingError("The file is empty.", "empty");
  if (input.length > maxInputBytes) {
    throw new ImageProcessingError(
      `The file is too large (over ${Math.floor(maxInputBytes / (1024 * 1024))} MB).`,
      "tooBig",
    );
  }

  const { width, height } = await readOrientedSize(input, maxInputPixels);
  const encode = () => encodeVariants(input, variantWidthsFor(width), maxInputPixels);
  const variants =
    width * height > (options.largePixels ?? LARGE_PICTURE_PIXELS)
      ? await largePictureLane.run(encode)
      : await encode();
  const key = newImageKey();
  await storage.putImage(
    key,
    variants.map((v) => ({ name: `${key}/${v.width}.webp`, bytes: v.data, contentType: "image/webp" })),
  );

  const largest = variants[variants.length - 1]!;
  return {
    key,
    width: largest.width,
    height: largest.height,
    variantWidths: variants.map((v) => v.width),
    alt: normaliseAlt(options.alt ?? ""),
  };
}

/**
 * The widths in pixels to store for an (auto-oriented) original `originalWidth` px wide:
 * every width of `VARIANT_WIDTHS` not wider than the original, or the original's own width
 * when it is narrower than the smallest one.
 */
export function variantWidthsFor(originalWidth: number): number[] {
  const fitting = VARIANT_WIDTHS.filter((w) => w <= originalWidth);
  return fitting.length > 0 ? fitting : [originalWidth];
}

/**
 * The storage name of a stored variant, `<key>/<width>.webp`, or null when `key` is not 32
 * lowercase hex characters or `width` is not a width a variant can have (one of `VARIANT_WIDTHS`,
 * or a whole number from 1 to 319 px for a small original). Nothing else is ever put in the name,
 * so `../` and similar cannot reach anything else. The object may still not exist (e.g. a 640 px
 * variant of a 500 px image): the caller answers 404 then.
 *
 * @param key the image's key, as in the URL.
 * @param width the variant's width in pixels, as in the URL.
 */
export function variantName(key: string, width: number): string | null {
  if (!isImageKey(key) || !isVariantWidth(width)) return null;
  return `${key}/${width}.webp`;
}

/**
 * The absolute path of a stored variant in a local uploads folder,
 * `<uploadsPath>/<key>/<width>.webp`, or null for a name `variantName` refuses. For the local
 * storage only; the app reads variants through `readVariant`, whatever the storage.
 *
 * @param key the image's key.
 * @param width the variant's width in pixels.
 * @param uploadsPath absolute uploads folder; defaults to `getEnv().uploadsPath`.
 */
export function imageFilePath(key: string, width: number, uploadsPath: string = getEnv().uploadsPath): string | null {
  const name = variantName(key, width);
  return name === null ? null : path.join(uploadsPath, ...name.split("/"));
}

/**
 * The bytes of a stored variant, read whole (for sharp: the invoice's logo, the admin app's icons).
 *
 * @param key the image's key.
 * @param width the variant's width in pixels.
 * @param storage where to read; defaults to the process's uploads storage.
 * @returns the WebP bytes, or null when the name is refused or there is no such variant.
 * @throws the storage's error other than "not found".
 */
export async function readVariant(
  key: string,
  width: number,
  storage: UploadsStorage = uploadsStorage(),
): Promise<Buffer | null> {
  const name = variantName(key, width);
  const object = name === null ? null : await storage.read(name);
  if (!object) return null;
  return Buffer.from(await new Response(object.body).arrayBuffer());
}

/** True when `key` has the format of a stored image key (32 lowercase hex characters). */
function isImageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** True when `width` (px) is a width a stored variant can have (see `variantName`). */
function isVariantWidth(width: number): boolean {
  if (!Number.isInteger(width)) return false;
  return VARIANT_WIDTHS.includes(width) || (width >= 1 && width < VARIANT_WIDTHS[0]!);
}

/**
 * Deletes every stored variant of an image. Does nothing for a key that is not well formed or an
 * image that is not stored.
 *
 * @param key the image's key.
 * @param uploadsPath an absolute uploads folder to delete from (the demo seed's, tests); defaults
 *   to the process's uploads storage.
 * @returns true when `key` was well formed (its variants are gone now), false otherwise.
 * @throws the storage's error when the variants exist but cannot be deleted.
 */
export async function removeStoredImage(key: string, uploadsPath?: string): Promise<boolean> {
  if (!isImageKey(key)) return false;
  await storageOf(undefined, uploadsPath).removeImage(key);
  return true;
}

/** The storage to use: `storage`, else the local folder `uploadsPath`, else the process's. */
function storageOf(storage: UploadsStorage | undefined, uploadsPath: string | undefined): UploadsStorage {
  return storage ?? (uploadsPath === undefined ? uploadsStorage() : folderStorage(uploadsPath));
}

/** A new random image key: 16 random bytes as 32 lowercase hex characters. */
function newImageKey(): string {
  return randomBytes(16).toString("hex");
}

/** Trims, collapses whitespace runs and caps the alternative text at `MAX_ALT_LENGTH` characters. */
function normaliseAlt(alt: string): string {
  return alt.replace(/\s+/g, " ").trim().slice(0, MAX_ALT_LENGTH);
}

/**
 * Reads the header only and returns the size in px after EXIF auto-orientation.
 * @throws {ImageProcessingError} when the input is not an accepted image or has too many pixels.
 */
async function readOrientedSize(input: Buffer, maxInputPixels: number): Promise<{ width: number; height: number }> {
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: maxInputPixels }).metadata();
  } catch (error) {
    // sharp checks the pixel limit against the header, before decoding anything.
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new ImageProcessingError(tooManyPixelsMessage(maxInputPixels), "tooManyPixels", { cause: error });
    }
    throw new ImageProcessingError("The file is not an image we can read.", "notAnImage", { cause: error });
  }
  if (!ACCEPTED_FORMATS.has(metadata.format)) {
    throw new ImageProcessingError(
      "This image format is not supported: use JPEG, PNG, WebP, GIF, TIFF or AVIF.",
      "unsupported",
    );
  }
  const { width, height } = metadata.autoOrient;
  if (!(width > 0 && height > 0)) {
    throw new ImageProcessingError("The file is not an image we can read.", "notAnImage");
  }
  if (width * height > maxInputPixels) {
    throw new ImageProcessingError(tooManyPixelsMessage(maxInputPixels), "tooManyPixels");
  }
  return { width, height };
}

/**
 * Decodes the picture once, auto-oriented and resized to the largest of `widths` (px; JPEG's
 * shrink-on-load keeps that decode cheap), then encodes one WebP variant per width from that
 * in-memory copy (sharp's `clone`), one after another, so that a picture holds one of the thread
 * pool's threads at a time and the full-size pixels only during the one decode. The widest
 * variant is that copy itself; the others are resized from it.
 * @throws {ImageProcessingError} when decoding fails (corrupt or truncated data, pixel limit).
 */
async function encodeVariants(input: Buffer, widths: number[], maxInputPixels: number): Promise<EncodedVariant[]> {
  const sharp = await loadSharp();
  try {
    const widest = widths[widths.length - 1]!;
    const { data, info } = await sharp(input, { limitInputPixels: maxInputPixels, autoOrient: true })
      .resize({ width: widest, withoutEnlargement: true })
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
    const decoded = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const variants: EncodedVariant[] = [];
    for (const width of widths) {
      const variant = await decoded
        .clone()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true });
      variants.push({ width: variant.info.width, height: variant.info.height, data: variant.data });
    }
    return variants;
  } catch (error) {
    throw new ImageProcessingError("The image could not be processed; it may be damaged.", "damaged", {
      cause: error,
    });
  }
}

/** The user-safe message for an image over the pixel limit (e.g. "… at most 40 megapixels."). */
function tooManyPixelsMessage(maxInputPixels: number): string {
  const megapixels = Math.max(1, Math.round(maxInputPixels / 1_000_000));
  return `The image is too large: at most ${megapixels} megapixels (width × height) are accepted.`;
}
