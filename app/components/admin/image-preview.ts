/**
 * Which chosen files the admin image fields preview in the browser before upload
 * (app/components/admin/image-field.tsx).
 *
 * A preview decodes the whole image, whatever size it is shown at. A decompression bomb (the test
 * fixture is a 48 KB PNG of 20,000 × 20,000 px) took 3 s of CPU and would need 1.6 GB of memory
 * in the browser just for a thumbnail: enough to freeze or crash the tab on a phone. So the pixel
 * count is read from the file's header first (image-size, no decoding), and only files the server
 * could accept are previewed. The server stays the authority: it sniffs and decodes every file
 * with sharp under the same pixel limit (app/server/media/images.server.ts MAX_INPUT_PIXELS).
 */
import { imageSize } from "image-size";

/** The most pixels (width × height) of an image the server accepts; mirrors MAX_INPUT_PIXELS. */
export const CLIENT_MAX_PIXELS = 40_000_000;

/**
 * True when `file` may be previewed: at most `maxBytes` bytes, and a header of a raster format
 * image-size knows (JPEG, PNG, WebP, GIF, TIFF, HEIF/AVIF, …) declaring at most CLIENT_MAX_PIXELS
 * pixels (for a file with several images, the largest). False for anything else; never throws.
 */
export async function canPreviewImage(file: Blob, maxBytes: number): Promise<boolean> {
  if (file.size > maxBytes) return false;
  try {
    const size = imageSize(new Uint8Array(await file.arrayBuffer()));
    const images = size.images?.length ? size.images : [size];
    return images.every(
      (image) => image.width > 0 && image.height > 0 && image.width * image.height <= CLIENT_MAX_PIXELS,
    );
  } catch {
    return false;
  }
}
